import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { matchExpression } from './fts-query.ts';
import type { ListReader } from './list-reader.ts';
import {
  contains,
  inListOrder,
  type RankedList,
  type RankedListCache,
  rankedListOf,
} from './ranked-list.ts';
import {
  keepPassing,
  listRows,
  type MemoryFilter,
  memoryRows,
  type PhraseList,
  type RowFilter,
  rankByPhrases,
  type ScoreGroups,
  scoreGroups,
} from './search-columns.ts';

/** The projection a search runs on. */
export interface SearchSide {
  table: 'consultant_search' | 'franchise_search';
  fts: 'consultant_fts' | 'franchise_fts';
  epoch: 'consultant_epoch' | 'franchise_epoch';
  /** The bm25() call with the side's column weights. */
  bm25: string;
  /** The numeric columns a memory filter may bound (`MemoryFilter.bounds[].column` indexes them). */
  numbers: readonly string[];
}

/** What decides a result list (not the page, not the viewer). */
export interface ListSpec {
  side: SearchSide;
  /** The FTS5 MATCH expression of the search text, or null. */
  text: string | null;
  /** The same text as one MATCH expression per phrase (word), in order (see `textPhrases`). */
  phrases: string[];
  /** The FTS5 MATCH expressions of the tag filters, one per filter (ANDed together). */
  tags: string[];
  /** Order by bm25 (text given and sort = relevance). */
  ranked: boolean;
  /** Conditions on the projection row `s` besides visibility, with the values they bind. */
  conditions: SQL[];
  /** A cache-key form of `conditions`. */
  filters: Record<string, unknown>;
  /**
   * The tags and conditions again, as a filter on the columns held in memory, when they can all
   * be said that way (null: the tag matches and the conditions run in SQL).
   */
  memory: MemoryFilter | null;
  /** ORDER BY over `s` when not ranked; ends with the rowid. */
  order: string;
}

/** One FTS5 evaluation, cached on its own by its MATCH expression. */
export interface FtsPart {
  key: string;
  statement: () => SQL;
}

/**
 * A phrase of a ranked text, readable two ways: `alone` (every row holding it), or `withTags`
 * (only the rows that also hold the query's tags: far fewer to rank, and the same terms, since a
 * tag phrase adds 0 to bm25). See `pickPhrase`.
 */
export interface RankPhrase {
  alone: FtsPart;
  withTags: FtsPart | null;
}

/** A list query: how to compute it, in cached steps. */
export interface ListQuery {
  key: string;
  /** Ordered by the text part's rank. */
  ranked: boolean;
  /**
   * The FTS step of an unranked list: the rowids matching the text AND the tags. Its parts (the
   * text; each tag filter) are cached separately and intersected in memory, so a new tag filter
   * reuses the text and a new text reuses the tags.
   */
  fts: { key: string; parts: FtsPart[] } | null;
  /**
   * How a ranked list is made: each phrase's matches with their bm25 terms (cached per phrase)
   * merged and ordered as one MATCH would, keeping the rows that pass the filters — in memory
   * (`memory`, on the columns `columns` reads) or as the tag matches and `base` from SQL.
   */
  rank: {
    phrases: RankPhrase[];
    tags: FtsPart[];
    memory: MemoryFilter | null;
    columns: () => SQL;
  } | null;
  /** The list is the FTS step's result as it is (ranked, nothing else to filter). */
  passthrough: boolean;
  /**
   * The rows passing the other filters, cached on its own: in the requested order when the list
   * is not ranked; as a plain set when it is (the rank decides the order; a set is far cheaper).
   */
  base: ListQuery | null;
  /** One row `{ epoch, ids }`, given the FTS step's ids (JSON) when there is one. */
  statement: (ftsIds: string | null) => SQL;
}

/**
 * Up to this many FTS matches of an unranked list are joined to the projection in SQL when the list of the other
 * filters is not cached yet; beyond, that list is computed and intersected in memory (joining
 * 90,000 ids costs more than both lists). A cached list of the other filters is always used.
 */
export const JOIN_LIMIT = 20_000;

/** A list that one statement reads whole: no FTS step, no rank, nothing under it. */
const sqlOnlyList = (key: string, statement: () => SQL): ListQuery => ({
  key,
  ranked: false,
  fts: null,
  rank: null,
  passthrough: false,
  base: null,
  statement,
});

