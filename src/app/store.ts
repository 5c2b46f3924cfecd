import { joinApi } from './apiJoin';
import { createBootStore, type RootState } from './bootStore';

export type { RootState } from './bootStore';

/**
 * A fresh store with the API joined at once: the one tests and the pact consumer use. The app
 * starts with the boot store (./bootStore.ts) and joins the API with the first screen calling it.
 */
export function setupStore(preloadedState?: Partial<RootState>) {
  return joinApi(createBootStore(preloadedState));
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
