import { Router, type Response } from 'express';
import {
  RESOLUTION_ACTIONS,
  RISK_ACTIONS,
  TEXT_MAX,
  TRANSFER_SIDES,
  type IssueGrade,
  type Resolution,
  type ResolutionAction,
  type RiskAction,
  type TransferSide,
} from '../../../src/api/contract/risks';
import {
  choiceField,
  drf,
  FieldErrors,
  optionalText,
  rejected,
  requireObjectBody,
  userField,
} from '../../drf';
import { RECIPIENT_NOT_ELIGIBLE } from '../../../src/api/contract/actionRequests';
import { isOpen, mayActOn, mayDo, riskBody, visibleRisk, type RiskAccess } from './access';
import { REQUEST_KIND_OF, requestAction } from './actionRequests';
import { personLabel } from '../../../src/api/contract/display';
import { displayValue, logChange } from './history';
import type { StoredRisk } from './model';
import { nextScope } from './scopes';
import { mutate, type MockDb } from '../../store/db';
import { personOf } from '../../lib/people';

const RESOLUTION_OF: Record<
  Exclude<ResolutionAction, 'reopen' | 'convert_to_issue'>,
  Resolution
> = {
  resolve: 'resolved',
  resolve_as_duplicate: 'duplicate',
  resolve_as_invalid: 'invalid',
  resolve_as_not_actual: 'not_actual',
  resolve_as_ignore: 'ignored',
};
const REQUEST_ACTIONS = ['propagate', 'delegate', 'escalate'] as const;

/**
 * Acting on a risk: `POST /api/risks/{id}/resolution/` (spec §4's seven actions under a status
 * machine), `…/actions/` (propagate, delegate and escalate ask a recipient; awareness and
 * sharing apply at once) and `…/transfer/`. Flags refuse with 403, illegal steps with 400.
 */
