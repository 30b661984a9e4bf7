import type { RankedList } from './ranked-list.ts';
import type { PhraseList, RowBits, SearchColumns } from './search-column-types.ts';

/**
 * What a search keeps in memory besides result lists (decision 004): each text phrase's matches
 * with their bm25 terms, and the filter columns of the projection's visible rows. Both are parsed
 * from one statement's text (in a search thread, then transferred) and valid at one epoch.
 */

export type { PhraseList, RowBits, SearchColumns } from './search-column-types.ts';

export const hasBit = (bits: RowBits, rid: number) =>
  rid >> 5 < bits.length && ((bits[rid >> 5] ?? 0) >>> (rid & 31)) & 1;

const bitsFor = (maxRid: number) => new Uint32Array((maxRid >> 5) + 1);

/**
 * Scratch arrays reused by every search (grown when needed, never returned nor kept): a search
 * at 2,000 a second would otherwise allocate ~100 MB/s of array buffers outside the heap, and V8
 * answers that much external memory with a full collection every second or so (the tail of the
 * latency). Only for work that runs start to end without an await.
 */
const scratch = {
  zeros: new Uint32Array(0),
  bits: new Uint32Array(0),
  ints: new Int32Array(0),
  rids: new Int32Array(0),
  scores: new Float64Array(0),
};
const grown = <T extends Uint32Array | Int32Array | Float64Array>(
  array: T,
  length: number,
  make: (n: number) => T,
): T => (array.length >= length ? array : make(Math.max(length, array.length * 2)));

/**
 * `'12,7,30'` and `'-1.5e-06,-2,-0.25'` (bm25 per row, printed with 17 significant digits so the
 * doubles come back exactly) as a phrase list, sorted by rowid if the statement did not.
 * @example parsePhrase(3, '2,1', '-0.5,-0.25').rids // Int32Array [1, 2]
 */
export function parsePhrase(epoch: number, ids: string | null, scores: string | null): PhraseList {
  if (!ids || !scores) return { epoch, rids: new Int32Array(0), terms: new Float64Array(0) };
  const rids = Int32Array.from(ids.split(','), Number);
  const terms = Float64Array.from(scores.split(','), (s) => -Number(s));
  for (let i = 1; i < rids.length; i += 1) {
    if ((rids[i] ?? 0) < (rids[i - 1] ?? 0)) {
      const order = Array.from(rids.keys()).sort((a, b) => (rids[a] ?? 0) - (rids[b] ?? 0));
      return {
        epoch,
        rids: Int32Array.from(order, (k) => rids[k] ?? 0),
        terms: Float64Array.from(order, (k) => terms[k] ?? 0),
      };
    }
  }
  return { epoch, rids, terms };
}

/**
 * The columns statement's output (one row per visible projection row, in the same order in every
 * list): rowids, each numeric column (`''` for NULL), and the rows' tag texts (tokens separated by
 * spaces), all comma-separated.
 */
export function parseColumns(
  epoch: number,
  ids: string | null,
  numbers: (string | null)[],
  tags: string | null,
): SearchColumns {
  const rids = ids ? Int32Array.from(ids.split(','), Number) : new Int32Array(0);
  let max = 0;
  for (const rid of rids) if (rid > max) max = rid;
  const visible = bitsFor(max);
  for (const rid of rids) visible[rid >> 5] = (visible[rid >> 5] ?? 0) | (1 << (rid & 31));
  const columns = numbers.map((text) => {
    const values = new Float64Array(max + 1).fill(Number.NaN);
    const parts = text === null ? [] : text.split(',');
    for (let i = 0; i < rids.length; i += 1) {
      const part = parts[i];
      if (part !== undefined && part !== '') values[rids[i] ?? 0] = Number(part);
    }
    return values;
  });
  const byToken = new Map<string, RowBits>();
  const text = tags ?? '';
  let row = 0;
  let start = 0;
  // Tokens as FTS5's unicode61 tokenizer cuts the ASCII tag text: letters and digits, lower-cased.
  for (let i = 0; i <= text.length; i += 1) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (word) continue;
    if (i > start && row < rids.length) {
      const token = text.slice(start, i).toLowerCase();
      let bits = byToken.get(token);
      if (!bits) {
        bits = bitsFor(max);
        byToken.set(token, bits);
      }
      const rid = rids[row] ?? 0;
      bits[rid >> 5] = (bits[rid >> 5] ?? 0) | (1 << (rid & 31));
    }
    start = i + 1;
    if (c === 44) row += 1;
  }
  return { epoch, visible, numbers: columns, tags: byToken };
}

/** What a statement's one row is read as: a list (`epoch, ids`), a phrase or columns. */
export type ReadKind = 'list' | 'phrase' | 'columns';

