import { Router, type Request, type Response } from 'express';
import {
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
  APPROVAL_LIMITS,
  APPROVAL_MESSAGES,
  APPROVAL_RAISE_FLAG,
  APPROVAL_REMIND_FLAG,
  APPROVAL_REMINDER_INTERVAL_MS,
  APPROVAL_STATE_LABELS,
  lastReminderMessage,
} from '../../src/api/contract/approvals';
import { formatDate, personLabel } from '../../src/api/contract/display';
import {
  lastReminded,
  toApprovalRequest,
  projectApprovals,
  type StoredApprovalRequest,
} from '../approvals/model';
import { authOf } from '../auth/middleware';
import type { Persona } from '../auth/personas';
import {
  dateField,
  drf,
  FieldErrors,
  optionalText,
  rejected,
  requiredText,
  requireObjectBody,
  userField,
  choiceField,
} from '../drf';
import { recordProjectChange } from '../areas/projects/model';
import { mutate, type MockDb } from '../store/db';
import type { MockState } from '../store/state';
import { cardAccess, lacksFlag, projectRecord } from './projects';
import { personOf } from '../lib/people';
import { nextId } from '../lib/ids';
import { today } from '../lib/clock';

const SECTION = 'Approvals';

/** What a step on a request changes (see `requestStep`). */
interface StepChange {
  event: StoredApprovalRequest['history'][number]['event'];
  comment: string;
  /** Sets the request's own fields, at the step's time. */
  apply?: (stored: StoredApprovalRequest, now: string) => void;
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
 * day at most). Every change goes to the card's History under 'Approvals'.
 */
