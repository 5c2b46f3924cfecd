import { objectBodyProblem } from './drf';
import { badRequest, type MockRequest } from './http';

/**
 * The JSON object body of a route whose view checks permissions before its serializer reads the
 * body (a `route.postAny`): the same 400 as `route.post`'s check (`null` is "No data provided",
 * any other value names its type), no body at all an empty object, but only once the checks
 * before it have passed.
 */
export function objectBody(req: Pick<MockRequest, 'body'>): Record<string, unknown> {
  const problem = objectBodyProblem(req.body);
  if (problem) badRequest(problem);
  return (req.body ?? {}) as Record<string, unknown>;
}