/**
 * A phrase or columns statement's one row, parsed (`n0`, `n1`, … are the numeric columns).
 * @example parseRow('phrase', { epoch: 3, ids: '1,2', terms: '-0.5,-0.25' })
 */
export function parseRow(kind: 'phrase' | 'columns', row: Record<string, unknown> | undefined) {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const epoch = Number(row?.epoch ?? 0);
  if (kind === 'phrase') return parsePhrase(epoch, text(row?.ids), text(row?.terms));
  const numbers: (string | null)[] = [];
  for (let i = 0; row && `n${i}` in row; i += 1) numbers.push(text(row[`n${i}`]));
  return parseColumns(epoch, text(row?.ids), numbers, text(row?.tags));
}

/** The buffers of a phrase list or columns, to transfer from a thread instead of copying. */
export function transferables(value: PhraseList | SearchColumns): ArrayBuffer[] {
  if ('rids' in value) return [value.rids.buffer, value.terms.buffer] as ArrayBuffer[];
  return [
    value.visible.buffer,
    ...value.numbers.map((n) => n.buffer),
    ...[...value.tags.values()].map((b) => b.buffer),
  ] as ArrayBuffer[];
}

/** Filters held in memory: tag filters (any token of each; all filters) and numeric bounds. */
export interface MemoryFilter {
  /** Each filter's tokens: a row passes when it holds one of them, for every filter. */
  tags: string[][];
  /** Inclusive bounds on the side's numeric columns (by index); NULL never passes. */
  bounds: { column: number; min?: number; max?: number }[];
}

/**
 * The rows a ranked list may keep: a bitset, then inclusive bounds on numeric columns (NaN, a
 * NULL, never passes).
 */
export interface RowFilter {
  bits: RowBits;
  /** How many bits are set. */
  count: number;
  bounds: { values: Float64Array; min: number; max: number }[];
}

/** Numeric bounds seen, per columns copy, and the bitsets of those asked again (64 at most). */
const boundSets = new WeakMap<SearchColumns, Map<string, RowBits | null>>();
const MAX_BOUND_SETS = 64;

/**
 * The rows within a bound as a bitset, once the bound comes a second time (a scan of every row
 * costs more than testing the few candidates of one search; a bound that comes back, such as a
 * price cap kept while the tags change, is then one more AND in the filter's pass).
 */
function boundBits(
  columns: SearchColumns,
  bound: RowFilter['bounds'][number],
  column: number,
): RowBits | null {
  let sets = boundSets.get(columns);
  if (!sets) {
    sets = new Map();
    boundSets.set(columns, sets);
  }
  const key = `${column}:${bound.min}:${bound.max}`;
  const seen = sets.get(key);
  sets.delete(key);
  let bits: RowBits | null = null;
  if (seen) bits = seen;
  else if (seen === null) {
    bits = new Uint32Array(columns.visible.length);
    const { values, min, max } = bound;
    for (let rid = 0; rid < values.length; rid += 1) {
      const value = values[rid] as number;
      if (value >= min && value <= max)
        bits[rid >> 5] = (bits[rid >> 5] as number) | (1 << (rid & 31));
    }
  }
  sets.set(key, bits);
  if (sets.size > MAX_BOUND_SETS) {
    const oldest = sets.keys().next().value;
    if (oldest !== undefined) sets.delete(oldest);
  }
  return bits;
}

/** Which rows pass a memory filter: visible, holding a token of each tag filter, within bounds. */
export function memoryRows(columns: SearchColumns, filter: MemoryFilter): RowFilter {
  const bounds: RowFilter['bounds'] = [];
  const sets: RowBits[] = [];
  for (const { column, min, max } of filter.bounds) {
    const bound = {
      values: columns.numbers[column] ?? new Float64Array(0),
      min: min ?? Number.NEGATIVE_INFINITY,
      max: max ?? Number.POSITIVE_INFINITY,
    };
    const bits = boundBits(columns, bound, column);
    if (bits) sets.push(bits);
    else bounds.push(bound);
  }
  // One pass over a few thousand words: visible AND (any token of each tag filter) AND the
  // bounds kept as bitsets.
  const { visible } = columns;
  scratch.zeros = grown(scratch.zeros, visible.length, (n) => new Uint32Array(n));
  const none = scratch.zeros;
  const filters = [
    ...filter.tags.map((tokens) => tokens.map((token) => columns.tags.get(token) ?? none)),
    ...sets.map((bits) => [bits]),
  ];
  scratch.bits = grown(scratch.bits, visible.length, (n) => new Uint32Array(n));
  const bits = scratch.bits.subarray(0, visible.length);
  let count = 0;
  for (let w = 0; w < bits.length; w += 1) {
    let v = visible[w] as number;
    for (let f = 0; f < filters.length && v !== 0; f += 1) {
      const tokens = filters[f] as RowBits[];
      let any = 0;
      for (let t = 0; t < tokens.length; t += 1) any |= (tokens[t] as RowBits)[w] as number;
      v &= any;
    }
    bits[w] = v;
    count += popcount(v);
  }
  return { bits, count, bounds };
}

