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
  for (const rid of new Set(rids)) {
    if (contains(list.sorted, rid)) placed.push([list.order.indexOf(rid), rid]);
  }
  return placed.sort((a, b) => a[0] - b[0]).map(([, rid]) => rid);
}

/**
 * Ranked lists by query key, valid while the projection's epoch has not moved (every write to the
 * projection bumps it, in the same transaction, so a list is never served for newer data; the
 * epoch lives in the database, so this holds across API processes). Least recently used lists go
 * first once `maxEntries` or `maxIds` (total rowids kept) is exceeded. Concurrent misses of one
 * key share one computation.
 */
export function createRankedListCache(options: { maxEntries: number; maxIds: number }) {
  const entries = new Map<string, RankedList>();
  /** Keys asked about through `seenWith` and their last variant, least recently first. */
  const seenKeys = new Map<string, string>();
  const pending = new Map<string, Promise<RankedList>>();
  let ids = 0;

  const evict = () => {
    for (const [key, list] of entries) {
      if (entries.size <= options.maxEntries && ids <= options.maxIds) break;
      entries.delete(key);
      ids -= list.order.length;
    }
  };

  return {
    /**
     * The list for `key` at `epoch` (or newer), computing it when missing or stale.
     * @example await cache.get('q=senior', 42, () => loadList())
     */
    async get(key: string, epoch: number, compute: () => Promise<RankedList>): Promise<RankedList> {
      const hit = entries.get(key);
      if (hit && hit.epoch >= epoch) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const inFlight = pending.get(key);
      if (inFlight) {
        const list = await inFlight;
        if (list.epoch >= epoch) return list;
      }
      const computing = compute();
      pending.set(key, computing);
      try {
        const list = await computing;
        const previous = entries.get(key);
        if (previous) ids -= previous.order.length;
        entries.delete(key);
        if (!previous || previous.epoch <= list.epoch) {
          entries.set(key, list);
          ids += list.order.length;
        } else {
          entries.set(key, previous);
          ids += previous.order.length;
        }
        evict();
        return list;
      } finally {
        if (pending.get(key) === computing) pending.delete(key);
      }
    },
    /**
     * The list for `key` if it is kept at `epoch` or newer, without computing anything.
     * @example cache.peek('q=senior', 42) // RankedList | undefined
     */
    peek(key: string, epoch: number): RankedList | undefined {
      const hit = entries.get(key);
      return hit && hit.epoch >= epoch ? hit : undefined;
    },
    /**
     * Whether `key` was asked about before with another `variant` (and remembers this one): lets
     * a caller invest in a list only when its key comes back in a new combination.
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
    /** How many lists are kept (for tests). */
    get size() {
      return entries.size;
    },
  };
}

export type RankedListCache = ReturnType<typeof createRankedListCache>;
