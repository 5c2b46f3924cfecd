import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setApiOrigin } from '../api/config';
import { polyfillLayout } from './jsdom';
import { stopMockBackend } from './mockBackend';
import { API } from './msw/handlers';
import { server } from './msw/server';

// findBy…/waitFor wait up to 5 s, not 1: on two busy CI cores a debounced search and its answer
// can take longer than a second to show.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  polyfillLayout();
  setApiOrigin(API);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  // Toasts live in react-toastify's module: one left queued would show in the next file's render.
  toast.dismiss();
  server.resetHandlers();
  stopMockBackend();
  // A phone's matchMedia or Node's File stubbed for one test: the unit project shares a worker's
  // globals across files, so one left would lay the next file's screens out as a phone's.
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
afterAll(() => server.close());
