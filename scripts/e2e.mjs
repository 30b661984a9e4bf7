#!/usr/bin/env node
// Runs the Playwright suite with tool state kept inside the repository, never in $HOME.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(chromium, constants.X_OK);
} catch {
  // One clear line instead of a failure per test: the suite drives Debian's Chromium, never a download.
  console.error(
    `End-to-end tests need Chromium at ${chromium}: install it with "apt-get install -y chromium", or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const home = join(root, '.tmp/e2e-home');
mkdirSync(home, { recursive: true });
const result = spawnSync(
  join(root, 'node_modules/.bin/playwright'),
  ['test', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  },
);
process.exit(result.status ?? 1);
