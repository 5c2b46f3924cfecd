import {
  ACTION_REQUEST_DECISIONS,
  type ActionRequest,
  type ActionRequestStatus,
} from '../../../src/api/contract/actionRequests';
import type { Area } from '../../lib/area';
import { nowIso } from '../../lib/clock';
import { FieldErrors, INVALID_CHOICE, REQUIRED, optionalText } from '../../lib/drf';
import { forbidden, json, notFound, ruleBroken } from '../../lib/http';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/routes';
import { mayActOn } from '../risks/access';
import { applyDecision } from '../risks/actionRequests';
import { mutate } from '../../store/db';
import { ACTION_REQUEST_STATUSES, MAX_DECISION_COMMENT } from './model';
import { notificationsSeed } from './seed';

/**
 * `GET /api/risk-action-requests/` (the user's own, newest first, `status` filter, paged) and
 * `POST /api/risk-action-requests/{id}/decision/` `{ decision, comment? }`; an accepted request is
 * applied to its risk (moved up a level, or handed to the recipient).
 */
export const notifications: Area = {
  feature: 'notifications',
  seed: [notificationsSeed],
  routes: ({ db }) => [
    route.get('/risk-action-requests/', (req) => {
      const { persona } = req.auth;
      const errors = new FieldErrors();
      const status = req.query.status;
      if (status !== undefined && !ACTION_REQUEST_STATUSES.includes(status as ActionRequestStatus))
        errors.add('status', INVALID_CHOICE(status));
      errors.refuseIfAny();
      const mine = db
        .getState()
        .actionRequests.filter(
          (request) =>
            request.recipient.id === persona.userId &&
            (status === undefined || request.status === status),
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
      return pageOf(req, mine);
    }),

    route.post('/risk-action-requests/:id/decision/', (req) => {
      const { persona } = req.auth;
      const id = Number(req.params.id);
      const found = Number.isInteger(id)
        ? db.getState().actionRequests.find((request) => request.id === id)
        : undefined;
      // Another user's request is as good as absent.
      if (!found || found.recipient.id !== persona.userId) notFound();
      const { decision } = req.body;
      const errors = new FieldErrors();
      if (decision === undefined || decision === null || decision === '')
        errors.add('decision', REQUIRED);
      else if (!(ACTION_REQUEST_DECISIONS as readonly unknown[]).includes(decision))
        errors.add('decision', `"${String(decision)}" is not a valid choice.`);
      optionalText(errors, req.body, 'comment', MAX_DECISION_COMMENT);
      errors.refuseIfAny();
      if (found.status !== 'pending') ruleBroken(`This request was already ${found.status}.`);
      // A request that reached someone who may not act on the risk (one stored before the rule)
      // can only be turned down.
      if (decision === 'accepted' && !mayActOn(persona.userId)) forbidden();
      let updated: ActionRequest | undefined;
      mutate(db, (state) => {
        const request = state.actionRequests.find((candidate) => candidate.id === id);
        if (!request) return;
        request.status = decision as ActionRequest['status'];
        request.decided_at = nowIso();
        applyDecision(state, request);
        updated = request;
      });
      return json(updated);
    }),
  ],
};
