import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../boot/migrate-database.ts';
import { type Container, createContainer } from '../container.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { makeStaticDirs } from '../testing/static-dirs.ts';
import { serveFramed } from './framed-response.ts';

// In-process tests drive the app with `app.request()`; production answers through the node
// server, where the middleware's headers are applied as the answer is written (decision 026).
// Both must send the same headers, or the in-process tests check something production never sends.

/** Different on every answer by design; compared by presence only. */
const PER_ANSWER = new Set(['x-request-id']);
/** What `node:http` adds as it writes (the date, the connection's handling, the framing). */
const TRANSPORT = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

const root = mkdtempSync(join(tmpdir(), 'fm-one-header-path-'));
let database: Database;
let container: Container;
let server: ReturnType<typeof serveFramed>;
let origin: string;

beforeAll(async () => {
  const dirs = makeStaticDirs(root);
  writeFileSync(join(dirs.portal, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(dirs.portal, 'assets/app-1.js'), 'export const a = 1;');
  writeFileSync(join(dirs.admin, 'index.html'), '<!doctype html><title>admin</title>');
  writeFileSync(join(dirs.widgets, 'fm-widgets.js'), 'export {};');
  writeFileSync(join(dirs.widgetsDemo, 'index.html'), '<!doctype html><title>demo</title>');
  database = await openDatabase({ url: `file:${join(root, 'db.sqlite')}` });
  await migrateDatabase(database.db);
  container = await createContainer({
    env: loadEnv({
      LOG_LEVEL: 'silent',
      SEED: 'none',
      CORS_ORIGINS: 'https://partner.example',
    }),
    database,
    staticDirs: dirs,
  });
  server = serveFramed({ fetch: container.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((ready) => server.once('listening', () => ready()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await container.close();
  database.close();
  rmSync(root, { recursive: true, force: true });
});

/** The headers as a sorted record; per-answer values replaced by whether they are there. */
function comparable(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (TRANSPORT.has(name)) continue;
    record[name] = PER_ANSWER.has(name) ? '(present)' : value;
  }
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

const CASES: { name: string; path: string; init?: RequestInit }[] = [
  { name: 'the health check', path: '/api/health' },
  { name: 'the public config', path: '/api/config' },
  { name: 'a 404 in rule 7’s shape', path: '/api/no-such-route' },
  { name: 'a 401 of a signed-in route', path: '/api/users/me' },
  {
    name: 'a refused body (400 validation)',
    path: '/api/auth/sign-in/email',
    init: { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } },
  },
  {
    name: 'a CORS preflight',
    path: '/api/users/me',
    init: {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    },
  },
  {
    name: 'a public read from another origin',
    path: '/api/config',
    init: { headers: { origin: 'https://elsewhere.example' } },
  },
  { name: 'the portal page', path: '/bookings/123' },
  { name: 'a hashed portal asset', path: '/assets/app-1.js' },
  { name: 'the widgets bundle', path: '/widgets/fm-widgets.js' },
  { name: 'the control panel', path: '/control-panel' },
];

describe('one header path: app.request() answers with the node server’s headers', () => {
  it.each(CASES)('$name', async ({ path, init }) => {
    const inProcess = await container.app.request(path, init);
    const overHttp = await fetch(`${origin}${path}`, init);
    expect(inProcess.status).toBe(overHttp.status);
    expect(comparable(inProcess.headers)).toEqual(comparable(overHttp.headers));
    // The bodies too: the same answer, not only the same headers.
    expect(await inProcess.text()).toBe(await overHttp.text());
  });
});
