import { PROJECT_CARD_FLAG } from '../../src/api/contract/projects';
import type { Persona } from '../auth/personas';
import { detailsOf } from '../areas/projects/model';
import type { MockDb } from '../store/db';
import { forbidden, notFound, type MockRequest } from './http';
import { personOf } from './people';

/**
 * As DRF's permission classes: every one of the flags is checked, in order; the first one the
 * persona lacks is the 403, named.
 */
export function requireFlags(persona: Persona, ...flags: string[]): void {
  for (const flag of flags)
    if (!persona.permissions.includes(flag))
      forbidden(`You do not have permission to perform this action (${flag}).`);
}

/**
 * The project of `:id` for a route of its card: 403 naming the first flag the persona lacks (the
 * card's, then `flags` in order), DRF's 404 for an unknown project. `by` is the caller as a
 * person, for the History.
 */
export function cardAccess(
  db: MockDb,
  req: Pick<MockRequest, 'auth' | 'params'>,
  ...flags: string[]
) {
  const { persona } = req.auth;
  requireFlags(persona, PROJECT_CARD_FLAG, ...flags);
  const state = db.getState();
  const projectId = Number(req.params.id);
  if (!detailsOf(state, projectId)) notFound();
  return { state, persona, projectId, by: personOf(state, persona.userId) };
}

/**
 * The record `rawId` of `rows` that belongs to project `projectId` (and passes `also`, when given):
 * DRF's 404 for any other, so a record of another project is as unknown as a missing one.
 */
export function projectRecord<T extends { id: number; project_id: number }>(
  rows: readonly T[],
  projectId: number,
  rawId: unknown,
  also: (row: T) => boolean = () => true,
): T {
  const id = Number(rawId);
  const found = rows.find((row) => row.id === id && row.project_id === projectId && also(row));
  return found ?? notFound();
}
