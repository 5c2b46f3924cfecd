import type { DrfFieldErrors } from '../../src/api/contract/drf';
import type { Persona } from '../auth/personas';
import type { TokenClaims } from '../auth/tokens';

/**
 * The mock backend's handlers know no web framework: a handler takes a plain request and returns
 * a plain answer. The Express adapter (lib/express.ts) mounts them behind the DRF edge; the
 * static demo runs the same handlers in the browser.
 */

/** A file of a multipart upload, as the edge parsed it. */
export interface UploadedFile {
  /** The name the browser sent. */
  name: string;
  size: number;
  bytes: Uint8Array;
}

/** The signed-in user of a request: the persona its JWT names. */
export interface SignedInUser {
  persona: Persona;
  claims: TokenClaims;
}

/** What a handler is given: the request as DRF's view would see it, after the edge's checks. */
export interface MockRequest<Body = unknown> {
  method: string;
  /** The path under `/api`, e.g. `/risks/7/comments/`. */
  path: string;
  /** The values of the route pattern's `:name` parts, as text. */
  params: Record<string, string>;
  /** The query as the edge parsed it: a text, or a list of texts for a repeated key. */
  query: Record<string, unknown>;
  /** Request headers, by lower-case name. */
  headers: Record<string, string | undefined>;
  /** The parsed JSON body (undefined without one); a route that takes an object gets one. */
  body: Body;
  /** The multipart upload's files (a route with `uploads`). */
  files: UploadedFile[];
  /** The text fields of a multipart upload. */
  fields: Record<string, unknown>;
  /** The absolute URL of the request, for the links of a page (DRF's `next`, `previous`). */
  url: string;
  /** The signed-in user; every route but a public or signed one has one. */
  auth: SignedInUser;
}

/** What a handler answers: a status, headers, and a JSON body or bytes. */
export interface MockAnswer {
  status: number;
  headers?: Record<string, string>;
  /** A JSON body; undefined for none (a 204). */
  body?: unknown;
  /** Bytes instead of JSON (a download), sent with the headers given. */
  bytes?: Uint8Array;
}

/**
 * An answer thrown from deep inside a handler's checks (a 404 of a record the user may not see, a
 * 403, a 400 of field errors): the route answers it as if the handler had returned it.
 */
export class Refusal extends Error {
  constructor(readonly answer: MockAnswer) {
    super(`HTTP ${answer.status}`);
  }
}

export const json = (body: unknown, status = 200): MockAnswer => ({ status, body });
export const created = (body: unknown): MockAnswer => ({ status: 201, body });
export const noContent = (): MockAnswer => ({ status: 204 });

/** DRF's answers, so the SPA sees what the real backend sends. */
export const drfAnswer = {
  notFound: (): MockAnswer => ({ status: 404, body: { detail: 'Not found.' } }),
  forbidden: (detail = 'You do not have permission to perform this action.'): MockAnswer => ({
    status: 403,
    body: { detail },
  }),
  badRequest: (errors: DrfFieldErrors): MockAnswer => ({ status: 400, body: errors }),
};

/** Ends the handler with DRF's 404. */
export function notFound(): never {
  throw new Refusal(drfAnswer.notFound());
}

/** Ends the handler with DRF's 403, with its standard words or the view's own. */
export function forbidden(detail?: string): never {
  throw new Refusal(drfAnswer.forbidden(detail));
}

/** Ends the handler with a 400 of field errors (`{field: [message]}`). */
export function badRequest(errors: DrfFieldErrors): never {
  throw new Refusal(drfAnswer.badRequest(errors));
}

/** Ends the handler with a 400 of DRF's `non_field_errors`. */
export function ruleBroken(message: string): never {
  badRequest({ non_field_errors: [message] });
}

/** The answer a handler ended with, whether it returned it or threw it as a Refusal. */
export async function answerOf(run: () => MockAnswer | Promise<MockAnswer>): Promise<MockAnswer> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal) return error.answer;
    throw error;
  }
}
