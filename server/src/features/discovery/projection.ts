import {
  BROKER_GROUPS,
  COUNTRIES,
  FRANCHISE_FILTER_FLAGS,
  INDUSTRY_SPECIALTIES,
  REGIONS,
  STATE_CODES,
} from '@fm/sdk/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * The search projection's upkeep. The tables (`consultant_search`, `franchise_search`, their FTS5
 * indexes) are written only by the triggers of migration 0003; this module fills the vocabulary
 * they read and rebuilds everything after bulk loads.
 */

export type VocabKind = 'industry' | 'region' | 'group' | 'state' | 'country' | 'flag';

export interface VocabRow {
  kind: VocabKind;
  value: string;
  position: number;
  token: string;
}

/**
 * FTS token prefixes. A token ends with a digit, so the porter stemmer leaves it alone. Tokens live
 * in the FTS `tags` column and text queries are restricted to the text columns, so a bio that
 * happens to contain "i33" never matches a tag filter and vice versa.
 */
const PREFIX: Record<VocabKind, string> = {
  industry: 'i',
  region: 'r',
  group: 'g',
  state: 's',
  country: 'c',
  flag: 'f',
};

/** Experience levels are numbers already: `e1`, `e2`, `e3`, `e5`, `e10`. */
export const experienceToken = (level: number) => `e${level}`;

/**
 * The vocabulary, from the contract's arrays (their one source of truth): position = index.
 * @example searchVocabulary().find((r) => r.kind === 'industry' && r.value === 'Senior Care')?.token // 'i33'
 */
export function searchVocabulary(): VocabRow[] {
  const lists: [VocabKind, readonly string[]][] = [
    ['industry', INDUSTRY_SPECIALTIES],
    ['region', REGIONS],
    ['group', BROKER_GROUPS],
    ['state', STATE_CODES],
    ['country', COUNTRIES],
    ['flag', FRANCHISE_FILTER_FLAGS],
  ];
  return lists.flatMap(([kind, values]) =>
    values.map((value, position) => ({
      kind,
      value,
      position,
      token: `${PREFIX[kind]}${position}`,
    })),
  );
}

const TOKENS = new Map(searchVocabulary().map((r) => [`${r.kind}\u0000${r.value}`, r.token]));

/** The FTS token of an enum value (throws for a value outside the contract: a programming error). */
export function vocabToken(kind: VocabKind, value: string): string {
  const token = TOKENS.get(`${kind}\u0000${value}`);
  if (!token) throw new Error(`no search token for ${kind} ${value}`);
  return token;
}

const sameVocabulary = (a: VocabRow[], b: VocabRow[]) => {
  const key = (r: VocabRow) => `${r.kind}\u0000${r.value}\u0000${r.position}\u0000${r.token}`;
  const left = new Set(a.map(key));
  return a.length === b.length && b.every((r) => left.has(key(r)));
};

async function readVocabulary(db: Db | Tx): Promise<VocabRow[]> {
  return db.all<VocabRow>(sql`select kind, value, position, token from search_vocab`);
}

/**
 * Makes `search_vocab` match the contract's enums; when it changed (first boot, or an enum was
 * edited) the projection is rebuilt so every stored token follows. Call right after migrations.
 * @returns whether the vocabulary changed (and the index was rebuilt)
 * @example await migrateDatabase(db); // boot/migrate-database.ts: calls syncSearchVocabulary(db)
 */
export async function syncSearchVocabulary(db: Db): Promise<boolean> {
  const wanted = searchVocabulary();
  if (sameVocabulary(wanted, await readVocabulary(db))) return false;
  return db.transaction(async (tx) => {
    // Another process may have synced while this one waited for the write lock.
    if (sameVocabulary(wanted, await readVocabulary(tx))) return false;
    await tx.run(sql`delete from search_vocab`);
    for (const row of wanted) {
      await tx.run(
        sql`insert into search_vocab (kind, value, position, token) values (${row.kind}, ${row.value}, ${row.position}, ${row.token})`,
      );
    }
    await rebuildSearchIndex(tx);
    return true;
  });
}

/**
 * Stops the sync triggers until `rebuildSearchIndex` runs in the same transaction: a bulk load
 * then costs one index build instead of one re-index per inserted row. Only ever call it inside a
 * transaction that ends with `rebuildSearchIndex(tx)` (a rollback also undoes the pause).
 * @example await db.transaction(async (tx) => { await pauseSearchSync(tx); …inserts…; await rebuildSearchIndex(tx); });
 */
export async function pauseSearchSync(tx: Tx): Promise<void> {
  await tx.run(sql`update search_state set paused = 1 where id = 1`);
}

/**
 * Recomputes the whole projection and its FTS indexes from the base tables (after bulk loads, or
 * to repair). Runs in the given transaction, or in its own.
 * @returns the number of visible consultants and franchises
 */
export async function rebuildSearchIndex(
  db: Db | Tx,
): Promise<{ consultants: number; franchises: number }> {
  const run = async (tx: Db | Tx) => {
    await tx.run(sql`update search_state set paused = 0 where id = 1`);
    await tx.run(sql`insert into consultant_fts (consultant_fts) values ('delete-all')`);
    await tx.run(sql`insert into franchise_fts (franchise_fts) values ('delete-all')`);
    await tx.run(sql`delete from consultant_search`);
    await tx.run(sql`delete from franchise_search`);
    await tx.run(
      sql`insert into search_refresh (kind, id) select 'consultant', id from "user" where role = 'consultant'`,
    );
    await tx.run(sql`insert into search_refresh (kind, id) select 'franchise', id from franchise`);
    // Merges the FTS segments written row by row into one b-tree: faster queries afterwards.
    await tx.run(sql`insert into consultant_fts (consultant_fts) values ('optimize')`);
    await tx.run(sql`insert into franchise_fts (franchise_fts) values ('optimize')`);
    const [counts] = await tx.all<{ consultants: number; franchises: number }>(
      sql`select (select count(*) from consultant_search where visible = 1) as consultants,
                 (select count(*) from franchise_search where visible = 1) as franchises`,
    );
    return counts ?? { consultants: 0, franchises: 0 };
  };
  return isTx(db) ? run(db) : db.transaction(run);
}

/** Drizzle's transaction object is a Db subclass; it carries `rollback`. */
function isTx(db: Db | Tx): db is Tx {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}
