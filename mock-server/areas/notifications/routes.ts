import { Router } from 'express';
import {
  ACTION_REQUEST_DECISIONS,
  type ActionRequest,
  type ActionRequestStatus,
} from '../../../src/api/contract/actionRequests';
import { authOf } from '../../auth/middleware';
import {
  drf,
  FieldErrors,
  INVALID_CHOICE,
  NOT_A_STRING,
  REQUIRED,
  requireObjectBody,
  textValue,
  TOO_LONG,
} from '../../drf';
import { applyDecision } from '../risks/actionRequests';
import { mayActOn } from '../risks/access';
import type { MockState } from '../../store/state';
import { mutate, type MockDb } from '../../store/db';
import { sendPage } from '../../lib/paging';

const STATUSES: readonly ActionRequestStatus[] = ['pending', 'accepted', 'rejected'];
const MAX_COMMENT = 200;

/** The pending risk action requests a user holds: the header's 'Actions' count. */
export function pendingActionRequests(state: MockState, userId: number): number {
  return state.actionRequests.filter(
    (request) => request.recipient.id === userId && request.status === 'pending',
  ).length;
}

/**
 * `GET /api/risk-action-requests/` (the user's own, newest first, `status` filter, paged) and
 * `POST /api/risk-action-requests/{id}/decision/` `{ decision, comment? }`; an accepted request is
 * applied to its risk (moved up a level, or handed to the recipient).
 */
export function actionRequestRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.get('/risk-action-requests/', (req, res) => {
    const { persona } = authOf(res.locals);
    const errors = new FieldErrors();
    const status = req.query.status;
    if (status !== undefined && !STATUSES.includes(status as ActionRequestStatus))
      errors.add('status', INVALID_CHOICE(status));
    if (!errors.isEmpty) {
      drf.badRequest(res, errors.toJSON());
      return;
    }
    const mine = db
      .getState()
      .actionRequests.filter(
        (request) =>
          request.recipient.id === persona.userId &&
          (status === undefined || request.status === status),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    sendPage(req, res, mine);
  });

  router.post('/risk-action-requests/:id/decision/', requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const id = Number(req.params.id);
    const found = Number.isInteger(id)
      ? db.getState().actionRequests.find((request) => request.id === id)
      : undefined;
    // Another user's request is as good as absent.
    if (!found || found.recipient.id !== persona.userId) {
      drf.notFound(res);
      return;
    }
    const { decision, comment } = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    if (decision === undefined || decision === null || decision === '')
      errors.add('decision', REQUIRED);
    else if (!(ACTION_REQUEST_DECISIONS as readonly unknown[]).includes(decision))
      errors.add('decision', `"${String(decision)}" is not a valid choice.`);
    if (comment !== undefined && comment !== null) {
      const text = textValue(comment);
      if (text === undefined) errors.add('comment', NOT_A_STRING);
      else if (text.length > MAX_COMMENT) errors.add('comment', TOO_LONG(MAX_COMMENT));
    }
    if (!errors.isEmpty) {
      drf.badRequest(res, errors.toJSON());
      return;
    }
    if (found.status !== 'pending') {
      drf.badRequest(res, { non_field_errors: [`This request was already ${found.status}.`] });
      return;
    }
    // A request that reached someone who may not act on the risk (one stored before the rule)
    // can only be turned down.
    if (decision === 'accepted' && !mayActOn(persona.userId)) {
      drf.forbidden(res);
      return;
    }
    let updated: ActionRequest | undefined;
    mutate(db, (state) => {
      const request = state.actionRequests.find((candidate) => candidate.id === id);
      if (!request) return;
      request.status = decision as ActionRequest['status'];
      request.decided_at = new Date().toISOString();
      applyDecision(state, request);
      updated = request;
    });
    res.json(updated);
  });

  return router;
}
