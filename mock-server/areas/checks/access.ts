import type { Request, Response } from 'express';
import type { PollStatus } from '../../../src/api/contract/polls';
import { authOf } from '../../auth/middleware';
import type { Persona } from '../../auth/personas';
import { drf } from '../../drf';
import type { MockState } from '../../store/state';
import type { StoredPoll } from './state';
import type { MockDb } from '../../store/db';
import { canSee, pollPermissions } from './model';

export interface PollAccess {
  state: MockState;
  poll: StoredPoll;
  persona: Persona;
}

/** The poll of `:id` if this user may see it; a 404 (DRF's "Not found.") otherwise. */
export function visiblePoll(db: MockDb, req: Request, res: Response): PollAccess | undefined {
  const { persona } = authOf(res.locals);
  const id = Number(req.params.id);
  const state = db.getState();
  const poll = Number.isInteger(id)
    ? state.polls.find((candidate) => candidate.id === id)
    : undefined;
  if (!poll || !canSee(persona, poll)) {
    drf.notFound(res);
    return undefined;
  }
  return { state, poll, persona };
}

/** 403 unless the poll's `user_permissions` hold the permission. */
export function allowed(res: Response, { persona, poll }: PollAccess, permission: string): boolean {
  if (pollPermissions(persona, poll).includes(permission)) return true;
  drf.forbidden(res);
  return false;
}

/** 400 with DRF's non_field_errors when the status machine forbids the step. */
export function inStatus(
  res: Response,
  poll: StoredPoll,
  statuses: readonly PollStatus[],
  action: string,
): boolean {
  if (statuses.includes(poll.status)) return true;
  drf.badRequest(res, {
    non_field_errors: [`A check in status "${poll.status}" cannot be ${action}.`],
  });
  return false;
}
