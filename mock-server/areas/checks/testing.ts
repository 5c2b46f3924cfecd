import request from 'supertest';
import { expect, it } from 'vitest';
import type { Poll } from '../../../src/api/contract/polls';
import type { MockApp } from '../../app';
import { signIn, type SignedIn } from '../../testing/signIn';

/** What the tests of the checks and their surveys share. */

export const poll = (id: number) => `/api/polls/${id}/`;
export const as = (persona: string, app: MockApp) => signIn(persona, { app });

export async function getPoll({ app, auth }: SignedIn, id: number): Promise<Poll> {
  const res = await request(app).get(poll(id)).set(auth);
  expect(res.status).toBe(200);
  return res.body as Poll;
}

export type BodyRoute = [method: 'post' | 'put' | 'patch', path: string, persona: string];

/** Each route refuses malformed JSON and a body that is not an object with a 400, storing nothing. */
export function refusesBadBodies(routes: BodyRoute[]): void {
  it.each(routes)(
    '%s %s refuses malformed JSON and a body that is not an object',
    async (method, path, persona) => {
      const user = await signIn(persona);
      const before = JSON.stringify(user.app.mock.db.getState());
      const agent = request(user.app);
      const call = () => agent[method](path).set(user.headers);
      const malformed = await call().set('Content-Type', 'application/json').send('{"reason": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body.detail).toMatch(/JSON parse error/);
      const list = await call().send([1, 2]);
      expect(list.status).toBe(400);
      expect(list.body.non_field_errors[0]).toMatch(/Expected a dictionary/);
      expect(JSON.stringify(user.app.mock.db.getState())).toBe(before);
    },
  );
}
