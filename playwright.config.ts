import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real one-origin server (API, portal, admin,
 * widgets) started by scripts/e2e-server.mjs on a fresh temporary database with the demo seed.
 */
const port = Number(process.env.E2E_PORT ?? 8799);

/** Rule 4: the e2e server starts with ADMIN_EMAIL/ADMIN_PASSWORD set, so the bootstrap is tested end to end. */
export const E2E_BOOTSTRAP_ADMIN = {
  email: 'ops@franchisemeet.example',
  password: 'Ops-Pass-2025!',
};
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: ['{portal,admin,widgets}/tests/e2e/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '.tmp/test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      // The realtime rooms beside it (rule 15); each helper/CI job gets its own port.
      PARTY_PORT: process.env.PARTY_PORT ?? '2999',
      ADMIN_EMAIL: E2E_BOOTSTRAP_ADMIN.email,
      ADMIN_PASSWORD: E2E_BOOTSTRAP_ADMIN.password,
    },
    timeout: 180_000,
    reuseExistingServer: false,
    // Lets scripts/e2e-server.mjs stop the API and the realtime rooms in order.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
