import { setupStore, type RootState } from '../app/store';

/** A fresh store per test, signed in with the given tokens. */
export function makeSignedInStore(
  credentials: RootState['credentials'] = { access: 'stale-access', refresh: 'good-refresh' },
) {
  return setupStore({ credentials });
}