/**
 * Plans a list. The FTS step (text and tag filters, and bm25 when ranked) is the expensive one:
 * each of its parts is cached by its MATCH expression alone, and the step by both, so that
 * changing a numeric filter, the sort or the page reuses it; the second step keeps the rowids that
 * pass the other filters, in rank order or the requested order. Every statement reads the epoch
 * in the same snapshot as the ids.
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
  const key = JSON.stringify([
    side.table,
    spec.text,
    spec.tags,
    spec.ranked,
    spec.order,
    spec.filters,
  ]);
  if (!spec.text && spec.tags.length === 0) {
    return sqlOnlyList(
      key,
      () => sql`select ${epoch} as epoch, ${ordered(sql`${table} s`, spec.order)} as ids`,
    );
  }
  const fts = sql.raw(side.fts);
  const ranked = spec.ranked && spec.text !== null;
  const part = (match: string, byRank: boolean): FtsPart => ({
    key: JSON.stringify([side.fts, match, byRank]),
    statement: () =>
      byRank
        ? sql`with m as materialized (
                select rowid as rid, ${sql.raw(side.bm25)} as score from ${fts}
                where ${fts} match ${match})
              select ${epoch} as epoch,
                (select group_concat(rid) from (
                  select rid from m order by score, rid limit -1)) as ids`
        : sql`select ${epoch} as epoch,
                (select group_concat(rowid) from ${fts} where ${fts} match ${match}) as ids`,
  });
  // The ranked text first: the step keeps its order. Each tag filter on its own, so that a common
  // one (a region most consultants cover) is matched once and reused with every other filter.
  const parts = [
    ...(spec.text ? [part(spec.text, ranked)] : []),
    ...spec.tags.map((tags) => part(tags, false)),
  ];
  // A phrase: its rows ascending and its bm25 (17 significant digits: exact doubles).
  const phrase = (match: string): FtsPart => ({
    key: JSON.stringify([side.fts, 'phrase', match]),
    statement: () =>
      sql`with m as materialized (
            select rowid as rid, ${sql.raw(side.bm25)} as score from ${fts}
            where ${fts} match ${match})
          select ${epoch} as epoch, group_concat(rid) as ids,
            group_concat(printf('%!.17g', score)) as terms from m`,
  });
  const allTags = matchExpression(spec.tags);
  const columns = () =>
    sql`select ${epoch} as epoch, group_concat(s.rid) as ids, group_concat(s.tags) as tags
          ${sql.raw(side.numbers.map((c, i) => `, group_concat(coalesce(s.${c}, '')) as n${i}`).join(''))}
        from ${table} s where s.visible = 1`;
  const memory =
    spec.memory && (spec.memory.tags.length > 0 || spec.memory.bounds.length > 0)
      ? spec.memory
      : null;
  return {
    key,
    ranked,
    fts: { key: JSON.stringify([side.fts, spec.text, spec.tags, ranked]), parts },
    rank:
      ranked && spec.phrases.length > 0
        ? {
            phrases: spec.phrases.map((p) => ({
              alone: phrase(p),
              withTags: allTags ? phrase(`${p} AND ${allTags}`) : null,
            })),
            tags: spec.memory ? [] : spec.tags.map((tags) => part(tags, false)),
            memory,
            columns,
          }
        : null,
    passthrough: ranked && spec.conditions.length === 0,
    base: ranked
      ? sqlOnlyList(
          JSON.stringify([side.table, 'set', spec.filters]),
          () =>
            sql`select ${epoch} as epoch,
                  (select group_concat(s.rid) from ${table} s where ${where}) as ids`,
        )
      : listQuery({ ...spec, text: null, tags: [], ranked: false }),
    // Ranked: keep the FTS step's order (its array index); FTS rows exist only for visible rows,
    // and the projection row confirms it in this snapshot.
    statement: (ftsIds) =>
      sql`select ${epoch} as epoch, ${ordered(
        sql`json_each(${ftsIds ?? '[]'}) j cross join ${table} s on s.rid = j.value`,
        ranked ? 'j.key' : spec.order,
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

/**
 * The FTS step: each part from the cache (or the database), all at one epoch, intersected in the
 * first part's order.
 */
