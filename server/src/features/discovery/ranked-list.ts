import type { PhraseList, SearchColumns } from './search-column-types.ts';

/**
 * A search result as the ordered projection rowids of every match. Totals, pages and "favourites
 * matching the filters" all come from it, so one database evaluation serves all of them.
 */
export interface RankedList {
  /** The projection epoch the list was computed at. */
  readonly epoch: number;
  /** Rowids in result order. */
  readonly order: Int32Array;
  /** The same rowids ascending, for membership tests (computed on first use). */
  readonly sorted: Int32Array;
  /** Whether `order` is ascending already (checked on first use). */
  readonly ascending: boolean;
}

/**
 * Parses `group_concat(rid)` output into a ranked list.
 * @example rankedList(7, '30,10,20').order // Int32Array [30, 10, 20]
 */
export function rankedList(epoch: number, ids: string | null): RankedList {
  return rankedListOf(epoch, ids ? parseRowids(ids) : new Int32Array(0));
}

/**
 * `'12,7,30'` as rowids, in one pass over the characters (several times faster than
 * `split` + `Number` on lists of 100,000 ids).
 */
export function parseRowids(ids: string): Int32Array {
  let count = 1;
  for (let i = 0; i < ids.length; i += 1) if (ids.charCodeAt(i) === 44) count += 1;
  const out = new Int32Array(count);
  let n = 0;
  let value = 0;
  for (let i = 0; i < ids.length; i += 1) {
    const c = ids.charCodeAt(i);
    if (c === 44) {
      out[n++] = value;
      value = 0;
    } else {
      value = value * 10 + (c - 48);
    }
  }
  out[n] = value;
  return out;
}

/** A ranked list of rowids already in order; its ascending copy is made only when asked for. */
export function rankedListOf(epoch: number, order: Int32Array): RankedList {
  let sorted: Int32Array | undefined;
  let ascending: boolean | undefined;
  return {
    epoch,
    order,
    get ascending() {
      ascending ??= isAscending(order);
      return ascending;
    },
    get sorted() {
      sorted ??= this.ascending ? order : order.slice().sort();
      return sorted;
    },
  };
}

/** FTS5 and unordered scans give rowids ascending already: no need to sort a copy then. */
function isAscending(values: Int32Array): boolean {
  for (let i = 1; i < values.length; i += 1) {
    if ((values[i] ?? 0) < (values[i - 1] ?? 0)) return false;
  }
  return true;
}

/** Whether an ascending array holds `rid` (binary search). */
export function contains(sorted: Int32Array, rid: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = sorted[mid] ?? 0;
    if (value === rid) return true;
    if (value < rid) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * The given rowids that are in the list, in the list's order (duplicates dropped). Meant for a
 * viewer's favourites: few ids, each tested in O(log n) and placed with a native scan.
 * @example inListOrder(rankedList(1, '30,10,20'), [20, 30, 99]) // [30, 20]
 */
export function inListOrder(list: RankedList, rids: Iterable<number>): number[] {
  const placed: [number, number][] = [];
  const wanted = new Set(rids);
  // Up to a few dozen ids: a native scan each. More: a sorted copy of the list first (made once
  // per list; for a new list of every request, sorting it costs more than the scans).
  const scan = wanted.size <= 32;
  for (const rid of wanted) {
    if (scan || contains(list.sorted, rid)) {
      const at = list.order.indexOf(rid);
      if (at >= 0) placed.push([at, rid]);
    }
  }
  return placed.sort((a, b) => a[0] - b[0]).map(([, rid]) => rid);
}

/**
 * Values by key, valid while the projection's epoch has not moved (every write to the projection
 * bumps it, in the same transaction, so a value is never served for newer data; the epoch lives
 * in the database, so this holds across API processes). Least recently used values go first once
 * `maxEntries` or `maxSize` (the sum of `sizeOf`) is exceeded. Concurrent misses of one key share
 * one computation.
 */
export function createEpochCache<T extends { readonly epoch: number }>(options: {
  maxEntries: number;
  maxSize: number;
  sizeOf: (value: T) => number;
}) {
  const entries = new Map<string, T>();
  const pending = new Map<string, Promise<T>>();
  let size = 0;

  const evict = () => {
    for (const [key, value] of entries) {
      if (entries.size <= options.maxEntries && size <= options.maxSize) break;
      entries.delete(key);
      size -= options.sizeOf(value);
    }
  };

  return {
    /**
     * The value for `key` at `epoch` (or newer), computing it when missing or stale.
     * @example await cache.get('q=senior', 42, () => loadList())
     */
    async get(key: string, epoch: number, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.epoch >= epoch) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const inFlight = pending.get(key);
      if (inFlight) {
        const value = await inFlight;
        if (value.epoch >= epoch) return value;
      }
      const computing = compute();
      pending.set(key, computing);
      try {
        const value = await computing;
        const previous = entries.get(key);
        if (previous) size -= options.sizeOf(previous);
        entries.delete(key);
        const kept = !previous || previous.epoch <= value.epoch ? value : previous;
        entries.set(key, kept);
        size += options.sizeOf(kept);
        evict();
        return value;
      } finally {
        if (pending.get(key) === computing) pending.delete(key);
      }
    },
    /**
     * The value for `key` if it is kept at `epoch` or newer, without computing anything.
     * @example cache.peek('q=senior', 42) // RankedList | undefined
     */
    peek(key: string, epoch: number): T | undefined {
      const hit = entries.get(key);
      return hit && hit.epoch >= epoch ? hit : undefined;
    },
    /** How many values are kept (for tests). */
    get size() {
      return entries.size;
    },
    /** The sum of the kept values' sizes. */
    get total() {
      return size;
    },
  };
}

