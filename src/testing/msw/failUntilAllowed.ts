import { http, HttpResponse, type JsonBodyType } from 'msw';
import { API } from './handlers';
import { server } from './server';

/** What a call gets until the test allows it through: a status and its JSON body, if any. */
export interface Failure {
  status: number;
  body?: JsonBodyType;
}

/** A call that fails until the test allows it through. */
export interface HeldCall {
  /** From now on the calls go on: to the test's mock backend, or to a handler set before. */
  allow(): void;
  /** How many calls came, failed or let through. */
  calls(): number;
}

/**
 * For the failures the seed cannot give (a 500, a 503, a refusal the screen never provokes):
 * `method path` answers `failure` (a 500 `{ detail: 'Boom' }` unless told) until the test calls
 * `allow()`, then goes on to the test's mock backend (src/testing/mockBackend.ts). A failed load
 * and its Try again, a save that fails and is sent again.
 */
export function failUntilAllowed(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  failure: Failure = { status: 500, body: { detail: 'Boom' } },
): HeldCall {
  let allowed = false;
  let calls = 0;
  server.use(
    http[method](`${API}${path}`, () => {
      calls += 1;
      if (allowed) return undefined;
      const init = { status: failure.status };
      return failure.body === undefined
        ? new HttpResponse(null, init)
        : HttpResponse.json(failure.body, init);
    }),
  );
  return {
    allow: () => {
      allowed = true;
    },
    calls: () => calls,
  };
}