async function ftsMatches(
  lists: ListReader,
  cache: RankedListCache,
  parts: FtsPart[],
  epoch: number,
  ranked: boolean,
): Promise<RankedList> {
  let at = epoch;
  for (let attempt = 0; ; attempt += 1) {
    const found = await Promise.all(
      parts.map((p) => cache.get(p.key, at, () => lists.read(p.statement()))),
    );
    const newest = Math.max(...found.map((l) => l.epoch));
    // A part computed after a write: bring the others to the same epoch (rarely needed twice).
    if (found.every((l) => l.epoch === newest) || attempt === 2) {
      // The smallest sets first keep every step short; a ranked first list keeps its place.
      const bySize = (a: RankedList, b: RankedList) => a.order.length - b.order.length;
      const [first, ...rest] = ranked ? found : [...found].sort(bySize);
      if (!first) return rankedListOf(newest, new Int32Array(0));
      const [smallest, ...others] = rest.sort(bySize);
      if (!smallest) return first;
      const filter = others.reduce((kept, other) => keepMembers(kept, other, newest), smallest);
      return keepMembers(first, filter, newest);
    }
    at = newest;
  }
}

/**
 * The list of a query, from the cache while the epoch holds. With an FTS part: the FTS step's
 * list, then the rowids that pass the other filters. Ranked: the matches, in rank order, that are
 * in the (cached) set of the other filters. Otherwise: the intersection with the cached ordered
 * list of the other filters when there is one (or when there are many matches), else a join of
 * the matches to the projection in SQL, in the requested order.
 */
export async function loadList(
  lists: ListReader,
  cache: RankedListCache,
  query: ListQuery,
  epoch: number,
  joinLimit = JOIN_LIMIT,
): Promise<RankedList> {
  return cache.get(query.key, epoch, async () => {
    const { fts, base, rank } = query;
    if (rank) return rankedByPhrases(lists, cache, rank, query.passthrough ? null : base, epoch);
    if (!fts || !base) return lists.read(query.statement(null));
    let at = epoch;
    for (let attempt = 0; ; attempt += 1) {
      const matches = await cache.get(fts.key, at, () =>
        ftsMatches(lists, cache, fts.parts, at, query.ranked),
      );
      if (query.passthrough) return matches;
      const cachedBase = cache.peek(base.key, matches.epoch);
      const list =
        query.ranked || cachedBase || matches.order.length > joinLimit
          ? intersect(
              matches,
              cachedBase ?? (await loadList(lists, cache, base, matches.epoch)),
              query.ranked,
            )
          : await lists.read(query.statement(JSON.stringify(Array.from(matches.order))));
      // The projection moved between the two steps: redo the FTS step at the newer epoch.
      if (list.epoch === matches.epoch || attempt === 2) return list;
      at = list.epoch;
    }
  });
}

/**
 * A ranked list from its phrases (each cached on its own by its MATCH expression and the epoch)
 * and its filters, all read at one epoch: a new combination of known words, a new rate bound or
 * new tags cost a merge in memory, no SQL.
 */
async function rankedByPhrases(
  lists: ListReader,
  cache: RankedListCache,
  rank: NonNullable<ListQuery['rank']>,
  base: ListQuery | null,
  epoch: number,
): Promise<RankedList> {
  let at = epoch;
  for (let attempt = 0; ; attempt += 1) {
    const parts = rank.phrases.map((p) => pickPhrase(cache, p, at));
    const read = (part: FtsPart) =>
      cache.phrases.get(part.key, at, () => lists.readPhrase(part.statement()));
    const [phrases, filter] = await Promise.all([
      // One phrase: its rows in rank order, kept, so a new filter only places its rows in it.
      parts.length === 1 && parts[0]
        ? cache.get(JSON.stringify(['ranked', parts[0].key]), at, async () => {
            const phrase = await read(parts[0] as FtsPart);
            const ranked = rankedListOf(phrase.epoch, rankByPhrases([phrase], null));
            rememberGroups(ranked, phrase);
            return ranked;
          })
        : Promise.all(parts.map(read)),
      rowFilter(lists, cache, rank, base, at),
    ]);
    const epochs = [
      ...(Array.isArray(phrases) ? phrases.map((p) => p.epoch) : [phrases.epoch]),
      ...filter.epochs,
    ];
    const newest = Math.max(...epochs);
    // A part read after a write: bring the others to the same epoch (rarely needed twice).
    if (epochs.every((e) => e === newest) || attempt === 2) {
      // From here to the return nothing awaits: the filter's scratch space stays ours.
      const keep = filter.keep();
      if (Array.isArray(phrases)) return rankedListOf(newest, rankByPhrases(phrases, keep));
      if (!keep) return phrases;
      const ranked = phrases;
      return rankedListOf(
        newest,
        keepPassing(
          ranked.order,
          () => positionsOf(ranked),
          keep,
          groups.get(ranked.order) ?? null,
        ),
      );
    }
    at = newest;
  }
}

