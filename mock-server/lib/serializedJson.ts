import type { MockAnswer } from './http';

/**
 * A JSON body serialised once, as bytes: a large view every caller shares (the portfolio, the
 * planner's grid) is memoised this way, so a call copies it instead of serialising it again.
 */
export const serializedJson = (body: unknown): Uint8Array =>
  new TextEncoder().encode(JSON.stringify(body));

/** The answer of a body serialised beforehand: the bytes and the type a JSON answer has. */
export const serializedJsonAnswer = (bytes: Uint8Array): MockAnswer => ({
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  bytes,
});
