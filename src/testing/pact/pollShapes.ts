import { MatchersV3 } from '@pact-foundation/pact';
import { POLL_MODELS, POLL_STATUSES, POLL_TYPES } from '../../api/contract/polls';

/** Response shapes of the poll calls, as matchers: the fields the SPA reads, by type. */
const { eachLike, integer, string, boolean, regex, fromProviderState } = MatchersV3;

/** A string that is one of `values`. */
export const oneOf = (values: readonly string[], example: string) =>
  regex(`^(${values.join('|')})$`, example);
/** The contract's one date and date-time matchers (drfShapes.ts), under the names the tests use. */
import { date as dateMatcher, dateTime as timeMatcher } from './drfShapes';

export { dateMatcher, timeMatcher };

export const personShape = (id = 4, name = 'Mei Chen', login = 'mchen') => ({
  id: integer(id),
  name: string(name),
  login: string(login),
});

/** `/api/polls/${pollId}/…` with the id the provider state names. */
export const pollPath = (suffix: string, example: number) =>
  fromProviderState(`/api/polls/\${pollId}/${suffix}`, `/api/polls/${example}/${suffix}`);

export const participantShape = {
  ...personShape(2, 'Priya Nair', 'pnair'),
  role: oneOf(['pm', 'qcl', 'exp', 'main_expert', 'auditor'], 'pm'),
  answered: integer(18),
  questions: integer(18),
  submitted: boolean(true),
};

/** A poll (spec §3) with an exact status, so transitions are part of the contract. */
export function pollShape(id: number, status: string, type = 'health_check') {
  return {
    id: integer(id),
    status,
    type: oneOf(POLL_TYPES, type),
    model: oneOf(POLL_MODELS, type === 'audit_check' ? 'audit_pm' : 'sdo'),
    index: string('HC_2'),
    reply_count: integer(0),
    question_count: integer(22),
    user_permissions: eachLike('CAN_VIEW_SUMMARY'),
    user_pos: { uid: integer(4) },
    experts_summary: { risk_status: string(''), summary: string('') },
    pms_summary: { risk_status: string(''), summary: string('') },
    project: {
      id: integer(2),
      name: string('Apollo Portal'),
      description: string('Apollo Portal is delivered for Acme.'),
      expert_description: string('Experts: check the answers against the evidence.'),
    },
    account: { name: string('Acme') },
    delivery_unit: { name: string('DU Nordics') },
    poll_stats: { participants: eachLike(participantShape) },
    available_roles: eachLike(oneOf(['pm', 'qcl', 'exp'], 'pm')),
    is_risk_evaluation_filled: boolean(false),
    is_project_check: boolean(type !== 'audit_check'),
    is_invalid: boolean(false),
    created_at: timeMatcher('2026-10-31T00:00:00.000Z'),
    due_date: dateMatcher('2026-12-15'),
  };
}

export const pollListItemShape = {
  id: integer(2),
  status: oneOf(POLL_STATUSES, 'expert'),
  type: oneOf(POLL_TYPES, 'health_check'),
  model: oneOf(POLL_MODELS, 'sdo'),
  index: string('HC_2'),
  project: { id: integer(2), name: string('Apollo Portal') },
  account: { name: string('Acme') },
  progress: integer(44),
  created_at: timeMatcher('2026-10-31T00:00:00.000Z'),
  due_date: dateMatcher('2026-12-15'),
  is_invalid: boolean(false),
};

export const driverShape = {
  id: integer(1),
  slug: string('delivery'),
  name: string('Delivery management'),
  description: string('Planning, tracking and forecasting of the delivery.'),
  kb_link: string('https://kb.example.com/pep/drivers/delivery'),
  area: { name: string('Delivery') },
  questions_count: integer(4),
  reply_count: integer(4),
};

export const questionShape = {
  id: integer(1),
  text: string('Is there an up-to-date delivery plan agreed with the client?'),
  hint: string('A plan counts when the client has confirmed it.'),
  options: eachLike({ value: string('yes'), label: string('Yes') }),
};

export const supervisorCommentShape = {
  id: integer(1),
  text: string('Explain the open findings.'),
  author: personShape(7, 'Samuel Okoye', 'sokoye'),
  created_at: timeMatcher('2026-11-18T00:00:00.000Z'),
  updated_at: timeMatcher('2026-11-18T00:00:00.000Z'),
};

/** A finding with no corrective action (owner, due date and done all null), as check 3's. */
export const outcomeShape = {
  id: integer(1),
  title: string('Risk register not reviewed monthly'),
  severity: oneOf(['major', 'minor', 'observation'], 'minor'),
  description: string('Several risks had no update for six weeks.'),
  owner: null,
  due_date: null,
  done_at: null,
};

export const feedbackShape = {
  id: integer(1),
  indicator: oneOf(['positive', 'neutral', 'negative'], 'positive'),
  comment: string('The questions fitted the project well.'),
  type: 'survey',
  user: personShape(2, 'Priya Nair', 'pnair'),
  created_at: timeMatcher('2026-11-01T00:00:00.000Z'),
};
