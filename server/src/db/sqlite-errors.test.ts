import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import {
  batchFailure,
  isConstraintViolation,
  isDatabaseBusy,
  isUniqueViolation,
} from './sqlite-errors.ts';
import { WriteLockTimeoutError } from './write-lock.ts';

/** The questions asked of real libSQL failures, bare and wrapped as drizzle wraps them. */

const dir = mkdtempSync(join(tmpdir(), 'fm-sqlite-errors-'));
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ url: `file:${join(dir, 'db.sqlite')}` });
  const { client } = database;
  await client.execute('create table parent (id text primary key, email text unique)');
  await client.execute(
    'create table child (id text primary key, parent_id text references parent(id))',
  );
  await client.execute("insert into parent values ('p1', 'a@example.com')");
});
afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

const failure = (sql: string) =>
  database.client.execute(sql).then(
    () => {
      throw new Error(`expected ${sql} to fail`);
    },
    (error: unknown) => error,
  );
const wrapped = (error: unknown) => new Error('Failed query: …', { cause: error });

describe('sqlite errors', () => {
  it('tells a taken unique value from another constraint, however deep', async () => {
    const taken = await failure("insert into parent values ('p2', 'a@example.com')");
    const key = await failure("insert into parent values ('p1', 'b@example.com')");
    const orphan = await failure("insert into child values ('c1', 'nobody')");
    for (const error of [taken, key, wrapped(taken), wrapped(wrapped(key))]) {
      expect(isUniqueViolation(error)).toBe(true);
      expect(isConstraintViolation(error)).toBe(true);
    }
    expect(isConstraintViolation(orphan)).toBe(true);
    expect(isUniqueViolation(orphan)).toBe(false);
    for (const other of [new Error('no such table: x'), 'text', null, undefined, { cause: null }]) {
      expect(isConstraintViolation(other)).toBe(false);
      expect(isUniqueViolation(other)).toBe(false);
      expect(isDatabaseBusy(other)).toBe(false);
    }
  });

  it('knows a busy database, from SQLite or from the write lock', () => {
    expect(isDatabaseBusy(wrapped(new WriteLockTimeoutError(100)))).toBe(true);
    expect(isDatabaseBusy(wrapped(new Error('SQLITE_BUSY: database is locked')))).toBe(true);
  });

  it('says which statement failed a batch, and whether a constraint did', async () => {
    const error = await database.client
      .batch([
        "insert into parent values ('p3', 'c@example.com')",
        "insert into child values ('c2', 'nobody')",
      ])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(batchFailure(wrapped(error))).toEqual({ index: 1, constraint: true });
    expect(batchFailure(new Error('other'))).toBeNull();
    // Nothing of the batch stayed.
    const rows = await database.client.execute("select id from parent where id = 'p3'");
    expect(rows.rows).toEqual([]);
  });
});
