import { RECIPIENT_NOT_ELIGIBLE } from '../../../src/api/contract/actionRequests';
import { personLabel } from '../../../src/api/contract/display';
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
import type { AreaServices } from '../../lib/area';
import { nowIso } from '../../lib/clock';
import { choiceField, FieldErrors, optionalText, userField } from '../../lib/drf';
import { badRequest, json, ruleBroken } from '../../lib/http';
import { personOf } from '../../lib/people';
import { route, type Route } from '../../lib/routes';
import { mutate } from '../../store/db';
import {
  mayActOn,
  requireCapability,
  requireOpen,
  riskBody,
  riskOf,
  type RiskAccess,
} from './access';
import { REQUEST_KIND_OF, requestAction } from './actionRequests';
import { displayValue, logChange } from './history';
import type { StoredRisk } from './model';
import { nextScope } from './scopes';

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
export function actionRoutes({ db }: AreaServices): Route[] {
  return [
    route.post('/risks/:id/resolution/', (req) => {
      const access = riskOf(db, req);
      const { risk, persona } = access;
      const { body } = req;
      const errors = new FieldErrors();
      const action = choiceField(errors, body, 'action', RESOLUTION_ACTIONS);
      const comment = optionalText(errors, body, 'comment', TEXT_MAX).trim();
      errors.refuseIfAny();
      const chosen = action!;
      requireCapability(access, chosen === 'reopen' ? 'reopen' : 'resolution');
      const legal =
        chosen === 'reopen'
          ? risk.status === 'closed'
          : risk.status === 'open' && (chosen !== 'convert_to_issue' || risk.kind === 'risk');
      if (!legal)
        ruleBroken(
          chosen === 'convert_to_issue' && risk.kind === 'issue'
            ? 'Only a risk can be converted to an issue.'
            : `This ${risk.kind} is ${risk.status}: it cannot take the action "${chosen}".`,
        );
      mutate(db, (state) => {
        const log = (field: string, from: string, to: string) =>
          logChange(state, risk, persona.userId, field, from, to);
        if (chosen === 'reopen') {
          log('resolution', displayValue('resolution', risk.resolution), 'Open');
          risk.status = 'open';
          risk.resolution = null;
        } else if (chosen === 'convert_to_issue') {
          convertToIssue(risk);
          log('kind', 'Risk', 'Issue');
        } else {
          risk.status = 'closed';
          risk.resolution = RESOLUTION_OF[chosen];
          log('resolution', 'Open', displayValue('resolution', risk.resolution));
        }
        risk.resolution_comment = comment;
      });
      return json(riskBody(persona, risk));
    }),

    route.post('/risks/:id/actions/', (req) => {
      const access = riskOf(db, req);
      const { risk, persona, state } = access;
      const { body } = req;
      const errors = new FieldErrors();
      const action = choiceField(errors, body, 'action', RISK_ACTIONS);
      const asks = (REQUEST_ACTIONS as readonly string[]).includes(action ?? '');
      const recipientId = asks ? userField(errors, state, body, 'recipient_id') : 0;
      if (asks && recipientId === persona.userId)
        errors.add('recipient_id', 'Choose someone other than yourself.');
      else if (asks && recipientId && !mayActOn(recipientId))
        errors.add('recipient_id', RECIPIENT_NOT_ELIGIBLE(risk.kind));
      const comment = optionalText(errors, body, 'comment', TEXT_MAX).trim();
      errors.refuseIfAny();
      const chosen = action!;
      requireCapability(access, capabilityOf(chosen));
      requireOpen(risk, 'take this action');
      requireFit(access, chosen);
      mutate(db, (current) => {
        const me = personOf(current, persona.userId);
        if (chosen === 'propagate' || chosen === 'delegate' || chosen === 'escalate') {
          const recipient = personOf(current, recipientId);
          requestAction(current, risk, REQUEST_KIND_OF[chosen], me, recipient, comment);
        } else if (chosen === 'raise_awareness' || chosen === 'lower_awareness') {
          const raised = chosen === 'raise_awareness';
          const before = risk.awareness_raised ? 'Raised' : 'Lowered';
          risk.awareness_raised = raised;
          logChange(current, risk, me.id, 'awareness', before, raised ? 'Raised' : 'Lowered');
        } else {
          const target = chosen === 'share_with_account' ? 'account' : 'project';
          const before = risk.shared_with.join(', ');
          if (!risk.shared_with.includes(target)) risk.shared_with.push(target);
          logChange(current, risk, me.id, 'shared_with', before, risk.shared_with.join(', '));
        }
      });
      return json(riskBody(persona, risk));
    }),

    route.post('/risks/:id/transfer/', (req) => {
      const access = riskOf(db, req);
      const { risk, persona, state } = access;
      requireCapability(access, 'transfer');
      const { body } = req;
      const errors = new FieldErrors();
      const userId = userField(errors, state, body, 'user_id');
      if (userId === persona.userId) errors.add('user_id', 'Choose someone other than yourself.');
      const side = choiceField(errors, body, 'side', TRANSFER_SIDES);
      const comment = optionalText(errors, body, 'comment', TEXT_MAX).trim();
      errors.refuseIfAny();
      requireOpen(risk, 'be transferred');
      mutate(db, (current) => {
        const before = risk.transfer ? personLabel(risk.transfer.to) : '';
        const to = personOf(current, userId);
        risk.transfer = {
          to,
          side: side as TransferSide,
          comment,
          by: personOf(current, persona.userId),
          at: nowIso(),
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
      return json(riskBody(persona, risk));
    }),
  ];
}

function capabilityOf(action: RiskAction) {
  if (action === 'raise_awareness' || action === 'lower_awareness') return 'awareness' as const;
  if (action === 'share_with_account' || action === 'share_with_project') return 'share' as const;
  return action;
}

/** 400 when the action makes no sense where the risk lives. */
function requireFit({ state, risk }: RiskAccess, action: RiskAction): void {
  const refuse = (message: string) => badRequest({ action: [message] });
  if ((action === 'propagate' || action === 'escalate') && !nextScope(state, risk))
    refuse(`A ${displayValue('level', risk.level)} ${risk.kind} has no level above it.`);
  if (action === 'share_with_account' && risk.level === 'account')
    refuse(`The ${risk.kind} already lives at the account.`);
  if (action === 'share_with_project' && risk.level === 'project')
    refuse(`The ${risk.kind} already lives at the project.`);
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
