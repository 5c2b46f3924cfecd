import { matchRequestUrl } from 'msw';
import { onTestFinished } from 'vitest';
import { API } from './msw/handlers';
import { server } from './msw/server';

/**
 * The URLs of the `method` requests to `path` (an MSW path, `/api/risks/` or
 * `/api/dashboard/accounts/:accountId/`) the test makes, in order, observed without answering
 * them: the test's mock backend (or an override) still answers. For a test that asserts which
 * calls the screen made (its filters, a debounce), not what they got. Stops with the test.
 */
export function recordRequests(path: string, method = 'GET'): URL[] {
  const seen: URL[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (request.method === method && matchRequestUrl(url, `${API}${path}`).matches) seen.push(url);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return seen;
}
