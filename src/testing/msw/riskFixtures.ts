import type { RiskListItem } from '../../api/contract/risks';

export const LUCIA = { id: 8, name: 'Lucia Romero', login: 'lromero' };

/**
 * An open project risk of Apollo Portal owned by Lucia, as a row of `GET /api/risks/`. The risk
 * list, risk detail and survey tests build their risks from it, changing what their scenario needs.
 */
export const TEST_RISK_ROW: RiskListItem = {
  id: 1,
  kind: 'risk',
  level: 'project',
  scope: { id: 1, name: 'Apollo Portal', level: 'project' },
  project: { id: 1, name: 'Apollo Portal' },
  account: { id: 9, name: 'Acme' },
  statement: 'Key developer may leave before the release',
  category: 'people',
  status: 'open',
  resolution: null,
  probability: 'moderate',
  impact: 'high',
  rating: 'high',
  priority: null,
  severity: null,
  response_strategy: 'mitigate',
  owner: LUCIA,
  due_date: '2026-12-15',
  labels: ['staffing'],
  visibility_tags: ['steering'],
  duplicates_group: null,
  poll_id: null,
  created_at: '2026-10-01T09:00:00Z',
  updated_at: '2026-11-10T09:00:00Z',
};
