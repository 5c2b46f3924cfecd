import { http, type JsonBodyType } from 'msw';
import { API } from './handlers';
import { server } from './server';

/**
 * Records the JSON bodies sent to `path` and answers each with `answer`; without `answer` (or when
 * it gives nothing), the call goes on to the test's mock backend (src/testing/mockBackend.ts).
 */
export function recordJson(
  method: 'post' | 'patch' | 'put',
  path: string,
  answer?: (body: JsonBodyType) => Response | undefined,
) {
  const bodies: JsonBodyType[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      const body = (await request.clone().json()) as JsonBodyType;
      bodies.push(body);
      return answer?.(body);
    }),
  );
  return bodies;
}
