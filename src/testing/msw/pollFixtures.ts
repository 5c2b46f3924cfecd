import type { Poll } from '../../api/contract/polls';

export const MEI = { id: 4, name: 'Mei Chen', login: 'mchen' };

/**
 * A started health check of Apollo Portal as the API answers it, with no participants yet. The
 * checks and survey tests build their polls from it, changing what their scenario needs.
 */
export const TEST_POLL: Poll = {
  id: 1,
  status: 'started',
  type: 'health_check',
  model: 'sdo',
  index: 'HC_1',
  reply_count: 0,
  question_count: 4,
  user_permissions: [],
  user_pos: { pos: 'expert', uid: 4 },
  experts_summary: { risk_status: '', summary: '' },
  pms_summary: { risk_status: '', summary: '' },
  main_expert: MEI,
  qc_owner: null,
  supervisor: null,
  project: { id: 3, name: 'Apollo Portal', description: '', expert_description: '' },
  account: { name: 'Acme' },
  delivery_unit: { name: 'DU Nordics' },
  poll_stats: { participants: [], users_answer_counters: {}, users_question_counters: {} },
  custom_check_config: null,
  available_roles: ['pm', 'exp'],
  extensions: [],
  is_risk_evaluation_filled: false,
  is_project_check: true,
  is_invalid: false,
  created_at: '2026-11-01T10:00:00Z',
  started_at: '2026-11-02T10:00:00Z',
  due_date: '2026-12-01',
  finished_at: null,
};
