import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  contains,
  inListOrder,
  type RankedList,
  type RankedListCache,
  rankedList,
  rankedListOf,
} from './ranked-list.ts';

/** The projection a search runs on. */
export interface SearchSide {
  table: 'consultant_search' | 'franchise_search';
  fts: 'consultant_fts' | 'franchise_fts';
  epoch: 'consultant_epoch' | 'franchise_epoch';
  /** The bm25() call with the side's column weights. */
  bm25: string;
}

/** What decides a result list (not the page, not the viewer). */
export interface ListSpec {
  side: SearchSide;
  /** The FTS5 MATCH expression (text and tag filters), or null. */
  match: string | null;
  /** Order by bm25 (text given and sort = relevance). */
  ranked: boolean;
  /** Conditions on the projection row `s` besides visibility, with the values they bind. */
  conditions: SQL[];
  /** A cache-key form of `conditions`. */
  filters: Record<string, unknown>;
  /** ORDER BY over `s` when not ranked; ends with the rowid. */
  order: string;
}

/** A list query: how to compute it, in one or two cached steps. */
export interface ListQuery {
  key: string;
  /** Ordered by the FTS step's rank. */
  ranked: boolean;
  /** The FTS step: the matching rowids, by rank when ranked (cached on its own). */
  fts: { key: string; statement: () => SQL } | null;
  /** The list is the FTS step's result as it is (ranked, nothing else to filter). */
  passthrough: boolean;
  /** The same filters and order without the FTS part (its list is cached on its own too). */
  base: ListQuery | null;
  /** One row `{ epoch, ids }`, given the FTS step's ids (JSON) when there is one. */
  statement: (ftsIds: string | null) => SQL;
}

/**
 * Up to this many FTS matches are joined to the projection in SQL; beyond, the FTS list and the
 * other filters' list intersect in memory (joining 90,000 ids costs more than both lists).
 */
export const JOIN_LIMIT = 20_000;

/**
 * Plans a list in two steps. The FTS step (text and tag filters, and bm25 when ranked) is the
 * expensive one and is cached by its MATCH expression alone, so that changing a numeric filter,
 * the sort or the page reuses it; the second step joins those rowids to the projection, applies
 * the other filters and orders. Every statement reads the epoch in the same snapshot as the ids.
 */
export function listQuery(spec: ListSpec): ListQuery {
  const { side } = spec;
  const epoch = sql`(select ${sql.raw(side.epoch)} from search_state where id = 1)`;
  const table = sql.raw(side.table);
  const where = sql.join([sql`s.visible = 1`, ...spec.conditions], sql` and `);
  // The ids are concatenated from an ordered subquery: with LIMIT the ORDER BY is kept and the
  // rows reach group_concat in order, and an index can provide the order (an ORDER BY inside
  // the aggregate would always sort in a temporary b-tree: 7× slower on 100,000 rows).
  const ordered = (from: SQL, order: string) =>
    sql`(select group_concat(rid) from (
          select s.rid as rid from ${from} where ${where} order by ${sql.raw(order)} limit -1))`;
  const key = JSON.stringify([side.table, spec.match, spec.ranked, spec.order, spec.filters]);
  if (!spec.match) {
    return {
      key,
      ranked: false,
      fts: null,
      passthrough: false,
      base: null,
      statement: () =>
        sql`select ${epoch} as epoch, ${ordered(sql`${table} s`, spec.order)} as ids`,
    };
  }
  const match = spec.match;
  const fts = sql.raw(side.fts);
  return {
    key,
    ranked: spec.ranked,
    fts: {
      key: JSON.stringify([side.fts, match, spec.ranked]),
      statement: () =>
        spec.ranked
          ? sql`with m as materialized (
                  select rowid as rid, ${sql.raw(side.bm25)} as score from ${fts}
                  where ${fts} match ${match})
                select ${epoch} as epoch,
                  (select group_concat(rid) from (
                    select rid from m order by score, rid limit -1)) as ids`
          : sql`select ${epoch} as epoch,
                  (select group_concat(rowid) from ${fts} where ${fts} match ${match}) as ids`,
    },
    passthrough: spec.ranked && spec.conditions.length === 0,
    base: listQuery({ ...spec, match: null, ranked: false }),
    // Ranked: keep the FTS step's order (its array index); FTS rows exist only for visible rows,
    // and the projection row confirms it in this snapshot.
    statement: (ftsIds) =>
      sql`select ${epoch} as epoch, ${ordered(
        sql`json_each(${ftsIds ?? '[]'}) j cross join ${table} s on s.rid = j.value`,
        spec.ranked ? 'j.key' : spec.order,
      )} as ids`,
  };
}

