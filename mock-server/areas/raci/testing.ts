import request from 'supertest';
import { expect } from 'vitest';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import type { RaciCell, RaciMatrix, RaciMatrixPut } from '../../../src/api/contract/raci';
import type { SignedIn } from '../../testing/signIn';

/** The calls the matrix's tests make (raci.test.ts, raciValidation.test.ts). */

export const matrixPath = (projectId: number, fn: string) =>
  `/api/projects/${projectId}/raci/${fn}/`;
export const validatePath = (projectId: number, fn: string) =>
  `${matrixPath(projectId, fn)}validate/`;
export const snapshotPath = (projectId: number, fn: string) =>
  `${matrixPath(projectId, fn)}snapshot/`;

export async function getMatrix({ app, auth }: SignedIn, projectId: number, fn: string) {
  const res = await request(app).get(matrixPath(projectId, fn)).set(auth);
  expect(res.status).toBe(200);
  return res.body as RaciMatrix;
}

/** The PUT body of a matrix as it stands, with `change` applied to its rows. */
export function bodyOf(
  matrix: RaciMatrix,
  change: (rows: Record<string, Record<string, RaciCell>>) => void = () => undefined,
): RaciMatrixPut {
  const activities = Object.fromEntries(
    matrix.activities.map((activity) => [activity.code, { ...activity.cells }]),
  );
  change(activities);
  return { activities };
}

export const put = (session: SignedIn, projectId: number, fn: string, body: unknown) =>
  request(session.app)
    .put(matrixPath(projectId, fn))
    .set(session.headers)
    .send(body as object);

export const historyOf = async ({ app, auth }: SignedIn, projectId: number) =>
  (await request(app).get(`/api/projects/${projectId}/history/`).set(auth))
    .body as ProjectHistoryEntry[];

export const accountableOf = (cells: Record<string, RaciCell>) =>
  Object.keys(cells).find((role) => cells[role] === 'A')!;
