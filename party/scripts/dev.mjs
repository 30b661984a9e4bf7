#!/usr/bin/env node
/**
 * Starts the realtime server (`partykit dev`) for `npm start` and development.
 *
 *   PARTY_PORT   port to listen on (default 1999)
 *   API_URL      the API origin the rooms verify tokens with (default http://127.0.0.1:$PORT or :8787)
 *   PARTY_HOME   where PartyKit may write (settings, room storage); default party/.partykit-home
 *
 * PartyKit writes into the home directory (~/.partykit, update-notifier's ~/.config); the child
 * gets HOME and XDG_* pointed at PARTY_HOME so that nothing lands in the user's home.
 * Signals are forwarded, so stopping this process stops the server.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const partyDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number.parseInt(process.env.PARTY_PORT ?? '1999', 10);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`[party] PARTY_PORT must be a port number, got "${process.env.PARTY_PORT}"`);
  process.exit(1);
}
const apiUrl = process.env.API_URL || `http://127.0.0.1:${process.env.PORT || 8787}`;
const home = resolve(process.env.PARTY_HOME || join(partyDir, '.partykit-home'));
for (const dir of ['.config', '.cache', '.local/share', '.local/state', 'state']) {
  mkdirSync(join(home, dir), { recursive: true });
}

// partykit's package exports only `./server`; its CLI sits beside it in dist/.
const bin = fileURLToPath(new URL('./bin.mjs', import.meta.resolve('partykit/server')));

const args = [
  bin,
  'dev',
  join(partyDir, 'src/server.ts'),
  '--config',
  join(partyDir, 'partykit.json'),
  '--port',
  String(port),
  '--var',
  `API_URL=${apiUrl}`,
  '--persist',
  join(home, 'state'),
  '--disable-request-cf-fetch',
  '--no-hotkeys',
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
    NO_UPDATE_NOTIFIER: '1',
    PARTYKIT_TELEMETRY: '0',
  },
});

console.log(`[party] partykit dev on port ${port}, API_URL=${apiUrl}`);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
