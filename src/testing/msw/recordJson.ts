import { http, type JsonBodyType } from 'msw';
import { API } from './handlers';
import { server } from './server';

/** Records the JSON bodies sent to `path` and answers each with `answer`. */
export function recordJson(
  method: 'post' | 'patch',
  path: string,
  answer: (body: JsonBodyType) => Response,
) {
  const bodies: JsonBodyType[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      const body = (await request.json()) as JsonBodyType;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}
