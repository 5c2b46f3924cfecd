import { EXPERT_KINDS, type ExpertKind } from '../../../src/api/contract/polls';
import { ACTION_RULES, CHECK_ACTION_LIMITS } from '../../../src/api/contract/pollRules';
import { nowIso } from '../../lib/clock';
import { FieldErrors, REQUIRED, dateField, requiredText, userField } from '../../lib/drf';
import { json } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { route, type Route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import { requirePollPermission, requireStatus, visiblePoll, type PollAccess } from './access';
import { participantOf, toPoll } from './model';
import type { StoredPoll } from './state';

type ActionRule = (typeof ACTION_RULES)[keyof typeof ACTION_RULES];

/**
 * The actions of the check details page, each `POST` (or `PATCH`) `/api/polls/{id}/<action>/`:
 * start, cancel, experts, main expert, QC ownership, mark invalid, extensions. Each checks the
 * check's visibility (404), the action's permission on it (403) and its status (400), then the
 * body; it answers the check.
 */
export function actionRoutes(db: MockDb): Route[] {
  /**
   * A check action: `apply` checks the body (its refusal ends the handler before any write) and
   * changes the check.
   */
  const action = (
    path: string,
    method: 'post' | 'patch',
    { permission, statuses }: ActionRule,
    verb: string,
    apply: (access: PollAccess, body: Record<string, unknown>) => void,
  ) =>
    route[method](`/polls/:id/${path}/`, (req) => {
      const access = visiblePoll(db, req);
      requirePollPermission(access, permission);
      requireStatus(access.poll, statuses, verb);
      mutate(db, () => apply(access, req.body));
      return json(toPoll(db.readState(), access.poll, access.persona));
    });

  /** A reason of the cancel and the invalid mark: required, at most its limit. */
  const reasonOf = (errors: FieldErrors, body: Record<string, unknown>) =>
    requiredText(errors, body, 'reason', CHECK_ACTION_LIMITS.reason);

  return [
    action('start', 'post', ACTION_RULES.start, 'started', ({ poll }) => {
      poll.status = poll.type === 'audit_check' ? 'expert' : 'started';
      poll.started_at = nowIso();
    }),

    action('cancel', 'post', ACTION_RULES.cancel, 'canceled', ({ poll }, body) => {
      const errors = new FieldErrors();
      const reason = reasonOf(errors, body);
      errors.refuseIfAny();
      poll.status = 'canceled';
      poll.cancel_reason = reason;
    }),

    action(
      'experts',
      'post',
      ACTION_RULES.assignExpert,
      'given experts',
      ({ poll, state }, body) => {
        const errors = new FieldErrors();
        const userId = userField(errors, state, body);
        const kind = body.kind;
        if (kind === undefined || kind === null) errors.add('kind', REQUIRED);
        else if (!(EXPERT_KINDS as readonly unknown[]).includes(kind))
          errors.add('kind', `"${String(kind)}" is not a valid choice.`);
        if (poll.type === 'audit_check')
          errors.add('non_field_errors', 'An audit has an auditor, not experts.');
        const existing = userId ? participantOf(poll, userId) : undefined;
        if (existing && (existing.role === 'pm' || existing.role === 'qcl'))
          errors.add('user_id', 'This person already answers the check as a respondent.');
        else if (existing && existing.role === kind)
          errors.add('user_id', 'This person is already an expert of the check.');
        errors.refuseIfAny();
        assignExpert(poll, userId, kind as ExpertKind);
      },
    ),

    action(
      'main-expert',
      'patch',
      ACTION_RULES.changeMainExpert,
      'given a main expert',
      ({ poll, state }, body) => {
        const errors = new FieldErrors();
        const userId = userField(errors, state, body);
        const existing = userId ? participantOf(poll, userId) : undefined;
        if (poll.type === 'audit_check')
          errors.add('non_field_errors', 'An audit has an auditor, not a main expert.');
        if (existing && (existing.role === 'pm' || existing.role === 'qcl'))
          errors.add('user_id', 'This person already answers the check as a respondent.');
        else if (existing?.role === 'main_expert')
          errors.add('user_id', 'This person is already the main expert.');
        errors.refuseIfAny();
        assignExpert(poll, userId, 'main_expert');
      },
    ),

    action(
      'qc-ownership',
      'post',
      ACTION_RULES.setQcOwnership,
      'given a QC owner',
      ({ poll, state }, body) => {
        const errors = new FieldErrors();
        const userId = userField(errors, state, body);
        errors.refuseIfAny();
        poll.qc_owner_id = userId;
      },
    ),

    action('mark-invalid', 'post', ACTION_RULES.markInvalid, 'marked invalid', ({ poll }, body) => {
      const errors = new FieldErrors();
      const reason = reasonOf(errors, body);
      if (poll.is_invalid) errors.add('non_field_errors', 'The check is already marked invalid.');
      errors.refuseIfAny();
      poll.is_invalid = true;
      poll.invalid_reason = reason;
    }),

    action(
      'extensions',
      'post',
      ACTION_RULES.addExtension,
      'extended',
      ({ poll, state, persona }, body) => {
        const errors = new FieldErrors();
        const until = dateField(errors, body, 'until');
        const reason = reasonOf(errors, body);
        if (until && until <= poll.due_date)
          errors.add('until', `The new due date must be after the current one (${poll.due_date}).`);
        errors.refuseIfAny();
        poll.extensions.push({
          id: nextId(state.polls.flatMap((candidate) => candidate.extensions)),
          until,
          reason,
          created_at: nowIso(),
          created_by: state.people.find((person) => person.id === persona.userId) ?? {
            id: persona.userId,
            name: persona.name,
            login: persona.login,
          },
        });
        poll.due_date = until;
      },
    ),
  ];
}

/** Adds or promotes an expert; a new main expert demotes the former one to expert. */
function assignExpert(poll: StoredPoll, userId: number, kind: ExpertKind): void {
  const role = kind === 'main_expert' ? 'main_expert' : 'exp';
  if (role === 'main_expert')
    for (const participant of poll.participants)
      if (participant.role === 'main_expert') participant.role = 'exp';
  const existing = participantOf(poll, userId);
  if (existing) existing.role = role;
  else poll.participants.push({ user_id: userId, role, submitted: false });
  if (!poll.available_roles.includes('exp')) poll.available_roles.push('exp');
}