/**
 * Score groups of the long one-phrase ranked lists (4 bytes per rowid each, at most 16 kept; a
 * list without them is placed through its position map).
 */
const groups = new Map<Int32Array, ScoreGroups>();
const MAX_GROUPS = 16;
const GROUPS_FROM = 8192;

function rememberGroups(ranked: RankedList, phrase: PhraseList): void {
  if (ranked.order.length < GROUPS_FROM) return;
  if (groups.size >= MAX_GROUPS) {
    const oldest = groups.keys().next().value;
    if (oldest) groups.delete(oldest);
  }
  groups.set(ranked.order, scoreGroups(phrase));
}

/**
 * Which reading of a phrase to use: a kept one (the whole phrase first); else the phrase with the
 * query's tags, unless the phrase came before with other tags — then the whole phrase, once, so
 * that every further tag combination is a merge in memory. A never-seen word with the same tags
 * as before (the usual search box) costs bm25 over a few thousand rows, not 85,000.
 */
function pickPhrase(cache: RankedListCache, phrase: RankPhrase, at: number): FtsPart {
  const { alone, withTags } = phrase;
  if (!withTags || cache.phrases.peek(alone.key, at)) return alone;
  if (cache.phrases.peek(withTags.key, at)) return withTags;
  return cache.seenWith(alone.key, withTags.key) ? alone : withTags;
}

/** The rows a ranked list may keep: from the columns in memory, or from SQL lists. */
async function rowFilter(
  lists: ListReader,
  cache: RankedListCache,
  rank: NonNullable<ListQuery['rank']>,
  base: ListQuery | null,
  at: number,
): Promise<{ epochs: number[]; keep: () => RowFilter | null }> {
  if (rank.memory) {
    const { memory } = rank;
    const columns = await cache.columns.get('columns', at, () => lists.readColumns(rank.columns()));
    // Built right where it is used: its bitset is scratch space shared by every search.
    return { epochs: [columns.epoch], keep: () => memoryRows(columns, memory) };
  }
  const found = await Promise.all([
    rank.tags.length > 0 ? ftsMatches(lists, cache, rank.tags, at, false) : null,
    base ? loadList(lists, cache, base, at) : null,
  ]);
  const [first, second] = found.filter((l): l is RankedList => l !== null);
  if (!first) return { epochs: [], keep: () => null };
  if (!second) return { epochs: [first.epoch], keep: () => listRows(first) };
  const rows = keepMembers(first, second, Math.max(first.epoch, second.epoch));
  return { epochs: [first.epoch, second.epoch], keep: () => listRows(rows) };
}

/** The bitmap of a cached list is built once, and goes when the list does. */
const bitmaps = new WeakMap<Int32Array, Uint8Array>();

/** One byte per rowid up to the largest: 1 when the rowid is in the list. */
function bitmapOf(list: RankedList): Uint8Array {
  let bits = bitmaps.get(list.order);
  if (!bits) {
    let max = 0;
    for (const rid of list.order) if (rid > max) max = rid;
    bits = new Uint8Array(max + 1);
    for (const rid of list.order) bits[rid] = 1;
    bitmaps.set(list.order, bits);
  }
  return bits;
}

/** Where each rowid stands in a ranked list (-1: absent), for the few lists placed in most. */
const positions = new Map<Int32Array, Int32Array>();
/** At most this many position maps are kept (4 bytes per rowid each: 0.4 MB at 100,000 rows). */
const MAX_POSITION_MAPS = 16;

