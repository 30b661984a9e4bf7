import { hostname } from 'node:os';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, type Db, migrationsFolder } from './client.ts';

/** How long a migrating process holds the lock; one that dies gives it up when this runs out. */
const LOCK_LEASE_MS = 120_000;
const POLL_MS = 200;

/** Thrown when the database is behind the code and this process was not told to migrate it. */
export class SchemaBehindError extends Error {
  override name = 'SchemaBehindError';
}

export interface SchemaStatus {
  /** Migrations in this build. */
  expected: number;
  /** Of those, not applied to the database yet. */
  pending: number;
}

/**
 * Compares the database's `__drizzle_migrations` with this build's migrations, the way drizzle's
 * migrator decides what to apply (by the time of the last applied one).
 * @example const { pending } = await schemaStatus(database);
 */
export async function schemaStatus(database: Database): Promise<SchemaStatus> {
  const migrations = readMigrationFiles({ migrationsFolder });
  let last = -1;
  try {
    const rows = await database.client.execute(
      'SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const value = rows.rows[0]?.created_at;
    if (value !== undefined && value !== null) last = Number(value);
  } catch (error) {
    // No migrations table: nothing applied. Anything else (the server unreachable…) is reported as is.
    if (!/no such table/i.test(error instanceof Error ? error.message : String(error))) throw error;
  }
  return {
    expected: migrations.length,
    pending: migrations.filter((m) => m.folderMillis > last).length,
  };
}

/**
 * Refuses to go on when the database is behind this build (production does not migrate at start
 * unless told to): the message says what to run.
 */
export async function assertSchemaCurrent(database: Database): Promise<void> {
  const { pending, expected } = await schemaStatus(database);
  if (pending > 0) {
    throw new SchemaBehindError(
      `The database is behind this build: ${pending} of ${expected} migrations are not applied. ` +
        'Run `node server/dist/migrate.js` (or `npm run migrate`) first, or start with MIGRATE_ON_START=true.',
    );
  }
}

/**
 * Runs `options.migrate` (boot/migrate-database.ts: the migrations and the data the schema takes
 * from the contracts) while holding a lease row in the database (`migration_lock`), so that two
 * processes starting at once on one database — a file or a libSQL server — never run them together:
 * the second waits, then finds nothing left to do. A holder that died is taken over after the lease.
 * @example await migrateUnderLock(database, { migrate: migrateDatabase, log: (m) => logger.info(m) });
 */
export async function migrateUnderLock(
  database: Database,
  options: {
    migrate: (db: Db) => Promise<void>;
    log?: (message: string) => void;
    waitMs?: number;
    leaseMs?: number;
  },
): Promise<{ applied: number }> {
  const { client } = database;
  const leaseMs = options.leaseMs ?? LOCK_LEASE_MS;
  const waitMs = options.waitMs ?? leaseMs + 30_000;
  const holder = `${hostname()}:${process.pid}:${crypto.randomUUID()}`;
  await client.execute(
    `CREATE TABLE IF NOT EXISTS migration_lock (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      holder TEXT NOT NULL,
      lease_until INTEGER NOT NULL
    )`,
  );
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    const at = Date.now();
    const taken = await client.execute({
      sql: `INSERT INTO migration_lock (id, holder, lease_until) VALUES (1, ?, ?)
            ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, lease_until = excluded.lease_until
            WHERE migration_lock.lease_until < ?
            RETURNING holder`,
      args: [holder, at + leaseMs, at],
    });
    if (taken.rows[0]?.holder === holder) break;
    if (Date.now() > deadline) {
      throw new Error(`Gave up waiting ${waitMs} ms for another process's migration lock.`);
    }
    if (!told) {
      options.log?.('another process is migrating the database; waiting for it');
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    const before = await schemaStatus(database);
    await options.migrate(database.db);
    if (before.pending > 0) options.log?.(`applied ${before.pending} migrations`);
    return { applied: before.pending };
  } finally {
    await client.execute({ sql: 'DELETE FROM migration_lock WHERE holder = ?', args: [holder] });
  }
}
