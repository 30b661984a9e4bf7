import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client, createClient, type Transaction } from '@libsql/client';
import type { BatchItem } from 'drizzle-orm/batch';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { BUSY_TIMEOUT_MS } from './busy-timeout.ts';
import { clusterWriteLock } from './cluster-write-lock.ts';
import * as schema from './schema/index.ts';
import { keepPreparedStatements } from './statement-cache.ts';
import { AsyncLock, nestedLocks, type WriteLock, withWriteLock } from './write-lock.ts';

export type Schema = typeof schema;
export type Db = LibSQLDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A statement built (not run) for `db.batch`: one transaction, run without yielding between statements. */
export type BatchStatement = BatchItem<'sqlite'>;

export interface Database {
  db: Db;
  client: Client;
  close(): void;
}

/** The drizzle-kit migrations beside this file (copied beside the bundle in `server/dist`). */
export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The most connections the client pools (libSQL's default, stated so the set-up below covers all). */
const POOL_SIZE = 20;

/**
 * Runs per-connection pragmas on every connection of the pool. The pool opens connections lazily,
 * so a pragma run once reaches one connection only, and the others would keep SQLite's defaults —
 * `synchronous = FULL`, an fsync on every commit in WAL mode. Each round configures an idle or new
 * connection and then holds it in a read transaction, so the next round opens a fresh one.
 */
async function configureEveryConnection(client: Client, size: number, pragmas: string[]) {
  const held: Transaction[] = [];
  try {
    for (let i = 0; i < size; i += 1) {
      for (const pragma of pragmas) await client.execute(pragma);
      held.push(await client.transaction('read'));
    }
  } finally {
    for (const tx of held) tx.close();
  }
}

/** This process's writers in turn; in an API process of a cluster, also in turn with the others. */
function writeLockOfThisProcess(): WriteLock {
  const local = new AsyncLock(BUSY_TIMEOUT_MS);
  const shared = clusterWriteLock(BUSY_TIMEOUT_MS);
  return shared ? nestedLocks(local, shared) : local;
}

/**
 * Opens the database of `DATABASE_URL`. A local file gets WAL and a busy timeout, so several
 * API processes can share it (writers queue instead of failing), and one in-process write lock,
 * so that this process's own writers queue without freezing the event loop (see write-lock.ts).
 * @example const { db } = await openDatabase({ url: 'file:./data/app.db' });
 */
export async function openDatabase(options: {
  url: string;
  authToken?: string | undefined;
}): Promise<Database> {
  if (options.url.startsWith('file:')) {
    const path = options.url.slice('file:'.length).split('?')[0] ?? '';
    if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  const isFile = options.url.startsWith('file:');
  // A local file runs statements on this thread: prepare each SQL text once per connection.
  if (isFile) keepPreparedStatements();
  const raw = createClient({
    url: options.url,
    ...(options.authToken ? { authToken: options.authToken } : {}),
    // Every pooled connection waits this long for a lock instead of failing with SQLITE_BUSY.
    timeout: BUSY_TIMEOUT_MS,
    concurrency: POOL_SIZE,
  });
  // A remote libSQL server queues writers itself, asynchronously; only a file needs the lock.
  const client = isFile ? withWriteLock(raw, writeLockOfThisProcess()) : raw;
  if (isFile) {
    await client.execute('PRAGMA journal_mode = WAL');
    await configureEveryConnection(raw, POOL_SIZE, [
      'PRAGMA synchronous = NORMAL',
      'PRAGMA foreign_keys = ON',
    ]);
  }
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(client, { schema });
  return { db, client, close: () => client.close() };
}

/**
 * Applies the committed drizzle-kit migrations. What the schema takes from the contracts (the
 * search vocabulary) is filled by `migrateDatabase` in boot/, which runs this first.
 */
export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
