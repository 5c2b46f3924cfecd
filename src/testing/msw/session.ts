import { http, HttpResponse } from 'msw';
import type { CurrentUser } from '../../api/contract/auth';
import { TEST_USER } from './fixtures';
import { API } from './handlers';
import { server } from './server';

/** `GET /api/auth/self/` answers the test user with these changes for the rest of the test. */
export function signedInAs(user: Partial<CurrentUser>) {
  server.use(
    http.get(`${API}/api/auth/self/`, () =>
      HttpResponse.json({ ...TEST_USER, ...user } satisfies CurrentUser),
    ),
  );
}

/** The signed-in user holds these user-level permissions. */
export function signedInWith(permissions: string[]) {
  signedInAs({ permissions });
}
