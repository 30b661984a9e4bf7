import { defineConfig } from 'vitest/config';

/**
 * The suites `npm run test:quick` leaves to the full run: generated-call fuzzing, crash and race
 * fault injection, and the tests that start other processes (wrangler, a second API, a packed
 * tarball, a production build). `npm test` runs everything.
 */
export const SLOW_SUITES = [
  'server/src/http/fuzz/**',
  'server/src/faults/**',
  '**/*.integration.test.ts',
  'server/src/boot/**',
  'server/src/http/bad-input.test.ts',
  'server/src/http/log-secrets.test.ts',
  'server/src/seed/**',
];

const quick = process.env.TEST_SET === 'quick';

// One vitest run covers every package: unit tests and integration tests against a real
// temporary libSQL file and the real HTTP server. End-to-end tests are Playwright's (see playwright.config.ts).
export default defineConfig({
  test: {
    include: [
      '{sdk,server,party,widgets,portal,admin}/src/**/*.test.{ts,tsx}',
      'scripts/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', ...(quick ? SLOW_SUITES : [])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores in CI: keep the pool small so integration tests do not starve each other.
    maxWorkers: 2,
  },
});
