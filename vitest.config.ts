import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.pact.test.ts'],
          setupFiles: ['src/testing/setupTests.ts'],
          // CI has two cores: a form test typing a dozen fields can pass 5 s there.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'mock-server',
          environment: 'node',
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
