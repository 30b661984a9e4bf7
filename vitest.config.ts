import { defineConfig } from 'vitest/config';

/**
 * The suites `npm run test:quick` leaves to the full run: generated-call fuzzing, crash and race
 * fault injection, and the tests that start other processes (wrangler, a second API, a packed
 * tarball, a production build). `npm test` runs everything.
 */
export const SLOW_SUITES = [
  'server/src/http/fuzz/**',
  'server/src/faults/**',
  'server/src/http/bad-input.test.ts',
  'server/src/seed/**',
  // They start API processes, the realtime worker, a packed SDK or a production build.
  '**/*.integration.test.ts',
  'server/src/boot/**',
  'server/src/http/logger.test.ts',
  'server/src/http/log-secrets.test.ts',
  'server/src/db/cluster-write-lock.test.ts',
  'server/src/db/migrations-runner.test.ts',
  'server/src/features/booking/concurrency.test.ts',
  'server/src/mail/outbox-worker.test.ts',
  'server/src/payments/payouts.test.ts',
  'server/src/payments/payouts-stripe.test.ts',
  // Thirty-odd sign-ins, each hashing a password.
  'server/src/features/auth/auth-limits.test.ts',
];

const quick = process.env.TEST_SET === 'quick';

// One vitest run covers every package: unit tests and integration tests against a real
// temporary libSQL file and the real HTTP server. End-to-end tests are Playwright's (see playwright.config.ts).
export default defineConfig({
  test: {
    include: [
      '{sdk,server,party,widgets,portal,admin}/src/**/*.test.{ts,tsx}',
      'server/bench/*.test.ts',
      // The Preact build's stand-ins for react (decision 022).
      'widgets/preact/*.test.ts',
      'scripts/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', ...(quick ? SLOW_SUITES : [])],
    // The quick set shares each worker's modules between files (about half its time is imports
    // otherwise); the full run keeps every file in a fresh module graph.
    isolate: !quick,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores in CI: keep the pool small so integration tests do not starve each other.
    maxWorkers: 2,
  },
});
