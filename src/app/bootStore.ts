import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { baseApi } from '../api/baseApi';
import { credentialsSlice, persistCredentials } from '../api/credentials';

/**
 * The store's reducer: the credentials from the start; the RTK Query API (`api`) joins with the
 * first screen that calls it (./apiJoin.ts), so that `/login` loads neither RTK Query nor the base
 * query, the endpoints' tags or the error toasts.
 */
export const rootReducer =
  combineSlices(credentialsSlice).withLazyLoadedSlices<WithSlice<typeof baseApi>>();

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The store the app starts with: the credentials (persisted on every change) and a place for the
 * API's middleware, which ./apiJoin.ts adds after the default ones, in the order of a store made
 * with them.
 */
export function createBootStore(preloadedState?: Partial<RootState>) {
  const apiMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(apiMiddleware.middleware),
  });
  let saved = store.getState().credentials;
  store.subscribe(() => {
    const credentials = store.getState().credentials;
    if (credentials !== saved) {
      saved = credentials;
      persistCredentials(credentials);
    }
  });
  return Object.assign(store, { addMiddleware: apiMiddleware.addMiddleware });
}

export type BootStore = ReturnType<typeof createBootStore>;