export type EpochCache<T extends { readonly epoch: number }> = ReturnType<
  typeof createEpochCache<T>
>;

/**
 * Result cards by rowid, read at one epoch and kept while it holds: every field of a card comes
 * from the projection (or a column whose change rewrites the projection row), so the epoch covers
 * them as it covers the lists. A newer epoch forgets them all; at most `maxRows` are kept.
 */
export function createRowCache<T>(maxRows: number) {
  let at = -1;
  const rows = new Map<number, T>();
  return {
    /** The kept rows among `rids` for a request at `epoch`. */
    get(epoch: number, rids: Iterable<number>): Map<number, T> {
      if (epoch > at) {
        rows.clear();
        at = epoch;
      }
      const found = new Map<number, T>();
      if (epoch !== at) return found;
      for (const rid of rids) {
        const row = rows.get(rid);
        if (row !== undefined) found.set(rid, row);
      }
      return found;
    },
    /** Keeps rows read at `epoch` (read in the same statement), if that is the kept epoch. */
    put(epoch: number, read: Iterable<[number, T]>): void {
      if (epoch > at) {
        rows.clear();
        at = epoch;
      }
      if (epoch !== at) return;
      for (const [rid, row] of read) {
        if (rows.size >= maxRows) rows.clear();
        rows.set(rid, row);
      }
    },
  };
}

/**
 * Ranked lists by query key (`maxIds`: total rowids kept), and beside them what lists are made
 * of: each text phrase's matches with their bm25 terms (`maxPhraseRows` rows in all, 12 bytes
 * each) and the filter columns of the projection (one copy, the newest epoch asked for).
 */
export function createRankedListCache(options: {
  maxEntries: number;
  maxIds: number;
  maxPhraseRows?: number;
  /** Result cards kept (see `createRowCache`). */
  maxRows?: number;
}) {
  const lists = createEpochCache<RankedList>({
    maxEntries: options.maxEntries,
    maxSize: options.maxIds,
    sizeOf: (list) => list.order.length,
  });
  /** Keys asked about through `seenWith` and their last variant, least recently first. */
  const seenKeys = new Map<string, string>();
  return Object.assign(lists, {
    /**
     * Whether `key` was asked about before with another `variant` (and remembers this one): lets
     * a caller invest in a value only when its key comes back in a new combination.
     * @example cache.seenWith('text:senior', 'tags:a'); // false; then with 'tags:b': true
     */
    seenWith(key: string, variant: string): boolean {
      const before = seenKeys.get(key);
      seenKeys.delete(key);
      seenKeys.set(key, variant);
      if (seenKeys.size > options.maxEntries * 4) {
        const oldest = seenKeys.keys().next().value;
        if (oldest !== undefined) seenKeys.delete(oldest);
      }
      return before !== undefined && before !== variant;
    },
    phrases: createEpochCache<PhraseList>({
      maxEntries: options.maxEntries,
      maxSize: options.maxPhraseRows ?? options.maxIds,
      sizeOf: (phrase) => phrase.rids.length,
    }),
    columns: createEpochCache<SearchColumns>({ maxEntries: 1, maxSize: 1, sizeOf: () => 1 }),
    rows: createRowCache<unknown>(options.maxRows ?? 20_000),
  });
}

export type RankedListCache = ReturnType<typeof createRankedListCache>;
