#!/usr/bin/env node
/**
 * Starts the realtime rooms (`wrangler dev`, rule 15) for `npm start`, the e2e server and the tests.
 *
 *   PARTY_PORT       port to listen on (default 1999)
 *   API_URL          the API origin the rooms redeem tickets with (default http://127.0.0.1:$PORT or :8787)
 *   REALTIME_SECRET  shared with the API (default: the API's development default, server/src/env.ts)
 *   SLOT_HOLD_IDLE_MS  how long a slot hold lives without a refresh (tests only; default 5 minutes)
 *   PARTY_HOME       where wrangler may write (its settings, logs and the rooms' state);
 *                    default party/.wrangler-home
 *
 * wrangler writes into the home directory (~/.config/.wrangler) and its Durable Object data into
 * .wrangler/state: the child gets HOME and XDG_* pointed at PARTY_HOME and `--persist-to` inside it,
 * so nothing lands outside the repository. The variables reach the worker through an env file
 * (mode 600) rather than the command line, so the secret never shows in a process list. The flags
 * and variables are those that start it offline in about a second (../../ENVIRONMENT.md).
 * Signals are forwarded, so stopping this process stops wrangler and workerd.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Same default as the API's (server/src/env.ts DEV_REALTIME_SECRET); production sets both. */
const DEV_REALTIME_SECRET = 'dev-only-realtime-secret-not-for-production-0123456789';

const partyDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number.parseInt(process.env.PARTY_PORT ?? '1999', 10);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`[party] PARTY_PORT must be a port number, got "${process.env.PARTY_PORT}"`);
  process.exit(1);
}
const apiUrl = process.env.API_URL || `http://127.0.0.1:${process.env.PORT || 8787}`;
const secret = process.env.REALTIME_SECRET || DEV_REALTIME_SECRET;
if (secret.length < 32) {
  console.error('[party] REALTIME_SECRET must be at least 32 characters');
  process.exit(1);
}
const home = resolve(process.env.PARTY_HOME || join(partyDir, '.wrangler-home'));
for (const dir of ['.config', '.cache', '.local/share', '.local/state', 'state']) {
  mkdirSync(join(home, dir), { recursive: true });
}
const envFile = join(home, `vars-${port}.env`);
// Tests shorten how long a slot hold lives without a refresh (rule 20); five minutes otherwise.
const holdIdle = /^\d+$/.test(process.env.SLOT_HOLD_IDLE_MS ?? '')
  ? `SLOT_HOLD_IDLE_MS=${process.env.SLOT_HOLD_IDLE_MS}\n`
  : '';
writeFileSync(envFile, `API_URL=${apiUrl}\nREALTIME_SECRET=${secret}\n${holdIdle}`, {
  mode: 0o600,
});

// The CLI named by wrangler's own `bin` (its `exports` do not list the file itself).
const wranglerPackage = createRequire(import.meta.url).resolve('wrangler/package.json');
const bin = join(
  dirname(wranglerPackage),
  JSON.parse(readFileSync(wranglerPackage, 'utf8')).bin.wrangler,
);
const args = [
  bin,
  'dev',
  '--config',
  join(partyDir, 'wrangler.jsonc'),
  '--port',
  String(port),
  '--ip',
  '127.0.0.1',
  '--local',
  '--env-file',
  envFile,
  '--persist-to',
  join(home, 'state'),
  '--inspector-port',
  String(process.env.PARTY_INSPECTOR_PORT || port + 10_000),
  '--show-interactive-dev-session=false',
  '--log-level',
  process.env.PARTY_LOG_LEVEL || 'warn',
];

const child = spawn(process.execPath, args, {
  cwd: partyDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    WRANGLER_LOG_PATH: join(home, 'logs'),
    CI: 'true',
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_HIDE_BANNER: 'true',
  },
});

console.log(`[party] wrangler dev on port ${port}, API_URL=${apiUrl}`);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
