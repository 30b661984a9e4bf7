import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import { adminDataVersion } from '../../db/schema/index.ts';

/**
 * The admin data version (migrations 0021 and 0022): a counter that triggers bump in the writer's
 * own transaction on every write that can change what the bookings list or the dashboard shows.
 */
export async function readDataVersion(db: Db): Promise<number> {
  return (await versionQuery(db).get())?.version ?? 0;
}

/** The version's statement, built once: it runs on every cached read. */
const versionQuery = preparedOnce((db: Db) =>
  db
    .select({ version: adminDataVersion.version })
    .from(adminDataVersion)
    .where(eq(adminDataVersion.id, 1))
    .prepare(),
);

/**
 * What one API process computed from the database, each value kept beside the admin data version
 * read *before* computing it, and reused only while the database still holds that version: a
 * write by any process bumps it, so the next read recomputes (a write that lands during the
 * computation leaves the entry under the older version, so it is never served again). Entries may
 * also say until when they hold (`valid`), for values that depend on the clock. At most `max`
 * keys, least recently used dropped first.
 * @example
 * const cache = createVersionedCache<string[]>({ db, max: 32 });
 * const ids = await cache.get('smith', () => findMatches('smith'));
 */
export function createVersionedCache<T>(options: { db: Db; max: number }) {
  const entries = new Map<string, { version: number; value: T }>();
  const readVersion = versionQuery(options.db);
  return {
    /**
     * The value under `key` for the database's current version, computed by `compute` when there
     * is none or `valid` (given the kept value) says it no longer holds.
     */
    async get(
      key: string,
      compute: () => Promise<T>,
      valid: (value: T) => boolean = () => true,
    ): Promise<T> {
      const version = (await readVersion.get())?.version ?? 0;
      const kept = entries.get(key);
      if (kept && kept.version === version && valid(kept.value)) {
        // Most recently used last, so the first key is the one to drop.
        entries.delete(key);
        entries.set(key, kept);
        return kept.value;
      }
      const value = await compute();
      entries.delete(key);
      entries.set(key, { version, value });
      while (entries.size > options.max) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      return value;
    },
    /** How many keys are kept (for tests). */
    get size() {
      return entries.size;
    },
  };
}
