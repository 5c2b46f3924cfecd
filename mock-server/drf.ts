import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { DrfFieldErrors } from '../src/api/contract/drf';

/** Django REST Framework's answers, so the SPA sees what the real backend sends. */
export const drf = {
  notFound: (res: Response) => res.status(404).json({ detail: 'Not found.' }),
  forbidden: (res: Response, detail = 'You do not have permission to perform this action.') =>
    res.status(403).json({ detail }),
  badRequest: (res: Response, errors: DrfFieldErrors) => res.status(400).json(errors),
  methodNotAllowed: (req: Request, res: Response, allowed?: readonly string[]) => {
    if (allowed) res.set('Allow', allowed.join(', '));
    return res.status(405).json({ detail: `Method "${req.method}" not allowed.` });
  },
};

/** Collects field errors the way a DRF serializer does: every problem, not only the first. */
export class FieldErrors {
  // A Map, so that a field named '__proto__' or 'constructor' is a field like any other.
  private readonly errors = new Map<string, string[]>();

  add(field: string, message: string): void {
    const messages = this.errors.get(field);
    if (messages) messages.push(message);
    else this.errors.set(field, [message]);
  }

  get isEmpty(): boolean {
    return this.errors.size === 0;
  }

  toJSON(): DrfFieldErrors {
    return Object.fromEntries(this.errors);
  }
}

export const REQUIRED = 'This field is required.';
export const NOT_A_STRING = 'Not a valid string.';
export const BLANK = 'This field may not be blank.';
export const TOO_LONG = (max: number) => `Ensure this field has no more than ${max} characters.`;
export const INVALID_CHOICE = (value: unknown) =>
  `Select a valid choice. ${String(value)} is not one of the available choices.`;
export const NOT_AN_OBJECT = (type: string) =>
  `Invalid data. Expected a dictionary, but got ${type}.`;

export function typeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Field parsers: each adds DRF's message for its field to `errors` and returns a usable value.

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
  else if (value.trim() === '') errors.add(field, BLANK);
  else if (value.length > max) errors.add(field, TOO_LONG(max));
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
  if (value.length > max) errors.add(field, TOO_LONG(max));
  return value;
}

/** A primary key of a known user, as DRF's PrimaryKeyRelatedField says it. */
export function userField(
  errors: FieldErrors,
  state: { people: readonly { id: number }[] },
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

/** A query parameter that must be one of `choices` when given (DRF's ChoiceFilter). */
export function queryChoice<T extends string>(
  errors: FieldErrors,
  query: Record<string, unknown>,
  field: string,
  choices: readonly T[],
): T | undefined {
  const value = query[field];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    errors.add(field, INVALID_CHOICE(value));
    return undefined;
  }
  return value as T;
}

/** A whole-number query parameter when given (DRF's NumberFilter). */
export function queryInteger(
  errors: FieldErrors,
  query: Record<string, unknown>,
  field: string,
): number | undefined {
  const value = query[field];
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isInteger(number)) {
    errors.add(field, 'Enter a whole number.');
    return undefined;
  }
  return number;
}

/** The body must be a JSON object; answers DRF's non_field_errors otherwise. */
export const requireObjectBody: RequestHandler = (req, res, next) => {
  if (!isPlainObject(req.body)) {
    drf.badRequest(res, { non_field_errors: [NOT_AN_OBJECT(typeName(req.body ?? null))] });
    return;
  }
  next();
};

/** Malformed JSON → 400 as DRF's JSONParser says it; anything else → a logged 500 with no stack. */
export const drfErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const typed = error as { type?: string; status?: number; message?: string };
  if (typed.type === 'entity.parse.failed') {
    res.status(400).json({ detail: `JSON parse error - ${typed.message ?? 'invalid JSON'}` });
    return;
  }
  if (typed.type === 'entity.too.large') {
    res.status(413).json({ detail: 'Request entity too large.' });
    return;
  }
  if (typed.status && typed.status >= 400 && typed.status < 500) {
    res.status(typed.status).json({ detail: typed.message ?? 'Bad request.' });
    return;
  }
  console.error(`[mock] ${req.method} ${req.originalUrl} failed:`, typed.message);
  res.status(500).json({ detail: 'A server error occurred.' });
};
