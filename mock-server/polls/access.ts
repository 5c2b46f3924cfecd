import type { Request, Response } from 'express';
import type { PollStatus } from '../../src/api/contract/polls';
import { authOf } from '../auth/middleware';
import type { Persona } from '../auth/personas';
import { FieldErrors, NOT_A_STRING, REQUIRED, drf } from '../drf';
import type { MockState } from '../seed/seed';
import type { StoredPoll } from '../seed/polls';
import type { MockDb } from '../store/db';
import { canSee, pollPermissions } from './view';

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

/** A required non-blank string of at most `max` characters. */
export function requiredText(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  max: number,
): string {
  const value = body[field];
  if (value === undefined || value === null) errors.add(field, REQUIRED);
  else if (typeof value !== 'string') errors.add(field, NOT_A_STRING);
  else if (value.trim() === '') errors.add(field, 'This field may not be blank.');
  else if (value.length > max)
    errors.add(field, `Ensure this field has no more than ${max} characters.`);
  return typeof value === 'string' ? value.trim() : '';
}

/** An optional string (default empty) of at most `max` characters. */
export function optionalText(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  max: number,
): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    errors.add(field, NOT_A_STRING);
    return '';
  }
  if (value.length > max)
    errors.add(field, `Ensure this field has no more than ${max} characters.`);
  return value;
}

/** A primary key of a known user, as DRF's PrimaryKeyRelatedField says it. */
export function userField(
  errors: FieldErrors,
  state: MockState,
  body: Record<string, unknown>,
  field = 'user_id',
): number {
  const value = body[field];
  if (value === undefined || value === null) {
    errors.add(field, REQUIRED);
    return 0;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    errors.add(field, `Incorrect type. Expected pk value, received ${typeof value}.`);
    return 0;
  }
  if (!state.people.some((person) => person.id === value)) {
    errors.add(field, `Invalid pk "${value}" - object does not exist.`);
    return 0;
  }
  return value;
}

/** A `YYYY-MM-DD` date. */
export function dateField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    errors.add(field, REQUIRED);
    return '';
  }
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
  ) {
    errors.add(field, 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
    return '';
  }
  return value;
}

/** Sends the collected field errors; true when there were some. */
export function rejected(res: Response, errors: FieldErrors): boolean {
  if (errors.isEmpty) return false;
  drf.badRequest(res, errors.toJSON());
  return true;
}