function positionsOf(list: RankedList): Int32Array {
  let at = positions.get(list.order);
  if (at) {
    positions.delete(list.order);
  } else {
    let max = 0;
    for (const rid of list.order) if (rid > max) max = rid;
    at = new Int32Array(max + 1).fill(-1);
    const { order } = list;
    for (let i = 0; i < order.length; i += 1) at[order[i] ?? 0] = i;
    if (positions.size >= MAX_POSITION_MAPS) {
      const oldest = positions.keys().next().value;
      if (oldest) positions.delete(oldest);
    }
  }
  positions.set(list.order, at);
  return at;
}

/** A list at least this long and this many times longer than the other is not scanned. */
const PLACE_FROM = 4096;
const PLACE_RATIO = 8;

/**
 * The rowids of `list`, in its order, that are also in `other`. Usually one pass over `list`;
 * when `other` is far shorter (a ranked text of 85,000 rows and the few thousand with the asked
 * tags), `other`'s members are placed instead: by binary search in an ascending list, by a
 * remembered position map in a ranked one, then put in `list`'s order (O(k log k), not O(n)).
 */
export function keepMembers(list: RankedList, other: RankedList, epoch: number): RankedList {
  const { order } = list;
  if (order.length >= PLACE_FROM && other.order.length * PLACE_RATIO <= order.length) {
    const at = list.ascending ? null : positionsOf(list);
    const found = new Int32Array(other.order.length);
    let n = 0;
    for (const rid of other.order) {
      if (at) {
        const p = rid < at.length ? (at[rid] ?? -1) : -1;
        if (p >= 0) found[n++] = p;
      } else if (contains(order, rid)) {
        found[n++] = rid;
      }
    }
    // Positions (ranked) or rowids (ascending), each sorted into `list`'s order.
    const placed = found.subarray(0, n).sort();
    const kept = at ? placed.map((p) => order[p] ?? 0) : placed.slice();
    return rankedListOf(epoch, kept);
  }
  const kept = new Int32Array(Math.min(order.length, other.order.length));
  let n = 0;
  if (other.order.length < 64) {
    const sorted = other.sorted;
    for (const rid of order) if (contains(sorted, rid)) kept[n++] = rid;
  } else {
    const bits = bitmapOf(other);
    for (const rid of order) if (bits[rid] === 1) kept[n++] = rid;
  }
  // A list may be cached: do not keep a much larger buffer alive behind a short view.
  return rankedListOf(epoch, n < kept.length / 2 ? kept.slice(0, n) : kept.subarray(0, n));
}

/** The FTS matches that pass the other filters, in rank order (ranked) or the filters' order. */
function intersect(matches: RankedList, filtered: RankedList, ranked: boolean): RankedList {
  const [outer, inner] = ranked ? [matches, filtered] : [filtered, matches];
  return keepMembers(outer, inner, Math.max(matches.epoch, filtered.epoch));
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

/** What a list search answers: the counts, and the cards of the page and of the favourites. */
export interface SearchCards<I> {
  total: number;
  favoriteTotal: number;
  page: I[];
  favorites: I[];
}

/**
 * One list search for one viewer: their epoch and favourites (`viewer`, one statement), the
 * query's list at that epoch, the page cut out of it, and the cards of the page and of the
 * matching favourites — a row gone between the two reads is left out rather than failing the list.
 * @example const cards = await searchCards(deps, { viewer, query, params, rows, toItem });
 */
export async function searchCards<R, I>(
  deps: { db: Db; lists: ListReader; cache: RankedListCache },
  search: {
    viewer: SQL;
    query: ListQuery;
    params: { page: number; limit: number; favoritesOnly: boolean };
    /** The rows of some rowids read at the viewer's epoch. */
    rows: (rids: number[], epoch: number) => Promise<ReadonlyMap<number, R>>;
    toItem: (row: R, isFavorite: boolean) => I;
  },
): Promise<SearchCards<I>> {
  const viewer = await viewerState(deps.db, search.viewer);
  const list = await loadList(deps.lists, deps.cache, search.query, viewer.epoch);
  const paged = pageRids(list, viewer, search.params);
  const byRid = await search.rows([...new Set([...paged.page, ...paged.favorites])], viewer.epoch);
  const items = (rids: number[]) =>
    rids.flatMap((rid) => {
      const row = byRid.get(rid);
      return row ? [search.toItem(row, paged.favoriteSet.has(rid))] : [];
    });
  return {
    total: paged.total,
    favoriteTotal: paged.favoriteTotal,
    page: items(paged.page),
    favorites: items(paged.favorites),
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
