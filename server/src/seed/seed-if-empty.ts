import { hashPassword } from 'better-auth/crypto';
import { and, eq, getTableName, isNull, lt, ne, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Container } from '../container.ts';
import type { Db, Tx } from '../db/client.ts';
import { jobRun, user } from '../db/schema/index.ts';
import { isDatabaseBusy } from '../db/sqlite-errors.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { buildDemoData } from './demo-data.ts';
import { type DemoData, SEED_TABLES, type SeedTableName } from './tables.ts';

/** The `job_run` row that makes one process (of several starting at once) the seeder. */
export const SEED_LOCK_KEY = 'seed:demo';
const LOCK_LEASE_MS = 10 * 60_000;
/** Rows per INSERT: far below SQLite's 32,766 bound variables for our widest table. */
const BATCH_SIZE = 200;

export interface SeedOptions {
  /** Meetings, chats and notifications are placed around this instant (default: the clock). */
  now?: Date;
}

/**
 * Seeds the demo marketplace of rule 3 into an empty database and returns the row count per table, or
 * null when there was nothing to do. "Empty" means no user but admins (an admin bootstrapped from
 * `ADMIN_EMAIL` does not count) and no finished demo seed.
 * @example const counts = await seedIfEmpty(container); // { user: 1384, meeting: 2151, … } | null
 */
export async function seedIfEmpty(
  container: Container,
  options: SeedOptions = {},
): Promise<Record<string, number> | null> {
  return seedDatabaseIfEmpty(container.db, options);
}

/** `seedIfEmpty` for a bare database handle (the CLI and tests of concurrent starts use it). */
export async function seedDatabaseIfEmpty(
  db: Db,
  options: SeedOptions = {},
): Promise<Record<string, number> | null> {
  const now = options.now ?? new Date();
  if (!(await isEmpty(db))) return null;
  if (!(await claimLock(db))) return null;
  try {
    // One salted hash per run, shared by every seeded credential.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const counts = await db.transaction(async (tx) => {
      // Re-checked under the write lock: a sign-up may have landed meanwhile.
      if (!(await isEmpty(tx))) return null;
      const existingAdmin = await tx.query.user.findFirst({
        where: eq(user.email, DEMO_ACCOUNTS.admin.email),
        columns: { id: true },
      });
      const data = buildDemoData({ now, passwordHash, existingAdminId: existingAdmin?.id });
      // `franchise` and `user` reference each other: check foreign keys at commit.
      await tx.run(sql`PRAGMA defer_foreign_keys = ON`);
      const inserted = await insertDemoData(tx, data);
      await tx
        .update(jobRun)
        .set({ finishedAt: new Date(), result: JSON.stringify(inserted) })
        .where(eq(jobRun.key, SEED_LOCK_KEY));
      return inserted;
    });
    if (!counts) await releaseLock(db);
    return counts;
  } catch (error) {
    await releaseLock(db);
    throw error;
  }
}

async function isEmpty(db: Db | Tx): Promise<boolean> {
  const [someone] = await db
    .select({ id: user.id })
    .from(user)
    .where(ne(user.role, 'admin'))
    .limit(1);
  if (someone) return false;
  const [seeded] = await db
    .select({ key: jobRun.key })
    .from(jobRun)
    .where(and(eq(jobRun.key, SEED_LOCK_KEY), sql`${jobRun.finishedAt} is not null`))
    .limit(1);
  return !seeded;
}

/**
 * Takes the seed lock in its own short write, so that a second process starting at the same time
 * sees it and skips the seed instead of waiting for the long seeding transaction. A lock left by a
 * crashed seeder is taken over once its lease has passed.
 */
async function claimLock(db: Db): Promise<boolean> {
  const startedAt = new Date();
  const leaseUntil = startedAt.getTime() + LOCK_LEASE_MS;
  try {
    const created = await db
      .insert(jobRun)
      .values({ key: SEED_LOCK_KEY, job: 'seed', startedAt, leaseUntil })
      .onConflictDoNothing()
      .returning({ key: jobRun.key });
    if (created.length > 0) return true;
    const takenOver = await db
      .update(jobRun)
      .set({ startedAt, leaseUntil })
      .where(
        and(
          eq(jobRun.key, SEED_LOCK_KEY),
          isNull(jobRun.finishedAt),
          lt(jobRun.leaseUntil, startedAt.getTime()),
        ),
      )
      .returning({ key: jobRun.key });
    return takenOver.length > 0;
  } catch (error) {
    // The database stayed locked for the whole busy timeout: another process is seeding.
    if (isDatabaseBusy(error)) return false;
    throw error;
  }
}

async function releaseLock(db: Db): Promise<void> {
  await db.delete(jobRun).where(and(eq(jobRun.key, SEED_LOCK_KEY), isNull(jobRun.finishedAt)));
}

async function insertRows<T extends SQLiteTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    await tx.insert(table).values(rows.slice(i, i + BATCH_SIZE));
  }
}

/** Inserts table by table (parents first), in batches; returns the count per SQL table name. */
async function insertDemoData(tx: Tx, data: DemoData): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const insertTable = async <K extends SeedTableName>(name: K) => {
    const table: DemoTable<K> = SEED_TABLES[name];
    await insertRows(tx, table, data[name]);
    counts[getTableName(table)] = data[name].length;
  };
  for (const name of Object.keys(SEED_TABLES) as SeedTableName[]) await insertTable(name);
  return counts;
}

type DemoTable<K extends SeedTableName> = (typeof SEED_TABLES)[K];
