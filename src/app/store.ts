import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/baseApi';
import { credentialsSlice, persistCredentials } from '../api/credentials';
import { errorToastMiddleware } from '../api/errorToastMiddleware';

const rootReducer = combineSlices(baseApi, credentialsSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store: one for the app, one per test. */
export function setupStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, errorToastMiddleware),
  });
  let saved = store.getState().credentials;
  store.subscribe(() => {
    const credentials = store.getState().credentials;
    if (credentials !== saved) {
      saved = credentials;
      persistCredentials(credentials);
    }
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
