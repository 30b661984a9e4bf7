import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { statementCacheStats } from './statement-cache.ts';

let dir: string;
let database: Database;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fm-statements-'));
  database = await openDatabase({ url: `file:${join(dir, 'a.db')}` });
  await database.client.execute('create table pair (k integer primary key, v text not null)');
});
afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('kept prepared statements', () => {
  it('prepares a SQL text once and answers each run with its own arguments', async () => {
    const { client } = database;
    const insert = 'insert into pair (k, v) values (?, ?)';
    const before = statementCacheStats();
    for (let k = 1; k <= 20; k += 1) await client.execute({ sql: insert, args: [k, `v${k}`] });
    const after = statementCacheStats();
    expect(after.reused - before.reused).toBeGreaterThanOrEqual(18);
    for (const k of [3, 7, 20]) {
      const { rows } = await client.execute({ sql: 'select v from pair where k = ?', args: [k] });
      expect(rows.map((r) => r.v)).toEqual([`v${k}`]);
    }
  });

  it('runs a kept statement again after it failed (a constraint violation)', async () => {
    const { client } = database;
    const insert = 'insert into pair (k, v) values (?, ?)';
    await expect(client.execute({ sql: insert, args: [1, 'again'] })).rejects.toThrow(
      /UNIQUE|PRIMARY|constraint/i,
    );
    await client.execute({ sql: insert, args: [100, 'after the failure'] });
    const { rows } = await client.execute({ sql: 'select v from pair where k = ?', args: [100] });
    expect(rows[0]?.v).toBe('after the failure');
  });

  it('answers the new columns of a `select *` after the schema changed, in a transaction too', async () => {
    const { client } = database;
    const all = 'select * from pair where k = ?';
    expect(Object.keys((await client.execute({ sql: all, args: [1] })).rows[0] ?? {})).toEqual([
      'k',
      'v',
    ]);
    await client.execute("alter table pair add column w text not null default 'w'");
    expect((await client.execute({ sql: all, args: [1] })).columns).toEqual(['k', 'v', 'w']);
    const tx = await client.transaction('write');
    expect((await tx.execute({ sql: all, args: [2] })).columns).toEqual(['k', 'v', 'w']);
    await tx.commit();
    await client.executeMultiple(
      'alter table pair add column x integer; alter table pair add column y integer;',
    );
    expect((await client.execute({ sql: all, args: [1] })).columns).toEqual([
      'k',
      'v',
      'w',
      'x',
      'y',
    ]);
  });

  it('asks the native statement for its modes once, and a write tells it returns no data once', async () => {
    const { client } = database;
    // The class of the statements `@libsql/client` prepares (its `libsql` package).
    const libsql = createRequire(createRequire(import.meta.url).resolve('@libsql/client'));
    const Native = libsql('libsql') as new (
      path: string,
    ) => {
      prepare(sql: string): object;
      close(): void;
    };
    const probe = new Native(':memory:');
    const proto = Object.getPrototypeOf(probe.prepare('select 1')) as {
      raw(toggle?: boolean): unknown;
      safeIntegers(toggle?: boolean): unknown;
    };
    probe.close();
    const raw = vi.spyOn(proto, 'raw');
    const safeIntegers = vi.spyOn(proto, 'safeIntegers');
    try {
      const insert = 'insert into pair (k, v) values (?, ?) -- modes';
      const select = 'select v from pair where k = ? -- modes';
      for (let k = 300; k < 310; k += 1) {
        await client.execute({ sql: insert, args: [k, `m${k}`] });
        const { rows } = await client.execute({ sql: select, args: [k] });
        expect(rows.map((r) => r.v)).toEqual([`m${k}`]);
      }
      // Each connection that ran them asked once per statement: the insert (which threw, as
      // statements that return no data do) and the select.
      expect(raw.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(raw.mock.calls.length).toBeLessThanOrEqual(4);
      expect(safeIntegers.mock.calls.length).toBeLessThanOrEqual(4);
      const writes = raw.mock.results.filter((r) => r.type === 'throw');
      expect(writes.length).toBeGreaterThanOrEqual(1);
      expect(writes.length).toBeLessThanOrEqual(2);
    } finally {
      raw.mockRestore();
      safeIntegers.mockRestore();
    }
  });
});

// statement-cache.ts replaces methods of the `libsql` package and leans on how `@libsql/client`
// calls them. An upgrade of either is a deliberate step (decision 008 says what to check): the
// version is pinned exactly, and these fail when what the patch relies on moves.
describe('the libsql it patches', () => {
  const fromClient = createRequire(createRequire(import.meta.url).resolve('@libsql/client'));

  it('is the version server/package.json pins exactly', () => {
    const serverPackage = createRequire(import.meta.url)('../../package.json') as {
      dependencies: Record<string, string>;
    };
    const pinned = serverPackage.dependencies.libsql;
    expect(pinned, 'an exact version, no range').toMatch(/^\d+\.\d+\.\d+$/);
    // Its exports map hides package.json: read it beside the entry @libsql/client loads.
    const entry = fromClient.resolve('libsql');
    const root = entry.slice(
      0,
      entry.lastIndexOf('/node_modules/libsql/') + '/node_modules/libsql'.length,
    );
    const installed = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
    ).version;
    expect(installed, 'the libsql @libsql/client loads').toBe(pinned);
  });

  it('has the statement methods the patch wraps, and signals a write as the client expects', () => {
    type Statement = Record<'run' | 'all' | 'columns' | 'raw' | 'safeIntegers', unknown>;
    const Native = fromClient('libsql') as new (
      path: string,
    ) => { prepare(sql: string): Statement; exec(sql: string): unknown; close(): void };
    // Through the patched `exec` and `prepare`, which call libsql's own.
    const probe = new Native(':memory:');
    try {
      probe.exec('create table t (a integer)');
      const read = probe.prepare('select a from t');
      const write = probe.prepare('insert into t (a) values (1)');
      for (const method of ['run', 'all', 'columns', 'raw', 'safeIntegers'] as const) {
        expect(typeof read[method], method).toBe('function');
      }
      // `@libsql/client` tells a write from a read by `raw(true)` throwing; the kept statement
      // remembers that error and throws it again.
      expect(() => (write.raw as (toggle: boolean) => unknown)(true)).toThrow();
      expect(() => (read.raw as (toggle: boolean) => unknown)(true)).not.toThrow();
    } finally {
      probe.close();
    }
  });
});
