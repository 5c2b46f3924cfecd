import type { Request, Response } from 'express';
import type { PollStatus } from '../../../src/api/contract/polls';
import type { Persona } from '../../auth/personas';
import { authOf } from '../../auth/middleware';
import { forbidden, notFound, Refusal, ruleBroken, type MockRequest } from '../../lib/http';
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

// The Express versions, for the route of compare until it is an area.

/** Runs a neutral check on an Express response: true, or false once its refusal is sent. */
function passes(res: Response, check: () => void): boolean {
  try {
    check();
    return true;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    res.status(error.answer.status).json(error.answer.body);
    return false;
  }
}

/** visiblePoll on an Express route: undefined once the 404 is sent. */
export function expressVisiblePoll(
  db: MockDb,
  req: Request,
  res: Response,
): PollAccess | undefined {
  let access: PollAccess | undefined;
  const auth = authOf(res.locals);
  return passes(res, () => {
    access = visiblePoll(db, { auth, params: req.params as Record<string, string> });
  })
    ? access
    : undefined;
}

/** requirePollPermission on an Express route: false once the 403 is sent. */
export const allowed = (res: Response, access: PollAccess, permission: string): boolean =>
  passes(res, () => requirePollPermission(access, permission));
