import { PactV4, MatchersV3 } from '@pact-foundation/pact';
import { setApiOrigin } from '../../api/config';
import { setupStore, type RootState } from '../../app/store';
import { CONSUMER, PROVIDER } from './names';
import { PACT_DIR } from './pactDir';

/** One pact between the SPA and the backend; every consumer test adds its interactions. */
export function createPact(): PactV4 {
  return new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: 'warn' });
}

export { STATES } from './states';

export const EXAMPLE_ACCESS = 'eyJhbGciOiJIUzI1NiJ9.access.example';
export const EXAMPLE_REFRESH = 'eyJhbGciOiJIUzI1NiJ9.refresh.example';
export const EXPIRED_ACCESS = 'expired.access.example';

/**
 * A value the provider state fills in (a token minted by the provider), matched on the consumer
 * side by a regex so that a valid and an expired token stay distinct interactions.
 */
function fromProviderStateMatching(expression: string, example: string, regex: string) {
  return {
    ...MatchersV3.fromProviderState(expression, example),
    'pact:matcher:type': 'regex',
    regex,
  };
}

/** `Authorization: JWT <a token the provider accepts>`; real JWTs start with `eyJ`. */
export const authorizedWith = () => ({
  Authorization: fromProviderStateMatching(
    'JWT ${accessToken}',
    `JWT ${EXAMPLE_ACCESS}`,
    '^JWT eyJ\\S+$',
  ),
});

/** `Authorization: JWT <an expired token>`, minted expired by the provider state. */
export const authorizedWithExpiredToken = () => ({
  Authorization: fromProviderStateMatching(
    'JWT ${expiredAccessToken}',
    `JWT ${EXPIRED_ACCESS}`,
    '^JWT expired\\.\\S+$',
  ),
});

/** A store whose real RTK Query endpoints call the pact mock server. */
export function storeAgainst(url: string, credentials: RootState['credentials']) {
  setApiOrigin(url);
  return setupStore({ credentials });
}
