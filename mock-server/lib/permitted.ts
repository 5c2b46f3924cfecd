import { requireFlags } from './cardAccess';
import { objectBodyProblem } from './drf';
import { badRequest, type MockRequest } from './http';
import { route, type Handler, type Method, type Route } from './routes';

type ObjectHandler = Handler<Record<string, unknown>>;

/**
 * Routes behind DRF's permission classes of `flags`: every flag is checked, in order, before
 * anything else of the request is looked at, the body's shape included (a caller without the flag
 * who sends a list gets the 403 that names it, not the serializer's 400). `post`, `put` and
 * `patch` then take a JSON object body, as `route.post` does (no body at all reads as `{}`).
 */
export function permitted(...flags: string[]) {
  const check = (req: MockRequest) => requireFlags(req.auth.persona, ...flags);
  const withObjectBody =
    (method: Method) =>
    (path: string, handler: ObjectHandler): Route => ({
      method,
      path,
      handler: (req) => {
        check(req);
        const problem = objectBodyProblem(req.body);
        if (problem) badRequest(problem);
        return handler({ ...req, body: (req.body ?? {}) as Record<string, unknown> });
      },
      access: 'jwt',
      // Checked above, after the flags.
      objectBody: false,
    });
  return {
    get: (path: string, handler: Handler) =>
      route.get(path, (req) => {
        check(req);
        return handler(req);
      }),
    delete: (path: string, handler: Handler) =>
      route.delete(path, (req) => {
        check(req);
        return handler(req);
      }),
    post: withObjectBody('POST'),
    put: withObjectBody('PUT'),
    patch: withObjectBody('PATCH'),
  };
}