export function approvalRoutes(db: MockDb): Router {
  const router = Router({ strict: true });
  const BASE = '/projects/:id/approvals/';

  const projectOf = (req: Request, res: Response) => cardAccess(db, req, res)?.projectId;

  const requestOf = (res: Response, projectId: number, rawId: unknown) =>
    projectRecord(res, db.getState().approvalRequests, projectId, rawId);

  router.get(BASE, (req, res) => {
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    res.json(projectApprovals(db.getState(), projectId));
  });

  router.post(BASE, requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    if (lacksFlag(res, persona, APPROVAL_RAISE_FLAG)) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const state = db.getState();
    const kind = choiceField(errors, body, 'kind', APPROVAL_KINDS);
    const subject = requiredText(errors, body, 'subject', APPROVAL_LIMITS.subject);
    const approverId = userField(errors, state, body, 'approver_id');
    const dueBy = dateField(errors, body, 'due_by');
    const comment = optionalText(errors, body, 'comment', APPROVAL_LIMITS.comment).trim();
    if (approverId !== 0 && approverId === persona.userId)
      errors.add('approver_id', APPROVAL_MESSAGES.selfApproval);
    if (dueBy !== '' && dueBy < today()) errors.add('due_by', APPROVAL_MESSAGES.duePast);
    if (rejected(res, errors)) return;
    let created: StoredApprovalRequest | undefined;
    mutate(db, (draft) => {
      const now = new Date().toISOString();
      created = {
        id: nextId(draft.approvalRequests),
        project_id: projectId,
        kind: kind!,
        subject,
        origin: 'project',
        requester_id: persona.userId,
        approver_id: approverId,
        state: 'pending',
        raised_at: now,
        due_by: dueBy,
        comment,
        decision_comment: '',
        decided_at: null,
        history: [{ event: 'raised', at: now, by_id: persona.userId, comment }],
      };
      draft.approvalRequests.push(created);
      recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
        section: SECTION,
        field: 'Request',
        old_value: '',
        new_value: `${summary(draft, created)}: Pending`,
      });
    });
    res.status(201).json(toApprovalRequest(db.getState(), created!));
  });

  /** A decided or withdrawn request takes no decision and no reminder: 400, true when refused. */
  const refusedUnlessPending = (res: Response, request: StoredApprovalRequest) => {
    if (request.state === 'pending') return false;
    drf.badRequest(res, {
      non_field_errors: [
        request.state === 'withdrawn' ? APPROVAL_MESSAGES.withdrawn : APPROVAL_MESSAGES.decided,
      ],
    });
    return true;
  };

  /**
   * A step on one request, `POST …/{rid}/{step}/`: card access and the request within the project
   * (else 404), then `check`, which answers a refusal itself (null) or names the change: its event
   * in the request's history, what else it sets, and the card's History line. Stored in one
   * `mutate`; answers the request.
   */
  const requestStep = (
    step: string,
    check: (
      context: { persona: Persona; request: StoredApprovalRequest; body: Record<string, unknown> },
      res: Response,
    ) => StepChange | null,
  ) =>
    router.post(`${BASE}:rid/${step}/`, requireObjectBody, (req, res) => {
      const { persona } = authOf(res.locals);
      const projectId = projectOf(req, res);
      if (projectId === undefined) return;
      const request = requestOf(res, projectId, req.params.rid);
      if (!request) return;
      const change = check({ persona, request, body: req.body as Record<string, unknown> }, res);
      if (!change) return;
      mutate(db, (draft) => {
        const stored = draft.approvalRequests.find((row) => row.id === request.id)!;
        const now = new Date().toISOString();
        change.apply?.(stored, now);
        stored.history.push({
          event: change.event,
          at: now,
          by_id: persona.userId,
          comment: change.comment,
        });
        recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
          section: SECTION,
          field: `${APPROVAL_KIND_LABELS[stored.kind]} “${stored.subject}”`,
          ...change.history(draft, stored),
        });
      });
      const saved = db.getState().approvalRequests.find((row) => row.id === request.id)!;
      res.json(toApprovalRequest(db.getState(), saved));
    });

  requestStep('decision', ({ persona, request, body }, res) => {
    if (request.approver_id !== persona.userId) {
      drf.forbidden(res, APPROVAL_MESSAGES.onlyApprover);
      return null;
    }
    if (refusedUnlessPending(res, request)) return null;
    const errors = new FieldErrors();
    const decision = choiceField(errors, body, 'decision', ['approve', 'reject'] as const);
    const comment = optionalText(errors, body, 'comment', APPROVAL_LIMITS.comment).trim();
    if (decision === 'reject' && comment === '' && errors.isEmpty)
      errors.add('comment', APPROVAL_MESSAGES.rejectComment);
    if (rejected(res, errors)) return null;
    const outcome = decision === 'approve' ? 'approved' : 'rejected';
    return {
      event: 'decided',
      comment,
      apply: (stored, now) => {
        stored.state = outcome;
        stored.decision_comment = comment;
        stored.decided_at = now;
      },
      history: () => ({
        old_value: APPROVAL_STATE_LABELS.pending,
        new_value: comment
          ? `${APPROVAL_STATE_LABELS[outcome]}: ${comment}`
          : APPROVAL_STATE_LABELS[outcome],
      }),
    };
  });

  requestStep('withdraw', ({ persona, request, body }, res) => {
    if (request.requester_id !== persona.userId) {
      drf.forbidden(res, APPROVAL_MESSAGES.onlyRequester);
      return null;
    }
    if (request.state !== 'pending') {
      drf.badRequest(res, { non_field_errors: [APPROVAL_MESSAGES.notPending] });
      return null;
    }
    const errors = new FieldErrors();
    const comment = optionalText(errors, body, 'comment', APPROVAL_LIMITS.comment).trim();
    if (rejected(res, errors)) return null;
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
  });

  requestStep('remind', ({ persona, request }, res) => {
    if (
      request.requester_id !== persona.userId &&
      !persona.permissions.includes(APPROVAL_REMIND_FLAG)
    ) {
      drf.forbidden(res, APPROVAL_MESSAGES.onlyReminder);
      return null;
    }
    if (refusedUnlessPending(res, request)) return null;
    if (request.approver_id === persona.userId) {
      drf.badRequest(res, { non_field_errors: [APPROVAL_MESSAGES.remindSelf] });
      return null;
    }
    const last = lastReminded(request);
    if (last !== null && Date.now() - Date.parse(last) < APPROVAL_REMINDER_INTERVAL_MS) {
      drf.badRequest(res, {
        non_field_errors: [APPROVAL_MESSAGES.remindedRecently, lastReminderMessage(last)],
      });
      return null;
    }
    return {
      event: 'reminded',
      comment: '',
      history: (draft, stored) => ({
        old_value: '',
        new_value: `Reminder sent to ${personLabel(personOf(draft, stored.approver_id))}`,
      }),
    };
  });

  return router;
}
