import {
  APPROVAL_DUE_FILTERS,
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
  APPROVAL_SOON_DAYS,
  APPROVAL_LIMITS,
  APPROVAL_MESSAGES,
  APPROVAL_RAISE_FLAG,
  APPROVAL_STATE_LABELS,
  lastReminderMessage,
  nextReminderAt,
} from '../../../src/api/contract/approvals';
import { formatDate, personLabel } from '../../../src/api/contract/display';
import type { Area } from '../../lib/area';
import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import { cardAccess, projectRecord, requireFlags } from '../../lib/cardAccess';
import { now, nowIso, today } from '../../lib/clock';
import {
  choiceField,
  dateField,
  FieldErrors,
  optionalText,
  queryChoice,
  queryInteger,
  requiredText,
  userField,
} from '../../lib/drf';
import { badRequest, created, json, Refusal, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { route } from '../../lib/routes';
import { recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import {
  approvalsWaitingOn,
  lastReminded,
  projectApprovals,
  STEP_REFUSALS,
  toApprovalRequest,
  type ApprovalStep,
  type StoredApprovalRequest,
} from './model';
import { approvalsSeed } from './seed';

const SECTION = 'Approvals';

/** `day` (YYYY-MM-DD) plus `days`, YYYY-MM-DD. */
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** What a step on a request changes (see `step`). */
interface StepChange {
  event: StoredApprovalRequest['history'][number]['event'];
  comment: string;
  /** Sets the request's own fields, at the step's time. */
  apply?: (stored: StoredApprovalRequest, at: string) => void;
  /** The card's History line: from what to what. */
  history: (
    draft: MockState,
    stored: StoredApprovalRequest,
  ) => { old_value: string; new_value: string };
}

/** 'Scope change “Add the reporting module” (approver Omar Haddad (ohaddad))': History's line. */
const summary = (state: MockState, row: StoredApprovalRequest) =>
  `${APPROVAL_KIND_LABELS[row.kind]} “${row.subject}” (approver ${personLabel(
    personOf(state, row.approver_id),
  )}, due ${formatDate(row.due_by)})`;

/**
 * The Approvals of a project: `GET|POST /api/projects/{id}/approvals/` (raising needs
 * CAN_EDIT_PROJECT_CARD), `POST …/{rid}/decision/` (its approver only) and `POST …/{rid}/withdraw/`
 * (its requester only) and `POST …/{rid}/remind/` (its requester or CAN_EDIT_PROJECT_CARD, once a
 * day at most). Each request says what the caller may do with it. Every change goes to the card's
 * History under 'Approvals'.
 */
export const approvals: Area = {
  feature: 'projects/approvals',
  seed: [approvalsSeed],
  routes: ({ db }) => {
    const BASE = '/projects/:id/approvals/';

    /** The request `id` as the caller gets it, after a change. */
    const answer = (req: MockRequest, id: number) => {
      const state = db.getState();
      const saved = state.approvalRequests.find((row) => row.id === id)!;
      return json(toApprovalRequest(state, saved, req.auth.persona));
    };

    /**
     * A step on one request, `POST …/{rid}/{step}/`: card access and the request within the
     * project (else 404), then who may take it (STEP_REFUSALS), then `check`, which throws a
     * refusal of its own or names the change: its event in the request's history, what else it
     * sets, and the card's History line. Stored in one `mutate`; answers the request.
     */
    const step = (
      name: ApprovalStep,
      check: (request: StoredApprovalRequest, body: Record<string, unknown>) => StepChange,
    ) =>
      route.post(`${BASE}:rid/${name}/`, (req) => {
        const { state, persona, projectId, by } = cardAccess(db, req);
        const request = projectRecord(state.approvalRequests, projectId, req.params.rid);
        const refusal = STEP_REFUSALS[name](persona, request);
        if (refusal) throw new Refusal(refusal);
        const change = check(request, req.body);
        mutate(db, (draft) => {
          const stored = draft.approvalRequests.find((row) => row.id === request.id)!;
          const at = nowIso();
          change.apply?.(stored, at);
          stored.history.push({
            event: change.event,
            at,
            by_id: persona.userId,
            comment: change.comment,
          });
          recordProjectChange(draft, projectId, by, {
            section: SECTION,
            field: `${APPROVAL_KIND_LABELS[stored.kind]} “${stored.subject}”`,
            ...change.history(draft, stored),
          });
        });
        return answer(req, request.id);
      });

    return [
      route.get('/approvals/', ({ auth: { persona }, query }) => {
        requireFlags(persona, PROJECT_CARD_FLAG);
        const errors = new FieldErrors();
        const project = queryInteger(errors, query, 'project');
        const kind = queryChoice(errors, query, 'kind', APPROVAL_KINDS);
        const due = queryChoice(errors, query, 'due', APPROVAL_DUE_FILTERS);
        const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
        errors.refuseIfAny();
        const day = today();
        const soon = addDays(day, APPROVAL_SOON_DAYS);
        const rows = approvalsWaitingOn(db.getState(), persona).filter(
          (row) =>
            (project === undefined || row.project.id === project) &&
            (!kind || row.kind === kind) &&
            (due !== 'overdue' || row.due_by < day) &&
            (due !== 'soon' || (row.due_by >= day && row.due_by <= soon)) &&
            (!search ||
              [row.subject, row.project.name, row.project.code ?? '', row.requester.name].some(
                (text) => text.toLowerCase().includes(search),
              )),
        );
        return json(rows);
      }),

      route.get(BASE, (req) => {
        const { state, projectId, persona } = cardAccess(db, req);
        return json(projectApprovals(state, projectId, persona));
      }),

      route.post(BASE, (req) => {
        const { projectId, persona, by } = cardAccess(db, req);
        requireFlags(persona, APPROVAL_RAISE_FLAG);
        const { body } = req;
        const errors = new FieldErrors();
        const kind = choiceField(errors, body, 'kind', APPROVAL_KINDS);
        const subject = requiredText(errors, body, 'subject', APPROVAL_LIMITS.subject);
        const approverId = userField(errors, db.getState(), body, 'approver_id');
        const dueBy = dateField(errors, body, 'due_by');
        const comment = optionalText(errors, body, 'comment', APPROVAL_LIMITS.comment).trim();
        if (approverId !== 0 && approverId === persona.userId)
          errors.add('approver_id', APPROVAL_MESSAGES.selfApproval);
        if (dueBy !== '' && dueBy < today()) errors.add('due_by', APPROVAL_MESSAGES.duePast);
        errors.refuseIfAny();
        const at = nowIso();
        const request: StoredApprovalRequest = {
          id: nextId(db.getState().approvalRequests),
          project_id: projectId,
          kind: kind!,
          subject,
          origin: 'project',
          requester_id: persona.userId,
          approver_id: approverId,
          state: 'pending',
          raised_at: at,
          due_by: dueBy,
          comment,
          decision_comment: '',
          decided_at: null,
          history: [{ event: 'raised', at, by_id: persona.userId, comment }],
        };
        mutate(db, (draft) => {
          draft.approvalRequests.push(request);
          recordProjectChange(draft, projectId, by, {
            section: SECTION,
            field: 'Request',
            old_value: '',
            new_value: `${summary(draft, request)}: Pending`,
          });
        });
        return created(toApprovalRequest(db.getState(), request, persona));
      }),

      step('decision', (_request, body) => {
        const errors = new FieldErrors();
        const decision = choiceField(errors, body, 'decision', ['approve', 'reject'] as const);
        const comment = optionalText(errors, body, 'comment', APPROVAL_LIMITS.comment).trim();
        if (decision === 'reject' && comment === '' && errors.isEmpty)
          errors.add('comment', APPROVAL_MESSAGES.rejectComment);
        errors.refuseIfAny();
        const outcome = decision === 'approve' ? 'approved' : 'rejected';
        return {
          event: 'decided',
          comment,
          apply: (stored, at) => {
            stored.state = outcome;
            stored.decision_comment = comment;
            stored.decided_at = at;
          },
          history: () => ({
            old_value: APPROVAL_STATE_LABELS.pending,
            new_value: comment
              ? `${APPROVAL_STATE_LABELS[outcome]}: ${comment}`
              : APPROVAL_STATE_LABELS[outcome],
          }),
        };
      }),

      step('withdraw', (_request, body) => {
        const errors = new FieldErrors();
        const comment = optionalText(errors, body, 'comment', APPROVAL_LIMITS.comment).trim();
        errors.refuseIfAny();
        return {
          event: 'withdrawn',
          comment,
          apply: (stored) => {
            stored.state = 'withdrawn';
          },
          history: () => ({
            old_value: APPROVAL_STATE_LABELS.pending,
            new_value: APPROVAL_STATE_LABELS.withdrawn,
          }),
        };
      }),

      step('remind', (request) => {
        const last = lastReminded(request);
        if (nextReminderAt({ last_reminded_at: last }, now().getTime()) !== null)
          badRequest({
            non_field_errors: [APPROVAL_MESSAGES.remindedRecently, lastReminderMessage(last!)],
          });
        return {
          event: 'reminded',
          comment: '',
          history: (draft, stored) => ({
            old_value: '',
            new_value: `Reminder sent to ${personLabel(personOf(draft, stored.approver_id))}`,
          }),
        };
      }),
    ];
  },
};
