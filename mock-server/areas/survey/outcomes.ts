import { SURVEY_TEXT_LIMITS } from '../../../src/api/contract/pollRules';
import { OUTCOME_ACTION_ERRORS, OUTCOME_SEVERITIES } from '../../../src/api/contract/polls';
import {
  dateField,
  FieldErrors,
  optionalText,
  REQUIRED,
  requiredText,
  userField,
} from '../../lib/drf';
import { created, json, noContent, notFound, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { route, type Route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { requirePollPermission, requireStatus, visiblePoll } from '../checks/access';
import { toOutcome } from './findings';
import { requireAudit } from './model';
import type { StoredOutcome } from './state';

/**
 * An audit's findings: `GET /api/polls/{id}/outcomes/` (CAN_VIEW_POLL_OUTCOMES), `POST …` and
 * `DELETE …/{outcomeId}/` (CAN_EDIT_POLL_OUTCOMES, while the auditor answers). A check that is
 * not an audit has none (404).
 */
export function outcomeRoutes(db: MockDb): Route[] {
  /** The audit of `:id`, its findings open to the user with `permission`. */
  const auditAccess = (req: MockRequest, permission: string) => {
    const access = visiblePoll(db, req);
    requireAudit(access.poll);
    requirePollPermission(access, permission);
    return access;
  };

  return [
    route.get('/polls/:id/outcomes/', (req) => {
      const { state, poll } = auditAccess(req, 'CAN_VIEW_POLL_OUTCOMES');
      return json(
        state.outcomes
          .filter((outcome) => outcome.poll_id === poll.id)
          .map((outcome) => toOutcome(state, outcome)),
      );
    }),

    route.post('/polls/:id/outcomes/', (req) => {
      const { state, poll } = auditAccess(req, 'CAN_EDIT_POLL_OUTCOMES');
      requireStatus(poll, ['expert'], 'given outcomes');
      const { body } = req;
      const errors = new FieldErrors();
      const title = requiredText(errors, body, 'title', SURVEY_TEXT_LIMITS.outcomeTitle);
      if (body.severity === undefined || body.severity === null) errors.add('severity', REQUIRED);
      else if (!(OUTCOME_SEVERITIES as readonly unknown[]).includes(body.severity))
        errors.add('severity', `"${String(body.severity)}" is not a valid choice.`);
      const description = optionalText(
        errors,
        body,
        'description',
        SURVEY_TEXT_LIMITS.outcomeDescription,
      );
      const action = correctiveAction(errors, state, body);
      errors.refuseIfAny();
      const outcome: StoredOutcome = {
        id: nextId(state.outcomes),
        poll_id: poll.id,
        title,
        severity: body.severity as (typeof OUTCOME_SEVERITIES)[number],
        description,
        ...action,
        done_at: null,
      };
      mutate(db, (current) => {
        current.outcomes.push(outcome);
      });
      return created(toOutcome(state, outcome));
    }),

    route.delete('/polls/:id/outcomes/:outcomeId/', (req) => {
      const { state, poll } = auditAccess(req, 'CAN_EDIT_POLL_OUTCOMES');
      const id = Number(req.params.outcomeId);
      const outcome =
        state.outcomes.find((candidate) => candidate.id === id && candidate.poll_id === poll.id) ??
        notFound();
      requireStatus(poll, ['expert'], 'given outcomes');
      mutate(db, (current) => {
        current.outcomes = current.outcomes.filter((candidate) => candidate !== outcome);
      });
      return noContent();
    }),
  ];
}

/**
 * A finding's corrective action: `owner_id` (a known person) and `due_date`, both or neither
 * (null or left out); one without the other is an error on the missing one.
 */
function correctiveAction(
  errors: FieldErrors,
  state: MockState,
  body: Record<string, unknown>,
): Pick<StoredOutcome, 'owner_id' | 'due_date'> {
  const given = (field: string) => body[field] !== undefined && body[field] !== null;
  const hasOwner = given('owner_id');
  const hasDue = given('due_date') && body.due_date !== '';
  if (!hasOwner && !hasDue) return { owner_id: null, due_date: null };
  const ownerId = hasOwner ? userField(errors, state, body, 'owner_id') : null;
  const dueDate = hasDue ? dateField(errors, body, 'due_date') : null;
  if (!hasOwner) errors.add('owner_id', OUTCOME_ACTION_ERRORS.owner_id);
  if (!hasDue) errors.add('due_date', OUTCOME_ACTION_ERRORS.due_date);
  return { owner_id: ownerId, due_date: dueDate };
}
