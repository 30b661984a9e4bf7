#!/usr/bin/env node
// The servers Playwright starts: the real one-origin API with the demo seed on a fresh temporary
// database, and the realtime rooms (`wrangler dev`, rule 15) beside it on PARTY_PORT with a fresh
// secret they share. Stopping this process stops both.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'fm-e2e-'));
const port = process.env.PORT ?? '8799';
const partyPort = process.env.PARTY_PORT ?? '2999';
const apiUrl = `http://127.0.0.1:${port}`;
const partyUrl = `http://127.0.0.1:${partyPort}`;
const secret = randomBytes(32).toString('base64url');
const databaseUrl = `file:${join(dir, 'e2e.db')}`;
// Where the database is, for the few tests that set up what no API may do (a meeting whose room
// closes a few seconds into the test); one file per port, so parallel runs on other ports never meet.
const serverInfo = join(root, '.tmp', `e2e-server-${port}.json`);
mkdirSync(dirname(serverInfo), { recursive: true });
writeFileSync(serverInfo, JSON.stringify({ databaseUrl }));

const children = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // dev.mjs forwards the signal to wrangler, which stops workerd. Everything stays in this
  // process's group, so Playwright's group kill (if it comes to that) reaches all of it too.
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(serverInfo, { force: true });
  setTimeout(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  }, 2_500).unref();
  void Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  ).then(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

function run(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[e2e] ${name} stopped (${signal ?? code}); stopping the rest.`);
    stop(typeof code === 'number' && code !== 0 ? code : 1);
  });
  children.push(child);
  return child;
}

run('realtime rooms', [join(root, 'party/scripts/dev.mjs')], {
  PARTY_PORT: partyPort,
  API_URL: apiUrl,
  REALTIME_SECRET: secret,
  PARTY_HOME: join(dir, 'party-home'),
  PARTY_LOG_LEVEL: 'error',
});

// The API starts once the rooms answer (an unauthenticated push is refused with 401), so the
// first page already gets live updates.
const deadline = Date.now() + 60_000;
for (;;) {
  try {
    const res = await fetch(`${partyUrl}/parties/rooms/user-probe`, { method: 'POST' });
    if (res.status === 401) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline || stopping) {
    console.error('[e2e] the realtime rooms did not start');
    stop(1);
    break;
  }
  await new Promise((r) => setTimeout(r, 200));
}

if (!stopping) {
  run('API server', ['--import', 'tsx', join(root, 'server/src/main.ts')], {
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: apiUrl,
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: join(dir, 'uploads'),
    SEED: 'demo',
    LOG_LEVEL: 'error',
    RATE_LIMIT_SIGN_IN: '1000',
    RATE_LIMIT_SIGN_UP: '1000',
    PARTY_PORT: partyPort,
    PARTY_URL: partyUrl,
    PARTY_INTERNAL_URL: partyUrl,
    REALTIME_SECRET: secret,
  });
}
