import { defineConfig } from 'vitest/config';

// One vitest run covers every package: unit tests and integration tests against a real
// temporary libSQL file and the real HTTP server. End-to-end tests are Playwright's (see playwright.config.ts).
export default defineConfig({
  test: {
    include: [
      '{sdk,server,party,widgets,portal,admin}/src/**/*.test.{ts,tsx}',
      'scripts/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores in CI: keep the pool small so integration tests do not starve each other.
    maxWorkers: 2,
  },
});
