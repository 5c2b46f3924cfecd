import { createAction, type WithSlice } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/baseApi';
import { errorToastMiddleware } from '../api/errorToastMiddleware';
import { rootReducer, type BootStore } from './bootStore';

/** Dispatched once the API has joined: the store's state gets the API's slice at once. */
export const apiJoined = createAction('app/apiJoined');

/** A store the API has joined: its state has the API's slice. */
export type JoinedStore = Omit<BootStore, 'getState'> & {
  getState: () => ReturnType<BootStore['getState']> & WithSlice<typeof baseApi>;
};

const joined = new WeakSet<BootStore>();

/**
 * The RTK Query API joins the store: its reducer, its middleware and the error toasts' one (in
 * that order, after the default middleware), and the refetch on focus and on reconnect. Done once
 * per store, before the first screen that calls the API renders (App loads this module with the
 * signed-in route table and with the public pages that call the API).
 */
export function joinApi(store: BootStore): JoinedStore {
  if (joined.has(store)) return store as JoinedStore;
  joined.add(store);
  rootReducer.inject(baseApi);
  store.addMiddleware(baseApi.middleware, errorToastMiddleware);
  setupListeners(store.dispatch);
  store.dispatch(apiJoined());
  return store as JoinedStore;
}
