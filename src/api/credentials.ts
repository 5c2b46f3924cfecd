import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The JWT pair of the signed-in user, persisted so a reload keeps the session. */
export interface CredentialsState {
  access: string | null;
  refresh: string | null;
}

const STORAGE_KEY = 'pep.credentials';

export function loadCredentials(): CredentialsState {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (stored) {
      const parsed = JSON.parse(stored) as Partial<CredentialsState>;
      return { access: parsed.access ?? null, refresh: parsed.refresh ?? null };
    }
  } catch {
    // unreadable storage: start signed out
  }
  return { access: null, refresh: null };
}

export function persistCredentials(state: CredentialsState): void {
  try {
    if (state.access || state.refresh)
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(state));
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // private mode or full storage: the session lasts as long as the tab
  }
}

export const credentialsSlice = createSlice({
  name: 'credentials',
  initialState: loadCredentials,
  reducers: {
    credentialsReceived: (_state, action: PayloadAction<{ access: string; refresh: string }>) =>
      action.payload,
    accessRefreshed: (state, action: PayloadAction<string>) => {
      state.access = action.payload;
    },
    credentialsCleared: () => ({ access: null, refresh: null }),
  },
  selectors: {
    selectAccessToken: (state) => state.access,
    selectRefreshToken: (state) => state.refresh,
    selectIsSignedIn: (state) => state.refresh !== null,
  },
});

export const { credentialsReceived, accessRefreshed, credentialsCleared } =
  credentialsSlice.actions;
export const { selectAccessToken, selectRefreshToken, selectIsSignedIn } =
  credentialsSlice.selectors;