/** The viewer's side of a search: the projection epoch and their favourites' rowids. */
export interface ViewerState {
  epoch: number;
  favorites: number[];
}

const parseIds = (ids: string | null) => (ids ? ids.split(',').map(Number) : []);

/** Reads the epoch and the favourite rowids in one statement (the per-request fast path). */
export async function viewerState(db: Db, statement: SQL): Promise<ViewerState> {
  const [row] = await db.all<{ epoch: number | null; favorites: string | null }>(statement);
  return { epoch: row?.epoch ?? 0, favorites: parseIds(row?.favorites ?? null) };
}

async function listRow(db: Db, statement: SQL): Promise<RankedList> {
  const [row] = await db.all<{ epoch: number | null; ids: string | null }>(statement);
  return rankedList(row?.epoch ?? 0, row?.ids ?? null);
}

/**
 * The list of a query, from the cache while the epoch holds. With an FTS part: the FTS step's
 * list (cached by its MATCH expression), then either a join of those rowids to the projection
 * (few matches) or the intersection with the cached list of the other filters (many matches),
 * keeping the rank order when ranked and the projection's order otherwise.
 */
export async function loadList(
  db: Db,
  cache: RankedListCache,
  query: ListQuery,
  epoch: number,
  joinLimit = JOIN_LIMIT,
): Promise<RankedList> {
  return cache.get(query.key, epoch, async () => {
    const { fts, base } = query;
    if (!fts || !base) return listRow(db, query.statement(null));
    let at = epoch;
    for (let attempt = 0; ; attempt += 1) {
      const matches = await cache.get(fts.key, at, () => listRow(db, fts.statement()));
      if (query.passthrough) return matches;
      const list =
        matches.order.length <= joinLimit
          ? await listRow(db, query.statement(JSON.stringify(Array.from(matches.order))))
          : intersect(matches, await loadList(db, cache, base, matches.epoch), query.ranked);
      // The projection moved between the two steps: redo the FTS step at the newer epoch.
      if (list.epoch === matches.epoch || attempt === 2) return list;
      at = list.epoch;
    }
  });
}

/** The FTS matches that pass the other filters, in rank order (ranked) or the filters' order. */
function intersect(matches: RankedList, filtered: RankedList, ranked: boolean): RankedList {
  const [outer, inner] = ranked ? [matches, filtered] : [filtered, matches];
  const kept = outer.order.filter((rid) => contains(inner.sorted, rid));
  return rankedListOf(Math.max(matches.epoch, filtered.epoch), kept);
}

export interface PagedRids {
  total: number;
  favoriteTotal: number;
  /** The page's rowids, in order. */
  page: number[];
  /** The first `limit` favourites matching the query, in order. */
  favorites: number[];
  /** Every favourite rowid of the viewer (for `isFavorite`). */
  favoriteSet: Set<number>;
}

/**
 * Cuts a page out of a ranked list. With `favoritesOnly` the list is the viewer's favourites
 * that match, so `total` equals `favoriteTotal`.
 */
export function pageRids(
  list: RankedList,
  viewer: ViewerState,
  options: { page: number; limit: number; favoritesOnly: boolean },
): PagedRids {
  const matchingFavorites = inListOrder(list, viewer.favorites);
  const start = (options.page - 1) * options.limit;
  const page = options.favoritesOnly
    ? matchingFavorites.slice(start, start + options.limit)
    : Array.from(list.order.subarray(start, start + options.limit));
  return {
    total: options.favoritesOnly ? matchingFavorites.length : list.order.length,
    favoriteTotal: matchingFavorites.length,
    page,
    favorites: matchingFavorites.slice(0, options.limit),
    favoriteSet: new Set(viewer.favorites),
  };
}

/** `rid IN (…)` with one bound JSON parameter, so the statement text stays the same. */
export const ridIn = (column: SQL, rids: number[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(rids)}))`;

/**
 * Rows read as one JSON array in one column: the driver then converts one value instead of every
 * column of every row, which is most of a small query's cost.
 * @example await jsonRows<{ rid: number }>(db, sql`select json_group_array(json_object('rid', rid)) from t`)
 */
export async function jsonRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const [row] = await db.values<[string | null]>(statement);
  const text = row?.[0];
  return text ? (JSON.parse(text) as T[]) : [];
}

/** The values of a JSON array that a list schema accepts. */
export function knownValues<T extends string>(values: unknown, allowed: readonly T[]): T[] {
  if (!Array.isArray(values)) return [];
  return values.filter((x): x is T => typeof x === 'string' && allowed.includes(x as T));
}

/** SQLite booleans (0/1/null) as the API's nullable booleans. */
export const nullableBool = (value: number | null | undefined): boolean | null =>
  value === null || value === undefined ? null : value !== 0;
