import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Unit files that test what the app does as its modules first load (the first screen, the store
 * before the API joins it, the endpoints as features inject them): each runs in a fresh module
 * graph. The others share one per worker, which saves a jsdom and an import of the app per file
 * (three quarters of the unit run on CI's two cores); setupTests.ts clears the DOM, the handlers,
 * the toasts and the storage between tests.
 */
const FRESH_MODULES = [
  'src/app/App.test.tsx',
  'src/app/apiJoin.test.tsx',
  'src/api/trailingSlash.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    // Every core (Vitest leaves one free by default: on CI's two, that ran the files one by one).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.pact.test.ts', ...FRESH_MODULES],
          setupFiles: ['src/testing/setupTests.ts'],
          // The run's seeds, built once per day for all workers (mockBackend.ts).
          globalSetup: ['src/testing/seedShelf.ts'],
          isolate: false,
          // CI has two cores: a form test typing a dozen fields can pass 5 s there.
          testTimeout: 15_000,
          // A worker's first useMockBackend loads the mock's code and builds or reads the seed (5 s
          // alone, ~10 s on a loaded machine).
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-fresh-modules',
          environment: 'jsdom',
          include: FRESH_MODULES,
          setupFiles: ['src/testing/setupTests.ts'],
          globalSetup: ['src/testing/seedShelf.ts'],
          testTimeout: 15_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'mock-server',
          environment: 'node',
          // Every test makes its own app and store: the files can share one module graph.
          isolate: false,
          include: ['mock-server/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'contract',
          environment: 'node',
          include: ['src/**/*.pact.test.ts'],
          globalSetup: ['src/testing/pact/cleanPacts.ts'],
          fileParallelism: false,
          testTimeout: 30000,
          // pact-core's mock server, on a machine under load, may report "request expected but not
          // received" for a request it answered (pact-foundation/pact-reference#535): the client got
          // its response. A mismatch of ours fails all three tries.
          retry: 2,
        },
      },
    ],
  },
});