/** The number of bits set in a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A list's rows as a filter (for filters computed in SQL). */
export function listRows(list: RankedList): RowFilter {
  let max = 0;
  for (const rid of list.order) if (rid > max) max = rid;
  const bits = bitsFor(max);
  for (const rid of list.order) bits[rid >> 5] = (bits[rid >> 5] ?? 0) | (1 << (rid & 31));
  return { bits, count: list.order.length, bounds: [] };
}

/** The first index in `rids[from…]` whose value is ≥ `rid` (binary search). */
function lowerBound(rids: Int32Array, rid: number, from: number): number {
  let lo = from;
  let hi = rids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((rids[mid] ?? 0) < rid) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The rows holding every phrase and passing `filter`, ordered as FTS5's `ORDER BY bm25(…), rowid`
 * over the phrases' conjunction: the terms summed in phrase order, from 0, then negated. Walks the
 * shortest phrase list; the others are found by binary search from a cursor.
 */
export function rankByPhrases(phrases: PhraseList[], filter: RowFilter | null): Int32Array {
  if (phrases.length === 0) return new Int32Array(0);
  let shortest = 0;
  phrases.forEach((p, i) => {
    if (p.rids.length < (phrases[shortest]?.rids.length ?? 0)) shortest = i;
  });
  const walk = (phrases[shortest] as PhraseList).rids;
  const lists = phrases.map((p) => p.rids);
  const terms = phrases.map((p) => p.terms);
  const cursors = new Int32Array(phrases.length);
  const at = new Int32Array(phrases.length);
  scratch.rids = grown(scratch.rids, walk.length, (n) => new Int32Array(n));
  scratch.scores = grown(scratch.scores, walk.length, (n) => new Float64Array(n));
  const rids = scratch.rids;
  const scores = scratch.scores;
  let n = 0;
  rows: for (let i = 0; i < walk.length; i += 1) {
    const rid = walk[i] as number;
    if (filter && !passes(filter, rid)) continue;
    for (let j = 0; j < lists.length; j += 1) {
      if (j === shortest) {
        at[j] = i;
        continue;
      }
      const list = lists[j] as Int32Array;
      const pos = lowerBound(list, rid, cursors[j] as number);
      cursors[j] = pos;
      if (pos >= list.length || list[pos] !== rid) continue rows;
      at[j] = pos;
    }
    let score = 0;
    for (let j = 0; j < terms.length; j += 1) {
      score += (terms[j] as Float64Array)[at[j] as number] as number;
    }
    rids[n] = rid;
    scores[n] = -1 * score;
    n += 1;
  }
  return byScore(rids.subarray(0, n), scores.subarray(0, n));
}

/** The filter's rows that are in the list, in the list's order, by their score groups. */
function placeByGroup({ group, count: groupCount }: ScoreGroups, filter: RowFilter): Int32Array {
  const { bits, bounds } = filter;
  scratch.ints = grown(scratch.ints, filter.count, (n) => new Int32Array(n));
  const found = scratch.ints;
  const starts = new Int32Array(groupCount + 1);
  let n = 0;
  const words = Math.min(bits.length, (group.length + 31) >> 5);
  for (let w = 0; w < words; w += 1) {
    let v = bits[w] as number;
    while (v !== 0) {
      const low = v & -v;
      const rid = (w << 5) | (31 - Math.clz32(low));
      v ^= low;
      const g = rid < group.length ? (group[rid] as number) : -1;
      if (g < 0 || (bounds.length > 0 && !withinBounds(bounds, rid))) continue;
      found[n++] = rid;
      starts[g + 1] = (starts[g + 1] as number) + 1;
    }
  }
  for (let g = 1; g <= groupCount; g += 1)
    starts[g] = (starts[g] as number) + (starts[g - 1] as number);
  const kept = new Int32Array(n);
  for (let k = 0; k < n; k += 1) {
    const rid = found[k] as number;
    const g = group[rid] as number;
    kept[starts[g] as number] = rid;
    starts[g] = (starts[g] as number) + 1;
  }
  return kept;
}

/** Whether a row passes a filter. */
function passes(filter: RowFilter, rid: number): boolean {
  const { bits } = filter;
  const w = rid >> 5;
  if (w >= bits.length || (((bits[w] as number) >>> (rid & 31)) & 1) === 0) return false;
  return withinBounds(filter.bounds, rid);
}

/** Whether a row's numbers are within the bounds. */
function withinBounds(bounds: RowFilter['bounds'], rid: number): boolean {
  for (let b = 0; b < bounds.length; b += 1) {
    const { values, min, max } = bounds[b] as RowFilter['bounds'][number];
    const value = rid < values.length ? (values[rid] as number) : Number.NaN;
    if (!(value >= min && value <= max)) return false;
  }
  return true;
}

/**
 * Each score's index among the distinct scores, ascending, and how many distinct scores there
 * are: the distinct scores sorted natively, then a binary search for each score.
 */
function distinctRanks(scores: Float64Array): { rank: Int32Array; count: number } {
  const n = scores.length;
  const distinct = scores.slice().sort();
  let d = 0;
  for (let i = 0; i < n; i += 1) {
    if (d === 0 || distinct[i] !== distinct[d - 1]) distinct[d++] = distinct[i] as number;
  }
  const rank = new Int32Array(n);
  for (let k = 0; k < n; k += 1) {
    const score = scores[k] as number;
    let lo = 0;
    let hi = d - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((distinct[mid] as number) < score) lo = mid + 1;
      else hi = mid;
    }
    rank[k] = lo;
  }
  return { rank, count: d };
}

