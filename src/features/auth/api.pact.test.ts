import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../api/contract/auth';
import { dataFrom, interactionsOf, signedInStore } from '../../testing/pact/interactions';
import {
  EXAMPLE_ACCESS,
  EXAMPLE_REFRESH,
  EXPIRED_ACCESS,
  STATES,
  authorizedWithExpiredToken,
  createPact,
  storeAgainst,
} from '../../testing/pact/provider';
import { authApi } from './api';

const { like, eachLike, string, integer, boolean, fromProviderState } = MatchersV3;

const userBody = {
  id: integer(1),
  name: string('Alex Morgan'),
  login: string('amorgan'),
  permissions: eachLike('CAN_VIEW_PROJECT_CARD'),
  risk_action_requests_counter: integer(3),
  available_checklists_counter: integer(124),
  banner: like({ isHideBanner: boolean(false), text: string('<p>Banner</p>') }),
  isPortfolio: boolean(false),
};

const tokenNotValid = {
  detail: string('Given token not valid for any token type'),
  code: 'token_not_valid',
};

describe('auth calls (spec §7)', () => {
  const pact = createPact();
  const interaction = interactionsOf(pact);
  const currentUser = () =>
    interaction(STATES.signedIn, 'a request for the current user')
      .get('/api/auth/self/')
      .willRespondWith(200, (b) => b.jsonBody(userBody));

  it('GET /api/auth/self/ returns the signed-in user', () =>
    currentUser().executeTest(async (mock) => {
      const user: CurrentUser = await dataFrom(mock, authApi.endpoints.getCurrentUser);
      expect(user.permissions).toContain('CAN_VIEW_PROJECT_CARD');
      expect(user.available_checklists_counter).toBeGreaterThan(99);
    }));

  it('GET /api/auth/self/?platform=true adds the platform projects', () =>
    interaction(STATES.signedIn, 'a request for the current user with platform projects')
      .get('/api/auth/self/', { platform: 'true' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...userBody,
          platform_projects: eachLike({ id: integer(7), name: string('Atlas migration') }),
        }),
      )
      .executeTest(async (mock) => {
        const user = await dataFrom(mock, authApi.endpoints.getCurrentUserWithPlatform);
        expect(user.platform_projects[0]).toEqual({ id: 7, name: 'Atlas migration' });
      }));

  const expiredSelf = () =>
    pact
      .addInteraction()
      .given(STATES.accessExpired.name)
      .uponReceiving('a request for the current user with an expired access token')
      .withRequest('GET', '/api/auth/self/', (b) => b.headers(authorizedWithExpiredToken()))
      .willRespondWith(401, (b) => b.jsonBody(tokenNotValid));

  it('an expired access token is refreshed once and the call retried', () => {
    expiredSelf();
    pact
      .addInteraction()
      .given(STATES.signedIn.name)
      .uponReceiving('a token refresh with a valid refresh token')
      .withRequest('POST', '/api/auth/token/refresh/', (b) =>
        b.jsonBody({ refresh: fromProviderState('${refreshToken}', EXAMPLE_REFRESH) }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ access: string(EXAMPLE_ACCESS) }));
    return currentUser().executeTest(async (mock) => {
      const store = storeAgainst(mock.url, { access: EXPIRED_ACCESS, refresh: EXAMPLE_REFRESH });
      const user = await store.dispatch(authApi.endpoints.getCurrentUser.initiate()).unwrap();
      expect(user.name).toBe('Alex Morgan');
      expect(store.getState().credentials.access).toBe(EXAMPLE_ACCESS);
    });
  });

  it('a refused refresh (401) signs the user out', () => {
    expiredSelf();
    return pact
      .addInteraction()
      .given(STATES.refreshExpired.name)
      .uponReceiving('a token refresh with an expired refresh token')
      .withRequest('POST', '/api/auth/token/refresh/', (b) =>
        b.jsonBody({ refresh: fromProviderState('${refreshToken}', 'expired-refresh') }),
      )
      .willRespondWith(401, (b) =>
        b.jsonBody({
          detail: string('Token is invalid or expired'),
          code: 'token_not_valid',
        }),
      )
      .executeTest(async (mock) => {
        const store = storeAgainst(mock.url, {
          access: EXPIRED_ACCESS,
          refresh: 'expired-refresh',
        });
        const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
        expect(result.error).toMatchObject({ status: 401 });
        expect(store.getState().credentials).toEqual({ access: null, refresh: null });
      });
  });

  it('DELETE /api/auth/logout/ answers 204 with no body', () =>
    interaction(STATES.signedIn, 'a logout')
      .delete('/api/auth/logout/')
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const store = signedInStore(mock.url);
        const result = await store.dispatch(authApi.endpoints.logout.initiate());
        expect(result).toEqual({ data: null });
        expect(store.getState().credentials.refresh).toBeNull();
      }));
});
