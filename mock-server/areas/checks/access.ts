import type { PollStatus } from '../../../src/api/contract/polls';
import type { Persona } from '../../auth/personas';
import { forbidden, notFound, ruleBroken, type MockRequest } from '../../lib/http';
import type { MockState } from '../../store/state';
import type { StoredPoll } from './state';
import type { MockDb } from '../../store/db';
import { canSee, pollPermissions } from './model';

export interface PollAccess {
  state: MockState;
  poll: StoredPoll;
  persona: Persona;
}

/** The check of `:id` if this user may see it; else the handler ends with DRF's 404. */
export function visiblePoll(db: MockDb, req: Pick<MockRequest, 'auth' | 'params'>): PollAccess {
  const { persona } = req.auth;
  const id = Number(req.params.id);
  const state = db.getState();
  const poll = Number.isInteger(id)
    ? state.polls.find((candidate) => candidate.id === id)
    : undefined;
  if (!poll || !canSee(persona, poll)) notFound();
  return { state, poll, persona };
}

/** Ends the handler with a 403 unless the check's `user_permissions` hold the permission. */
export function requirePollPermission({ persona, poll }: PollAccess, permission: string): void {
  if (!pollPermissions(persona, poll).includes(permission)) forbidden();
}

/** Ends the handler with DRF's non_field_errors when the status machine forbids the step. */
export function requireStatus(
  poll: StoredPoll,
  statuses: readonly PollStatus[],
  action: string,
): void {
  if (!statuses.includes(poll.status))
    ruleBroken(`A check in status "${poll.status}" cannot be ${action}.`);
}
