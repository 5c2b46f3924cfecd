import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { authOf } from '../auth/middleware';
import { drf, requireObjectBody } from '../drf';
import { closeAfter, isMultipart, refuseOversize, refuseUpload } from '../uploads';
import { extensionOf } from './attachments';
import { nullsNamed } from './drf';
import { answerOf, Refusal, type MockAnswer, type MockRequest, type UploadedFile } from './http';
import { uploadErrors, type Route, type UploadSpec } from './routes';

/**
 * The Express adapter: an area's framework-neutral routes mounted on an Express router behind the
 * DRF edge (mock-server/app.ts: URL resolution, authentication, CSRF, method checks, JSON).
 */

/** Multer's files as a handler is given them. */
export const uploadedFiles = (files: readonly Express.Multer.File[] | undefined): UploadedFile[] =>
  (files ?? []).map((file) => ({ name: file.originalname, size: file.size, bytes: file.buffer }));

/** The plain request a handler is given, read off Express's. */
export function requestOf(req: Request, res: Response): MockRequest {
  const auth = res.locals.auth === undefined ? undefined : authOf(res.locals);
  const files = uploadedFiles(req.files as Express.Multer.File[] | undefined);
  return {
    method: req.method,
    path: req.path,
    params: req.params as Record<string, string>,
    query: req.query as Record<string, unknown>,
    headers: req.headers as Record<string, string | undefined>,
    body: req.body as unknown,
    files,
    fields: req.is('multipart/form-data') ? ((req.body ?? {}) as Record<string, unknown>) : {},
    url: `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`,
    // A public or signed route has no user: its handler never reads one.
    auth: auth as MockRequest['auth'],
  };
}

/** Writes a handler's answer; a 400's "required" for a field sent as null reads "may not be null". */
export function send(req: Request, res: Response, answer: MockAnswer): void {
  res.status(answer.status);
  if (answer.headers) res.set(answer.headers);
  if (answer.bytes) res.send(Buffer.from(answer.bytes));
  else if (answer.body === undefined) res.end();
  else if (answer.status === 400 && isFieldErrors(answer.body))
    res.json(nullsNamed(answer.body, req.body));
  else res.json(answer.body);
}

const isFieldErrors = (body: unknown): body is Record<string, string[]> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/** Runs a handler on the request; its answer is written, any other failure goes to the edge. */
const run =
  (handler: (req: MockRequest) => MockAnswer | Promise<MockAnswer>) =>
  async (req: Request, res: Response, next: NextFunction) => {
    try {
      send(req, res, await answerOf(() => handler(requestOf(req, res))));
    } catch (error) {
      next(error);
    }
  };

/**
 * A signed route answers only a request that carries a signature (`?signature=`); any other goes
 * on to the authenticated route of the same path.
 */
const runSigned = (route: Route) => async (req: Request, res: Response, next: NextFunction) => {
  if ((req.query as Record<string, unknown>).signature === undefined) {
    next();
    return;
  }
  await run(route.handler)(req, res, next);
};

/** The routes with `access` (`signed` ones go before authentication, the rest after it). */
export function expressRouter(routes: readonly Route[], access: 'signed' | 'other'): Router {
  const router = Router({ strict: true });
  for (const route of routes) {
    if ((route.access === 'signed') !== (access === 'signed')) continue;
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    if (route.access === 'signed') router[method](route.path, runSigned(route));
    else if (route.upload) router[method](route.path, refuseOversize, uploadHandler(route.upload));
    else if (route.objectBody) router[method](route.path, requireObjectBody, run(route.handler));
    else router[method](route.path, run(route.handler));
  }
  return router;
}

/**
 * A multipart upload under its spec. Every refusal before the body is read closes the connection
 * rather than read it: not multipart (415), the access checks of `target`. Then the parts: too
 * many, too large or of a type not listed is the spec's file message on `files`; so is an empty
 * file or content that is not what its extension says; none is 'No file was submitted.' unless
 * the form may go without. A refused upload stores nothing.
 */
function uploadHandler(spec: UploadSpec<never>) {
  const { rule } = spec;
  const fields = Object.keys(spec.fields ?? {}).length;
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: rule.maxBytes,
      files: rule.maxFiles,
      fields,
      fieldSize: Math.max(0, ...Object.values(spec.fields ?? {})) * 4,
      parts: rule.maxFiles + fields,
    },
    // A type not listed is refused at its part header, before its bytes are read.
    fileFilter: (_req, file, accept) => {
      if (rule.extensions.includes(extensionOf(file.originalname))) accept(null, true);
      else accept(new multer.MulterError('LIMIT_UNEXPECTED_FILE', 'REFUSED_EXTENSION'));
    },
  }).array('files', rule.maxFiles);

  return async (req: Request, res: Response, next: NextFunction) => {
    closeAfter(res);
    // As DRF's view: the record and the caller's rights on it (403, 404) before the body's
    // parser is asked for it (415).
    let target: never;
    try {
      target = spec.target(requestOf(req, res));
    } catch (error) {
      if (error instanceof Refusal) send(req, res, error.answer);
      else next(error);
      return;
    }
    if (!isMultipart(req, res)) return;
    res.removeHeader('Connection');
    void parse(req, res, (error: unknown) => {
      if (error) {
        refuseUpload(res, error);
        return;
      }
      const request = requestOf(req, res);
      const errors = uploadErrors(spec, request, target);
      if (!errors.isEmpty) {
        drf.badRequest(res, errors.toJSON());
        return;
      }
      void run(() => spec.store(request, target))(req, res, next);
    });
  };
}
