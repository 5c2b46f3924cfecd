import type { ActionRequest, ActionRequestKind } from '../../../src/api/contract/actionRequests';
import type { PersonRef } from '../../../src/api/contract/risks';
import type { MockState } from '../../store/state';
import { personLabel } from '../../../src/api/contract/display';
import { displayValue, logChange } from './history';
import { nextId } from '../../lib/ids';
import type { StoredRisk } from './model';
import { NEXT_LEVEL, moveTo, nextScope } from './scopes';
import { nowIso } from '../../lib/clock';

export const REQUEST_KIND_OF = {
  propagate: 'propagation',
  delegate: 'delegation',
  escalate: 'escalation',
} as const satisfies Record<string, ActionRequestKind>;

/** A propagation, delegation or escalation of the risk, pending the recipient's decision. */
export function requestAction(
  state: MockState,
  risk: StoredRisk,
  kind: ActionRequestKind,
  requester: PersonRef,
  recipient: PersonRef,
  comment: string,
): ActionRequest {
  const request: ActionRequest = {
    id: nextId(state.actionRequests),
    kind,
    status: 'pending',
    subject: {
      id: risk.id,
      type: risk.kind,
      title: risk.statement,
      level: risk.level,
      scope_name: risk.scope.name,
    },
    target_level: kind === 'delegation' ? risk.level : (NEXT_LEVEL[risk.level] ?? risk.level),
    requested_by: requester,
    recipient,
    comment,
    created_at: nowIso(),
    decided_at: null,
  };
  state.actionRequests.push(request);
  logChange(
    state,
    risk,
    requester.id,
    'action',
    '',
    `${kind} requested from ${personLabel(recipient)}`,
  );
  return request;
}

/**
 * What an accepted request does to its risk: an escalation or a propagation moves it to the scope
 * one level up (the project's account, the account's business line, the line's segment); a
 * delegation makes the recipient its owner. A rejection only enters the history.
 */
export function applyDecision(state: MockState, request: ActionRequest): void {
  const risk = state.risks.find((candidate) => candidate.id === request.subject.id);
  if (!risk) return;
  const by = request.recipient.id;
  if (request.status !== 'accepted') {
    logChange(state, risk, by, 'action', '', `${request.kind} ${request.status}`);
    return;
  }
  if (request.kind === 'delegation') {
    const before = risk.owner;
    risk.owner = request.recipient;
    logChange(state, risk, by, 'owner', personLabel(before), personLabel(request.recipient));
    return;
  }
  const target = nextScope(state, risk);
  if (!target) {
    logChange(state, risk, by, 'action', '', `${request.kind} accepted`);
    return;
  }
  const before = `${displayValue('level', risk.level)}: ${risk.scope.name}`;
  moveTo(risk, target);
  logChange(
    state,
    risk,
    by,
    'level',
    before,
    `${displayValue('level', risk.level)}: ${risk.scope.name}`,
  );
}
