import { MatchersV3 } from '@pact-foundation/pact';
import { RATINGS, RISK_CATEGORIES, RISK_KINDS, RISK_LEVELS } from '../../api/contract/risks';
import { statePath as pathOfState } from './inject';
import { dateMatcher, oneOf, personShape, timeMatcher } from './pollShapes';

/** Response shapes of the risk calls, as matchers, and the paths their pact tests share. */

const { atLeastLike, eachLike, integer, string, boolean, regex, fromProviderState } = MatchersV3;

/**
 * A path with the ids the provider state names, e.g. `/api/risks/${riskId}/`, and its example
 * (the other areas' tests use it; inject.ts's `statePath` takes the examples by name).
 */
export const statePath = (template: string, example: string) =>
  fromProviderState(template, example);
/** `/api/risks/${riskId}/…` with the risk the provider state names. */
export const riskPath = (suffix = '', example = 1) =>
  pathOfState(`/api/risks/\${riskId}/${suffix}`, { riskId: example });

export const scopeShape = (level = 'project', id = 1) => ({
  id: integer(id),
  name: string('Apollo Portal'),
  level: oneOf(RISK_LEVELS, level),
});
/** The fields every row has whatever its kind and status. */
export const rowShape = {
  id: integer(1),
  kind: oneOf(RISK_KINDS, 'risk'),
  level: oneOf(RISK_LEVELS, 'project'),
  scope: scopeShape(),
  statement: string('Key developer may leave before the release'),
  category: oneOf(RISK_CATEGORIES, 'people'),
  status: oneOf(['open', 'closed'], 'open'),
  owner: personShape(8, 'Lucia Romero', 'lromero'),
  created_at: timeMatcher('2026-10-11T00:00:00.000Z'),
  updated_at: timeMatcher('2026-11-18T00:00:00.000Z'),
};
/** An open project risk as its owner sees it. */
export const openRiskShape = (overrides: Record<string, unknown> = {}) => ({
  ...rowShape,
  kind: 'risk',
  status: 'open',
  resolution: null,
  project: { id: integer(1), name: string('Apollo Portal') },
  account: { id: integer(18), name: string('Acme') },
  probability: oneOf(RATINGS, 'moderate'),
  impact: oneOf(RATINGS, 'high'),
  rating: oneOf(RATINGS, 'high'),
  priority: null,
  severity: null,
  due_date: dateMatcher('2026-12-15'),
  labels: eachLike(string('staffing')),
  description: string('The only engineer who knows the payment integration has an offer.'),
  resolution_comment: string(''),
  client_communication: string(''),
  informed: eachLike(personShape(2, 'Priya Nair', 'pnair')),
  created_by: personShape(8, 'Lucia Romero', 'lromero'),
  awareness_raised: boolean(false),
  action_items_count: integer(2),
  comments_count: integer(2),
  user_permissions: eachLike('CAN_VIEW_RISK'),
  ...overrides,
});
export const actionItemShape = {
  id: integer(1),
  title: string('Pair a second engineer on the payment integration'),
  owner: personShape(8, 'Lucia Romero', 'lromero'),
  due_date: dateMatcher('2026-12-01'),
  done: boolean(false),
  created_at: timeMatcher('2026-10-12T00:00:00.000Z'),
};
export const historyEntryShape = {
  id: integer(7),
  at: timeMatcher('2026-11-18T00:00:00.000Z'),
  by: personShape(2, 'Priya Nair', 'pnair'),
  field: string('due_date'),
  old_value: string('12/31/2026'),
  new_value: string('12/15/2026'),
};
export const attachmentShape = {
  id: integer(1),
  name: string('staffing-plan.pdf'),
  size: integer(312),
  content_type: string('application/pdf'),
  url: regex(
    '^/api/attachments/\\d+/(\\?\\S*)?$',
    '/api/attachments/1/?user=8&expires=1&signature=ab',
  ),
};
/** A comment with at most one attachment, or none. */
export const commentShape = {
  id: integer(1),
  text: string('Offer letter confirmed by HR; see https://wiki.example.com/apollo/staffing'),
  author: personShape(8, 'Lucia Romero', 'lromero'),
  created_at: timeMatcher('2026-11-16T00:00:00.000Z'),
  attachments: atLeastLike(attachmentShape, 0, 1),
};
export const draftShape = (id = 1) => ({
  id: integer(id),
  kind: oneOf(RISK_KINDS, 'risk'),
  level: oneOf(RISK_LEVELS, 'project'),
  data: { statement: string('Release window may clash with the client freeze') },
  updated_at: timeMatcher('2026-11-19T00:00:00.000Z'),
});
export const groupShape = {
  id: integer(1),
  initial: { ...rowShape, id: integer(4), duplicates_group: integer(1) },
  duplicates: eachLike({ ...rowShape, id: integer(5), duplicates_group: integer(1) }),
};