export function riskActionRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.post('/risks/:id/resolution/', requireObjectBody, (req, res) => {
    const access = visibleRisk(db, req, res);
    if (!access) return;
    const { risk, persona } = access;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const action = choiceField(errors, body, 'action', RESOLUTION_ACTIONS);
    const comment = optionalText(errors, body, 'comment', TEXT_MAX).trim();
    if (rejected(res, errors) || !action) return;
    if (!mayDo(res, access, action === 'reopen' ? 'reopen' : 'resolution')) return;
    const legal =
      action === 'reopen'
        ? risk.status === 'closed'
        : risk.status === 'open' && (action !== 'convert_to_issue' || risk.kind === 'risk');
    if (!legal) {
      drf.badRequest(res, {
        non_field_errors: [
          action === 'convert_to_issue' && risk.kind === 'issue'
            ? 'Only a risk can be converted to an issue.'
            : `This ${risk.kind} is ${risk.status}: it cannot take the action "${action}".`,
        ],
      });
      return;
    }
    mutate(db, (state) => {
      const log = (field: string, from: string, to: string) =>
        logChange(state, risk, persona.userId, field, from, to);
      if (action === 'reopen') {
        log('resolution', displayValue('resolution', risk.resolution), 'Open');
        risk.status = 'open';
        risk.resolution = null;
      } else if (action === 'convert_to_issue') {
        convertToIssue(risk);
        log('kind', 'Risk', 'Issue');
      } else {
        risk.status = 'closed';
        risk.resolution = RESOLUTION_OF[action];
        log('resolution', 'Open', displayValue('resolution', risk.resolution));
      }
      risk.resolution_comment = comment;
    });
    res.json(riskBody(persona, risk));
  });

  router.post('/risks/:id/actions/', requireObjectBody, (req, res) => {
    const access = visibleRisk(db, req, res);
    if (!access) return;
    const { risk, persona, state } = access;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const action = choiceField(errors, body, 'action', RISK_ACTIONS);
    const asks = (REQUEST_ACTIONS as readonly string[]).includes(action ?? '');
    const recipientId = asks ? userField(errors, state, body, 'recipient_id') : 0;
    if (asks && recipientId === persona.userId)
      errors.add('recipient_id', 'Choose someone other than yourself.');
    else if (asks && recipientId && !mayActOn(recipientId))
      errors.add('recipient_id', RECIPIENT_NOT_ELIGIBLE(risk.kind));
    const comment = optionalText(errors, body, 'comment', TEXT_MAX).trim();
    if (rejected(res, errors) || !action) return;
    if (!mayDo(res, access, capabilityOf(action))) return;
    if (!isOpen(res, risk, 'take this action') || !actionFits(res, access, action)) return;
    mutate(db, (current) => {
      const me = personOf(current, persona.userId);
      if (action === 'propagate' || action === 'delegate' || action === 'escalate') {
        const recipient = personOf(current, recipientId);
        requestAction(current, risk, REQUEST_KIND_OF[action], me, recipient, comment);
      } else if (action === 'raise_awareness' || action === 'lower_awareness') {
        const raised = action === 'raise_awareness';
        const before = risk.awareness_raised ? 'Raised' : 'Lowered';
        risk.awareness_raised = raised;
        logChange(current, risk, me.id, 'awareness', before, raised ? 'Raised' : 'Lowered');
      } else {
        const target = action === 'share_with_account' ? 'account' : 'project';
        const before = risk.shared_with.join(', ');
        if (!risk.shared_with.includes(target)) risk.shared_with.push(target);
        logChange(current, risk, me.id, 'shared_with', before, risk.shared_with.join(', '));
      }
    });
    res.json(riskBody(persona, risk));
  });

  router.post('/risks/:id/transfer/', requireObjectBody, (req, res) => {
    const access = visibleRisk(db, req, res);
    if (!access) return;
    const { risk, persona, state } = access;
    if (!mayDo(res, access, 'transfer')) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const userId = userField(errors, state, body, 'user_id');
    if (userId === persona.userId) errors.add('user_id', 'Choose someone other than yourself.');
    const side = choiceField(errors, body, 'side', TRANSFER_SIDES);
    const comment = optionalText(errors, body, 'comment', TEXT_MAX).trim();
    if (rejected(res, errors) || !side) return;
    if (!isOpen(res, risk, 'be transferred')) return;
    mutate(db, (current) => {
      const before = risk.transfer ? personLabel(risk.transfer.to) : '';
      const to = personOf(current, userId);
      risk.transfer = {
        to,
        side: side as TransferSide,
        comment,
        by: personOf(current, persona.userId),
        at: new Date().toISOString(),
      };
      logChange(
        current,
        risk,
        persona.userId,
        'transfer',
        before,
        `${personLabel(to)}, ${side} side`,
      );
    });
    res.json(riskBody(persona, risk));
  });

  return router;
}

function capabilityOf(action: RiskAction) {
  if (action === 'raise_awareness' || action === 'lower_awareness') return 'awareness' as const;
  if (action === 'share_with_account' || action === 'share_with_project') return 'share' as const;
  return action;
}

/** 400 when the action makes no sense where the risk lives. */
function actionFits(res: Response, { state, risk }: RiskAccess, action: RiskAction): boolean {
  const refuse = (message: string) => {
    drf.badRequest(res, { action: [message] });
    return false;
  };
  if ((action === 'propagate' || action === 'escalate') && !nextScope(state, risk))
    return refuse(`A ${displayValue('level', risk.level)} ${risk.kind} has no level above it.`);
  if (action === 'share_with_account' && risk.level === 'account')
    return refuse(`The ${risk.kind} already lives at the account.`);
  if (action === 'share_with_project' && risk.level === 'project')
    return refuse(`The ${risk.kind} already lives at the project.`);
  return true;
}

/** Spec §4: a risk that happened becomes an issue; its rating gives the priority, its impact the severity. */
function convertToIssue(risk: StoredRisk): void {
  const grade = (rating: string | null): IssueGrade =>
    rating === 'high' ? 'high' : rating === 'low' ? 'low' : 'moderate';
  risk.priority =
    risk.probability === 'high' && risk.impact === 'high' ? 'critical' : grade(risk.rating);
  risk.severity = grade(risk.impact);
  risk.kind = 'issue';
  risk.probability = null;
  risk.impact = null;
  risk.rating = null;
  risk.response_strategy = null;
  risk.response_decision = null;
}
