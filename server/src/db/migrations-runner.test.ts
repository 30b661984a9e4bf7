import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../boot/migrate-database.ts';
import { type ApiProcess, spawnApi } from '../testing/api-process.ts';
import { migrationsFolder, openDatabase } from './client.ts';
import {
  assertSchemaCurrent,
  migrateUnderLock,
  SchemaBehindError,
  schemaStatus,
} from './migrations-runner.ts';

const expected = readMigrationFiles({ migrationsFolder }).length;
const dirs: string[] = [];
const freshDatabaseUrl = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fm-migrate-'));
  dirs.push(dir);
  return `file:${join(dir, 'app.db')}`;
};
const processes: ApiProcess[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function appliedRows(url: string) {
  const database = await openDatabase({ url });
  const rows = await database.client.execute('SELECT hash FROM __drizzle_migrations');
  database.close();
  return rows.rows.length;
}

describe('migrations under a lock in the database', () => {
  it('a fresh database is behind, and refused with a message that says what to run', async () => {
    const database = await openDatabase({ url: freshDatabaseUrl() });
    expect(await schemaStatus(database)).toEqual({ expected, pending: expected });
    const error = await assertSchemaCurrent(database).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaBehindError);
    expect((error as Error).message).toMatch(/behind.*migrate/s);
    database.close();
  });

  it('two connections migrating one fresh database at once: one applies everything, the other nothing', async () => {
    const url = freshDatabaseUrl();
    const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
    if (!a || !b) throw new Error('unreachable');
    const results = await Promise.all([
      migrateUnderLock(a, { migrate: migrateDatabase }),
      migrateUnderLock(b, { migrate: migrateDatabase }),
    ]);
    expect(results.map((r) => r.applied).sort((x, y) => x - y)).toEqual([0, expected]);
    expect(await schemaStatus(a)).toEqual({ expected, pending: 0 });
    await assertSchemaCurrent(b);
    const lock = await a.client.execute('SELECT * FROM migration_lock');
    expect(lock.rows).toHaveLength(0);
    a.close();
    b.close();
    expect(await appliedRows(url)).toBe(expected);
  });

  it('a holder that died is taken over when its lease runs out', async () => {
    const url = freshDatabaseUrl();
    const database = await openDatabase({ url });
    await database.client.execute(
      'CREATE TABLE migration_lock (id INTEGER PRIMARY KEY CHECK (id = 1), holder TEXT NOT NULL, lease_until INTEGER NOT NULL)',
    );
    await database.client.execute({
      sql: 'INSERT INTO migration_lock VALUES (1, ?, ?)',
      args: ['dead-process', Date.now() + 400],
    });
    const started = Date.now();
    const { applied } = await migrateUnderLock(database, {
      migrate: migrateDatabase,
      waitMs: 5_000,
    });
    expect(applied).toBe(expected);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    database.close();
  });

  it('two API processes starting at once on one fresh database both come up; migrations applied once', async () => {
    const url = freshDatabaseUrl();
    const env = { DATABASE_URL: url, UPLOADS_DIR: join(dirs[0] ?? tmpdir(), 'uploads') };
    const both = await Promise.all([spawnApi({ env }), spawnApi({ env })]);
    processes.push(...both);
    await Promise.all(both.map((p) => p.healthy(60_000)));
    expect(await appliedRows(url)).toBe(expected);
  }, 90_000);
});
