import type { Request, RequestHandler, Response } from 'express';
import { authOf } from '../auth/middleware';
import type { Persona } from '../auth/personas';
import type { MockDb } from '../store/db';
import {
  cardAccess as neutralCardAccess,
  projectRecord as neutralProjectRecord,
  requireFlags,
} from '../lib/cardAccess';
import { Refusal } from '../lib/http';

/** 403 naming the flag the user lacks; true when refused. */
export function lacksFlag(res: Response, persona: Persona, flag: string): boolean {
  return refusedOn(res, () => (requireFlags(persona, flag), true)) === undefined;
}

/** Runs a neutral check on an Express response: its value, or undefined once its refusal is sent. */
function refusedOn<T>(res: Response, check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    res.status(error.answer.status).json(error.answer.body);
    return undefined;
  }
}

/**
 * As DRF's permission classes: every one of the flags is checked, in order, before the body is
 * read; the first one lacking is the 403 (named).
 */
export const needsFlags =
  (...flags: string[]): RequestHandler =>
  (_req, res, next) => {
    const { persona } = authOf(res.locals);
    for (const flag of flags) if (lacksFlag(res, persona, flag)) return;
    next();
  };

/** lib/cardAccess.ts's cardAccess on an Express route: undefined once refused. */
export function cardAccess(db: MockDb, req: Request, res: Response, ...flags: string[]) {
  return refusedOn(res, () =>
    neutralCardAccess(
      db,
      { auth: authOf(res.locals), params: req.params as Record<string, string> },
      ...flags,
    ),
  );
}

/** lib/cardAccess.ts's projectRecord on an Express route: undefined once answered (404). */
export function projectRecord<T extends { id: number; project_id: number }>(
  res: Response,
  rows: readonly T[],
  projectId: number,
  rawId: unknown,
  also: (row: T) => boolean = () => true,
): T | undefined {
  return refusedOn(res, () => neutralProjectRecord(rows, projectId, rawId, also));
}
