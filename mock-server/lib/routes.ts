import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  FILE_ERROR,
  type UploadRule,
} from '../../src/api/contract/risks';
import { contentMatches } from './attachments';
import { FieldErrors } from './drf';
import type { MockAnswer, MockRequest } from './http';

/** The whole multipart allowance: five files at the limit plus a megabyte for the text and framing. */
export const MAX_UPLOAD_REQUEST_BYTES = ATTACHMENT_MAX_FILES * ATTACHMENT_MAX_BYTES + 1_048_576;

/** The HTTP methods a route answers. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Handler<Body = unknown> = (req: MockRequest<Body>) => MockAnswer | Promise<MockAnswer>;

/**
 * A multipart upload: its limits, the checks and the record it goes to before a byte of the body
 * is read (a refusal then answers without reading it), and how many files the record holds.
 */
export interface UploadSpec<Target = unknown> {
  rule: UploadRule;
  /** Text fields the form may hold beside `files`, with their longest value. */
  fields?: Record<string, number>;
  /** The access checks (they throw a Refusal) and the record the files go to. */
  target: (req: MockRequest) => Target;
  /** How many files the record holds already: with the new ones, at most `rule.maxFiles`. */
  held?: (target: Target) => number;
  /** The message when they would be too many; the spec's file message when not given. */
  tooMany?: string;
  /** Whether a request with text but no file is taken (a comment); else "No file was submitted.". */
  filesOptional?: boolean;
  /**
   * The text fields' checks, run after the files' on the parsed form: their errors join the
   * files' in one 400 (a comment's text and its attachments).
   */
  checkFields?: (req: MockRequest, errors: FieldErrors) => void;
  /** Stores the checked files and answers. */
  store: (req: MockRequest, target: Target) => MockAnswer | Promise<MockAnswer>;
}

export interface Route {
  method: Method;
  /** The path under `/api`, Express-style: `/risks/:id/comments/`. */
  path: string;
  handler: Handler;
  /**
   * Who may call it: a signed-in user (the default), anyone (`public`: sign-in, token refresh),
   * or whoever holds a link signed in its query (`signed`: a download a browser follows).
   */
  access: 'jwt' | 'public' | 'signed';
  /** The body is a JSON object, as a DRF serializer wants it (400 otherwise). */
  objectBody: boolean;
  upload?: UploadSpec<never>;
}

interface RouteOptions {
  access?: Route['access'];
}

const make =
  (method: Method, objectBody: boolean) =>
  <Body = unknown>(path: string, handler: Handler<Body>, options: RouteOptions = {}): Route => ({
    method,
    path,
    handler: handler as Handler,
    access: options.access ?? 'jwt',
    objectBody,
  });

type ObjectHandler = Handler<Record<string, unknown>>;

/**
 * The routes of an area: `get('/risks/:id/', handler)`. `post`, `put` and `patch` take a JSON
 * object body (DRF's serializers refuse anything else with a 400 before the view runs); `postAny`
 * takes any body or none.
 */
export const route = {
  get: make('GET', false),
  delete: make('DELETE', false),
  post: (path: string, handler: ObjectHandler, options?: RouteOptions) =>
    make('POST', true)(path, handler, options),
  put: (path: string, handler: ObjectHandler, options?: RouteOptions) =>
    make('PUT', true)(path, handler, options),
  patch: (path: string, handler: ObjectHandler, options?: RouteOptions) =>
    make('PATCH', true)(path, handler, options),
  postAny: make('POST', false),
  /** A multipart upload of `files` (and the text fields the spec names). */
  upload: <Target>(method: 'POST' | 'PUT', path: string, spec: UploadSpec<Target>): Route => ({
    method,
    path,
    handler: () => {
      throw new Error(`${path} takes an upload: the adapter runs its spec`);
    },
    access: 'jwt',
    objectBody: false,
    upload: spec as unknown as UploadSpec<never>,
  }),
};

/**
 * The checks of an upload's parsed form, in every runtime: none where one is needed ('No file was
 * submitted.'), an empty file or content that is not what its extension says, more than the
 * record may hold, then the text fields' own checks; all in one set of field errors.
 */
export function uploadErrors(
  spec: UploadSpec<never>,
  request: MockRequest,
  target: never,
): FieldErrors {
  const { rule } = spec;
  const errors = new FieldErrors();
  const { files } = request;
  if (files.length === 0 && !spec.filesOptional) errors.add('files', 'No file was submitted.');
  else if (
    files.some((file) => file.size === 0 || !contentMatches(file.name, file.bytes, rule.extensions))
  )
    errors.add('files', FILE_ERROR);
  else if ((spec.held?.(target) ?? 0) + files.length > rule.maxFiles)
    errors.add('files', spec.tooMany ?? FILE_ERROR);
  spec.checkFields?.(request, errors);
  return errors;
}