/**
 * Rowids (ascending) ordered by score, ties by rowid: the distinct scores sorted natively, then a
 * counting sort into them (stable, so ties keep the rowid order). Scores repeat a lot (a phrase
 * held once in a bio of usual length scores the same everywhere).
 */
function byScore(rids: Int32Array, scores: Float64Array): Int32Array {
  const n = rids.length;
  const { rank: bucket, count: d } = distinctRanks(scores);
  const starts = new Int32Array(d + 1);
  for (let k = 0; k < n; k += 1) {
    const b = bucket[k] as number;
    starts[b + 1] = (starts[b + 1] as number) + 1;
  }
  for (let b = 1; b <= d; b += 1) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
  const out = new Int32Array(n);
  for (let k = 0; k < n; k += 1) {
    const b = bucket[k] as number;
    out[starts[b] as number] = rids[k] as number;
    starts[b] = (starts[b] as number) + 1;
  }
  return out;
}

/**
 * A one-phrase ranked list's score groups: for each rowid the index of its score among the
 * list's distinct scores, ascending (-1: not in the list). The list is ordered by score, then
 * rowid, so rows taken in rowid order and bucketed by group come out in the list's order.
 */
export interface ScoreGroups {
  group: Int32Array;
  count: number;
}

/** The score groups of one phrase's rows (see `ScoreGroups`). */
export function scoreGroups(phrase: PhraseList): ScoreGroups {
  const { rids, terms } = phrase;
  let max = 0;
  for (const rid of rids) if (rid > max) max = rid;
  const { rank, count } = distinctRanks(Float64Array.from(terms, (t) => -1 * t));
  const group = new Int32Array(max + 1).fill(-1);
  for (let k = 0; k < rids.length; k += 1) group[rids[k] as number] = rank[k] as number;
  return { group, count };
}

/**
 * The rows of a ranked list that pass `filter`, in the list's order. A filter with far fewer rows
 * than the list is placed: by score group when the list has them (rows in rowid order, bucketed:
 * no comparison sort), else by the list's position map (positions sorted natively). Otherwise the
 * list is walked.
 */
export function keepPassing(
  order: Int32Array,
  positions: () => Int32Array,
  filter: RowFilter,
  groups: ScoreGroups | null = null,
): Int32Array {
  const { bits, count } = filter;
  if (count * 8 <= order.length && groups && groups.count <= count * 4) {
    return placeByGroup(groups, filter);
  }
  if (count * 8 > order.length) {
    scratch.ints = grown(scratch.ints, order.length, (n) => new Int32Array(n));
    const kept = scratch.ints;
    let n = 0;
    for (let i = 0; i < order.length; i += 1) {
      const rid = order[i] as number;
      if (passes(filter, rid)) kept[n++] = rid;
    }
    return kept.slice(0, n);
  }
  const at = positions();
  const { bounds } = filter;
  scratch.ints = grown(scratch.ints, count, (n) => new Int32Array(n));
  const found = scratch.ints;
  let n = 0;
  for (let w = 0; w < bits.length; w += 1) {
    let v = bits[w] as number;
    while (v !== 0) {
      const low = v & -v;
      const rid = (w << 5) | (31 - Math.clz32(low));
      v ^= low;
      if (rid >= at.length) continue;
      const p = at[rid] as number;
      if (p >= 0 && (bounds.length === 0 || withinBounds(bounds, rid))) found[n++] = p;
    }
  }
  const placed = found.subarray(0, n).sort();
  const kept = new Int32Array(n);
  for (let i = 0; i < n; i += 1) kept[i] = order[placed[i] as number] as number;
  return kept;
}
