import type { CreatePollRequest } from '../../api/contract/polls';
import type { RiskCreateRequest } from '../../api/contract/risks';

/**
 * Request bodies of the consumer tests. They import no pact code, so the mock server's own tests
 * can send the same bodies.
 */

/** A complete, valid health check for project 20. */
export const NEW_CHECK: CreatePollRequest = {
  project_id: 20,
  type: 'health_check',
  model: 'sdo',
  index: 'HC_NEW_1',
  roles: ['pm', 'qcl', 'exp'],
  experts: [{ user_id: 4, kind: 'main_expert' }],
  due_date: '2027-03-01',
  custom_check_config: { drivers: ['delivery', 'quality'] },
};

/** A complete, valid project risk for project 1. */
export const NEW_RISK: RiskCreateRequest = {
  kind: 'risk',
  level: 'project',
  scope_id: 1,
  statement: 'Release window may clash with the client freeze',
  description: 'The client freezes changes in December.',
  category: 'delivery',
  probability: 'high',
  impact: 'moderate',
  priority: null,
  severity: null,
  response_strategy: 'mitigate',
  due_date: '2027-01-15',
  labels: ['release'],
  visibility_tags: ['steering'],
  informed_ids: [2],
  poll_id: null,
};
