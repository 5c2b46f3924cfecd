import { http, HttpResponse } from 'msw';
import type { TokenRefreshResponse } from '../../api/contract/auth';
import type { BannerResponse } from '../../api/contract/banner';
import { TEST_USER } from './fixtures';

export const API = 'http://localhost:3000';

/**
 * A few happy paths of the session, for tests that do not start the mock backend
 * (src/testing/mockBackend.ts). Error cases are narrow per-test overrides (`server.use`).
 */
export const handlers = [
  http.get(`${API}/api/auth/self/`, () => HttpResponse.json(TEST_USER)),
  http.post(`${API}/api/auth/token/refresh/`, () =>
    HttpResponse.json({ access: 'fresh-access' } satisfies TokenRefreshResponse),
  ),
  http.delete(`${API}/api/auth/logout/`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${API}/api/admin_extensions/banner/`, () =>
    HttpResponse.json({ html_text: '<p>Hello</p>' } satisfies BannerResponse),
  ),
];
