import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { DrfFieldErrors } from '../src/api/contract/drf';
import { nullsNamed, objectBodyProblem } from './lib/drf';

export * from './lib/drf';

/** Django REST Framework's answers written on an Express response (the demo's /__mock routes, json-server). */
export const drf = {
  notFound: (res: Response) => res.status(404).json({ detail: 'Not found.' }),
  badRequest: (res: Response, errors: DrfFieldErrors) =>
    res.status(400).json(nullsNamed(errors, res.req.body)),
};

/**
 * The body must be a JSON object, as a DRF serializer's: no body at all is an empty one (DRF reads
 * `{}`), `null` is "No data provided", any other value names its type in non_field_errors.
 */
export const requireObjectBody: RequestHandler = (req, res, next) => {
  const problem = objectBodyProblem(req.body);
  if (problem) {
    drf.badRequest(res, problem);
    return;
  }
  if (req.body === undefined) req.body = {};
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
