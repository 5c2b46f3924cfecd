import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { DrfFieldErrors } from '../src/api/contract/drf';

/** Django REST Framework's answers, so the SPA sees what the real backend sends. */
export const drf = {
  notFound: (res: Response) => res.status(404).json({ detail: 'Not found.' }),
  forbidden: (res: Response, detail = 'You do not have permission to perform this action.') =>
    res.status(403).json({ detail }),
  badRequest: (res: Response, errors: DrfFieldErrors) => res.status(400).json(errors),
  methodNotAllowed: (req: Request, res: Response) =>
    res.status(405).json({ detail: `Method "${req.method}" not allowed.` }),
};

/** Collects field errors the way a DRF serializer does: every problem, not only the first. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  get isEmpty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  toJSON(): DrfFieldErrors {
    return this.errors;
  }
}

export const REQUIRED = 'This field is required.';
export const NOT_A_STRING = 'Not a valid string.';
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
