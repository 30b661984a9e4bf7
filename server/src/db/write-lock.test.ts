import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AsyncLock,
  isReadOnlyStatement,
  nestedLocks,
  WriteLockTimeoutError,
  withWriteLock,
} from './write-lock.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh database file, opened as `openDatabase` opens one: WAL and a short busy timeout. */
async function fileClient(options: { locked: boolean; busyMs: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'fm-lock-'));
  dirs.push(dir);
  const raw = createClient({ url: `file:${join(dir, 'db.sqlite')}`, timeout: options.busyMs });
  await raw.execute('PRAGMA journal_mode = WAL');
  await raw.execute('create table t (x integer)');
  return options.locked ? withWriteLock(raw, new AsyncLock(5_000)) : raw;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Transaction A awaits real I/O (a timer) while B starts a write: the case the lock exists for. */
async function race(client: Awaited<ReturnType<typeof fileClient>>) {
  const started = Date.now();
  const a = (async () => {
    const tx = await client.transaction('write');
    await tx.execute('insert into t values (1)');
    await sleep(50);
    await tx.commit();
    return Date.now() - started;
  })();
  const b = (async () => {
    await sleep(5);
    const tx = await client.transaction('write');
    await tx.execute('insert into t values (2)');
    await tx.commit();
    return Date.now() - started;
  })();
  return Promise.allSettled([a, b]);
}

describe('the in-process write lock', () => {
  it('without it, a second writer freezes the process and fails with SQLITE_BUSY', async () => {
    const [a, b] = await race(await fileClient({ locked: false, busyMs: 300 }));
    // A could not even finish its 50 ms wait: the busy handler held the event loop.
    expect(a.status === 'fulfilled' && a.value).toBeGreaterThanOrEqual(300);
    expect(b).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_BUSY' } });
  });

  it('with it, the second writer waits its turn and both commit', async () => {
    const client = await fileClient({ locked: true, busyMs: 300 });
    const [a, b] = await race(client);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('fulfilled');
    const { rows } = await client.execute('select x from t order by x');
    expect(rows.map((r) => r.x)).toEqual([1, 2]);
  });

  it('releases on rollback and close, and queues plain writes behind an open transaction', async () => {
    const client = await fileClient({ locked: true, busyMs: 300 });
    const rolledBack = await client.transaction('write');
    await rolledBack.execute('insert into t values (10)');
    await rolledBack.rollback();
    const closed = await client.transaction('write');
    closed.close();
    const open = await client.transaction('write');
    await open.execute('insert into t values (20)');
    const plain = client.execute('insert into t values (30)');
    // Reads pass straight through while the transaction is open.
    await expect(client.execute('select count(*) as n from t')).resolves.toMatchObject({
      rows: [{ n: 0 }],
    });
    await sleep(20);
    await open.commit();
    await plain;
    const { rows } = await client.execute('select x from t order by x');
    expect(rows.map((r) => r.x)).toEqual([20, 30]);
  });

  it('gives up after its timeout instead of hanging', async () => {
    const lock = new AsyncLock(50);
    const release = await lock.acquire();
    await expect(lock.acquire()).rejects.toBeInstanceOf(WriteLockTimeoutError);
    release();
    expect(lock.held).toBe(false);
    const again = await lock.acquire();
    expect(lock.held).toBe(true);
    again();
    again();
    expect(lock.held).toBe(false);
  });

  it('nests a shared lock inside the local one, and gives the local one back when the shared one fails', async () => {
    const local = new AsyncLock(1_000);
    const shared = new AsyncLock(50);
    const both = nestedLocks(local, shared);
    const release = await both.acquire();
    expect(local.held && shared.held).toBe(true);
    // Another writer of this process queues on the local lock, not on the shared one.
    const second = both.acquire();
    release();
    release();
    const releaseSecond = await second;
    expect(local.held && shared.held).toBe(true);
    releaseSecond();
    expect(local.held || shared.held).toBe(false);

    // The shared lock is busy elsewhere past its timeout: the local one is free again.
    const elsewhere = await shared.acquire();
    await expect(both.acquire()).rejects.toBeInstanceOf(WriteLockTimeoutError);
    expect(local.held).toBe(false);
    elsewhere();
  });

  it('tells reads from writes', () => {
    expect(isReadOnlyStatement('  SELECT 1')).toBe(true);
    expect(isReadOnlyStatement({ sql: 'select * from t where x = ?', args: [1] })).toBe(true);
    expect(isReadOnlyStatement('PRAGMA foreign_keys')).toBe(true);
    expect(isReadOnlyStatement('PRAGMA journal_mode = WAL')).toBe(false);
    expect(isReadOnlyStatement('insert into t values (1)')).toBe(false);
    expect(isReadOnlyStatement('with x as (select 1) delete from t')).toBe(false);
    expect(
      isReadOnlyStatement('WITH m AS MATERIALIZED (select updated_at from t) select * from m'),
    ).toBe(true);
    expect(isReadOnlyStatement('with x as (select 1) insert into t select * from x')).toBe(false);
  });
});
