import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AiSearchResultSchema } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { insertFixture } from '../features/ai-search/quality-fixture.ts';
import { type ApiProcess, repoRoot, spawnApi } from '../testing/api-process.ts';

/**
 * The production build: `npm run build -w server` bundles the API into server/dist, and plain
 * `node` (no TypeScript loader) runs it, migrates with its own entry, and serves N processes.
 */

const dir = mkdtempSync(join(tmpdir(), 'fm-prod-'));
const databaseUrl = `file:${join(dir, 'app.db')}`;
const production = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  DATABASE_URL: databaseUrl,
  UPLOADS_DIR: join(dir, 'uploads'),
  AUTH_SECRET: 'a-production-secret-for-this-test-only-0123456789',
  REALTIME_SECRET: 'a-realtime-secret-for-this-test-only-0123456789',
  // Chosen on purpose, as production requires: no money moves, no mail leaves.
  PAYMENTS_PROVIDER: 'ledger',
  MAIL_TRANSPORT: 'log',
};
const node = (script: string, env: Record<string, string>) =>
  spawnSync(process.execPath, [resolve(repoRoot, script)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

const processes: ApiProcess[] = [];
beforeAll(() => {
  const build = spawnSync('npm', ['run', 'build', '-w', 'server'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(build.status, build.stderr).toBe(0);
}, 150_000);
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Process ids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('the production build', () => {
  it('is plain JavaScript with its migrations beside it', () => {
    const files = readdirSync(resolve(repoRoot, 'server/dist'));
    expect(files).toEqual(
      expect.arrayContaining([
        'main.js',
        'migrate.js',
        'mail-worker.js',
        'list-worker.js',
        'ranker-worker.js',
        'migrations',
      ]),
    );
    expect(files.some((f) => f.endsWith('.ts'))).toBe(false);
  });

  it('in production refuses a database that is behind, saying what to run', async () => {
    const api = await spawnApi({ build: 'dist', env: production });
    processes.push(api);
    expect(await api.exited).toBe(1);
    expect(api.output()).toMatch(/database is behind.*migrate/s);
  });

  it('migrates as its own step, then serves /api/health with plain node', async () => {
    const migrate = node('server/dist/migrate.js', production);
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/migrated: \d+ applied/);
    expect(node('server/dist/migrate.js', production).stdout).toMatch(/already up to date/);
    const api = await spawnApi({ build: 'dist', env: production });
    processes.push(api);
    await api.healthy();
    const res = await fetch(`${api.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('searches in the bundle’s threads: the AI search and the consultant search', async () => {
    const database = await openDatabase({ url: databaseUrl });
    await insertFixture(database.db);
    database.close();
    const api = await spawnApi({ build: 'dist', env: production });
    processes.push(api);
    await api.healthy();
    const signUp = await fetch(`${api.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'searcher@test.example',
        password: 'Test-Pass-2025!',
        firstName: 'Sam',
        lastName: 'Searcher',
        role: 'consultant',
        ageConfirmed: true,
      }),
    });
    expect(signUp.status, api.output()).toBe(200);
    const { token } = (await signUp.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const ai = await fetch(`${api.url}/api/users/ai-franchisees-search?q=pizza%20in%20Texas`, {
      headers,
    });
    expect(ai.status, api.output()).toBe(200);
    const found = v.parse(AiSearchResultSchema, await ai.json());
    expect(found.interpretation.states).toEqual(['TX']);
    expect(found.franchisees[0]?.matched.map((m) => m.kind)).toEqual(
      expect.arrayContaining(['category', 'state']),
    );
    const list = await fetch(`${api.url}/api/users?q=pizza`, { headers });
    expect(list.status, api.output()).toBe(200);
    expect(((await list.json()) as { total: number }).total).toBeGreaterThan(0);
  });

  it('WORKERS=2 runs two API processes on one port', async () => {
    const api = await spawnApi({ build: 'dist', env: { ...production, WORKERS: '2' } });
    processes.push(api);
    await api.healthy();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${api.url}/api/health`).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Writes from both processes at once (each sign-up is a transaction) take turns and all land.
    const signUps = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${api.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `worker-${i}@test.example`,
            password: 'Test-Pass-2025!',
            firstName: 'Worker',
            lastName: String(i),
            role: 'consultant',
            ageConfirmed: true,
          }),
        }).then((r) => r.status),
      ),
    );
    expect(signUps).toEqual(Array.from({ length: 12 }, () => 200));
    const pid = api.child.pid ?? 0;
    expect(childrenOf(pid)).toHaveLength(2);
    // SIGTERM to the primary stops the workers and then the primary.
    expect(await api.stop('SIGTERM')).toBe(0);
    expect(childrenOf(pid)).toHaveLength(0);
  });

  it('the mail worker runs as its own process and drains the outbox (to the log without SMTP)', async () => {
    const database = await openDatabase({ url: databaseUrl });
    const [row] = await database.db
      .insert(mailOutbox)
      .values({ to: 'ops@test.example', subject: 'Queued before the worker', text: 'Hello' })
      .returning();
    const worker = await spawnApi({
      build: 'dist',
      script: 'server/dist/mail-worker.js',
      env: production,
    });
    processes.push(worker);
    const deadline = Date.now() + 20_000;
    let sent = null;
    while (!sent && Date.now() < deadline) {
      const current = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, row?.id ?? ''))
        .get();
      if (current?.sentAt) sent = current;
      else await new Promise((r) => setTimeout(r, 200));
    }
    database.close();
    expect(sent).toMatchObject({ deliveredVia: 'log', attempts: 1 });
    // It keeps running after the outbox is empty (it once exited as soon as it had drained it)…
    await new Promise((r) => setTimeout(r, 1_500));
    expect(worker.child.exitCode, worker.output()).toBeNull();
    // …until it is told to stop.
    expect(await worker.stop('SIGTERM'), worker.output()).toBe(0);
  });
});
