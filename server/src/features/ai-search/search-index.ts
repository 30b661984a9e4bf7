import {
  FRANCHISE_FILTER_FLAGS,
  type FranchiseFilterFlag,
  type FranchisorListItem,
  INDUSTRY_SPECIALTIES,
  STATE_CODES,
} from '@fm/sdk/contracts';
import { STOPWORDS, tokenize } from './text.ts';

/** A visible franchise as the AI search sees it: its card, its facts and its analysed words. */
export interface FranchiseDoc {
  /** The card shown in results (the franchise's representative franchisor user). */
  card: Omit<FranchisorListItem, 'isFavorite'>;
  /** Company, categories, overview and the long texts, analysed (see `analyseTexts`). */
  words: Words;
  franchisesInCanada: boolean;
}

/** Where a word was found, as a bit mask. */
export const FIELD = { company: 1, categories: 2, overview: 4, details: 8 } as const;
export type FieldName = keyof typeof FIELD;
/** BM25F-style weights: a word in the brand name counts three times a word of the overview. */
const FIELD_WEIGHT: Record<FieldName, number> = {
  company: 3,
  categories: 2,
  overview: 1,
  details: 0.5,
};

/**
 * A document's analysed words, compact: term ids (see `termId`), weighted frequencies and the
 * fields each occurs in. About 1.5 kB per brand instead of a map of objects.
 */
export interface Words {
  ids: Int32Array;
  tf: Float32Array;
  fields: Uint8Array;
  /** Weighted length (BM25's document length). */
  length: number;
}

/** Every word ever indexed, numbered: postings and documents store numbers, not strings. */
const VOCABULARY = new Map<string, number>();

/** The id of a stem; `undefined` when no franchise text ever had it (and `add` is false). */
export function termId(stem: string, add = false): number | undefined {
  let id = VOCABULARY.get(stem);
  if (id === undefined && add) {
    id = VOCABULARY.size;
    VOCABULARY.set(stem, id);
  }
  return id;
}

/** The documents holding a word, in document order. */
export interface Postings {
  docs: Int32Array;
  tf: Float32Array;
  fields: Uint8Array;
}

/** A set of up to 64 enum values as two 32-bit words. */
export type Mask = [number, number];

const bitIndex = (values: readonly string[]) => new Map(values.map((v, i) => [v, i]));
const CATEGORY_BIT = bitIndex(INDUSTRY_SPECIALTIES);
const STATE_BIT = bitIndex(STATE_CODES);
const FLAG_BIT = bitIndex(FRANCHISE_FILTER_FLAGS);

/** The mask of some categories or states (values outside the enums are ignored). */
export function maskOf(values: Iterable<string>, kind: 'category' | 'state'): Mask {
  const bits = kind === 'category' ? CATEGORY_BIT : STATE_BIT;
  const mask: Mask = [0, 0];
  for (const value of values) {
    const bit = bits.get(value);
    if (bit === undefined) continue;
    if (bit < 32) mask[0] = (mask[0] | (1 << bit)) >>> 0;
    else mask[1] = (mask[1] | (1 << (bit - 32))) >>> 0;
  }
  return mask;
}

export const flagBit = (flag: FranchiseFilterFlag) => 1 << (FLAG_BIT.get(flag) ?? 0);

export const COUNTRY_CODE = { USA: 1, Canada: 2 } as const;

/**
 * Everything ranking reads, as flat typed arrays indexed by document: scoring 20,000 brands is a
 * loop of bit operations, with no allocation.
 */
export interface SearchIndex {
  docs: FranchiseDoc[];
  catLo: Uint32Array;
  catHi: Uint32Array;
  catCount: Uint8Array;
  stLo: Uint32Array;
  stHi: Uint32Array;
  flags: Uint8Array;
  /** Cash required in dollars, low and high end; NaN when unknown. */
  cashLo: Float64Array;
  cashHi: Float64Array;
  /** 0 unknown, 1 USA, 2 Canada. */
  country: Uint8Array;
  inCanada: Uint8Array;
  /** Position in company-name order: the last tie-break. */
  nameRank: Int32Array;
  /** By term id. */
  postings: Map<number, Postings>;
  docLength: Float64Array;
  avgLength: number;
}

/**
 * The words of a franchise, weighted by field.
 * @example analyseTexts({ company: 'Slice House', categories: [], overview: 'Pizza.', details: '' })
 */
export function analyseTexts(texts: {
  company: string;
  categories: readonly string[];
  overview: string | null;
  details: string | null;
}): Words {
  const terms = new Map<number, { tf: number; fields: number }>();
  let length = 0;
  const add = (text: string | null, field: FieldName) => {
    if (!text) return;
    const weight = FIELD_WEIGHT[field];
    for (const t of tokenize(text)) {
      if (t.punct || t.stem.length < 2 || STOPWORDS.has(t.stem)) continue;
      const id = termId(t.stem, true)!;
      const entry = terms.get(id);
      if (entry) {
        entry.tf += weight;
        entry.fields |= FIELD[field];
      } else terms.set(id, { tf: weight, fields: FIELD[field] });
      length += weight;
    }
  };
  add(texts.company, 'company');
  add(texts.categories.join(', '), 'categories');
  add(texts.overview, 'overview');
  add(texts.details, 'details');
  const ids = new Int32Array(terms.size);
  const tf = new Float32Array(terms.size);
  const fields = new Uint8Array(terms.size);
  let k = 0;
  for (const [id, entry] of terms) {
    ids[k] = id;
    tf[k] = entry.tf;
    fields[k] = entry.fields;
    k += 1;
  }
  return { ids, tf, fields, length };
}

/** Documents per step of an index build (a few milliseconds of work). */
const STEP = 2_000;

/**
 * Builds the in-memory index over the visible franchises: typed arrays of facts and the postings
 * of every word (two passes: count, then fill), in steps.
 */
function* indexSteps(docs: FranchiseDoc[]): Generator<void, SearchIndex> {
  const n = docs.length;
  const docLength = new Float64Array(n);
  const catLo = new Uint32Array(n);
  const catHi = new Uint32Array(n);
  const catCount = new Uint8Array(n);
  const stLo = new Uint32Array(n);
  const stHi = new Uint32Array(n);
  const flags = new Uint8Array(n);
  const cashLo = new Float64Array(n);
  const cashHi = new Float64Array(n);
  const country = new Uint8Array(n);
  const inCanada = new Uint8Array(n);
  const df = new Int32Array(VOCABULARY.size);
  let total = 0;
  for (let i = 0; i < n; i += 1) {
    if (i % STEP === STEP - 1) yield;
    const doc = docs[i]!;
    const f = doc.card.franchise;
    docLength[i] = doc.words.length;
    total += doc.words.length;
    for (const id of doc.words.ids) df[id] = df[id]! + 1;
    [catLo[i], catHi[i]] = maskOf(f.categories, 'category');
    catCount[i] = Math.min(255, f.categories.length);
    [stLo[i], stHi[i]] = maskOf(f.statesRegisteredIn, 'state');
    let bits = 0;
    for (const flag of FRANCHISE_FILTER_FLAGS) if (f[flag] === true) bits |= flagBit(flag);
    flags[i] = bits;
    const lo = f.cashRequiredMin ?? f.cashRequiredMax;
    const hi = f.cashRequiredMax ?? f.cashRequiredMin;
    cashLo[i] = lo === null ? Number.NaN : Math.min(lo, hi ?? lo);
    cashHi[i] = hi === null ? Number.NaN : Math.max(hi, lo ?? hi);
    country[i] = f.country ? COUNTRY_CODE[f.country] : 0;
    inCanada[i] = doc.franchisesInCanada ? 1 : 0;
  }
  const postings = new Map<number, Postings>();
  for (let id = 0; id < df.length; id += 1) {
    const count = df[id]!;
    if (count > 0) {
      postings.set(id, {
        docs: new Int32Array(count),
        tf: new Float32Array(count),
        fields: new Uint8Array(count),
      });
    }
  }
  const filled = new Int32Array(df.length);
  yield;
  for (let i = 0; i < n; i += 1) {
    if (i % STEP === STEP - 1) yield;
    const words = docs[i]!.words;
    for (let k = 0; k < words.ids.length; k += 1) {
      const id = words.ids[k]!;
      const list = postings.get(id)!;
      const at = filled[id]!;
      list.docs[at] = i;
      list.tf[at] = words.tf[k]!;
      list.fields[at] = words.fields[k]!;
      filled[id] = at + 1;
    }
  }
  yield;
  const order = docs
    .map((d, i) => ({ i, key: d.card.franchise.company.toLowerCase(), id: d.card.franchise.id }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1));
  const nameRank = new Int32Array(n);
  order.forEach((o, rank) => {
    nameRank[o.i] = rank;
  });
  return {
    docs,
    catLo,
    catHi,
    catCount,
    stLo,
    stHi,
    flags,
    cashLo,
    cashHi,
    country,
    inCanada,
    nameRank,
    postings,
    docLength,
    avgLength: n > 0 ? total / n : 0,
  };
}

/**
 * Builds the index at once.
 * @example const index = buildIndex(docs);
 */
export function buildIndex(docs: FranchiseDoc[]): SearchIndex {
  const steps = indexSteps(docs);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Builds the index, letting `pause` run between steps (a server lets other requests in). */
export async function buildIndexInSteps(
  docs: FranchiseDoc[],
  pause: () => Promise<void>,
): Promise<SearchIndex> {
  const steps = indexSteps(docs);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await pause();
  }
}

const K1 = 1.2;
const B = 0.75;

/**
 * BM25 of the given stems over the index, accumulated per document (zero where absent).
 * @example bm25(index, ['pizza'])[3] // 2.71
 */
export function bm25(index: SearchIndex, stems: readonly string[]): Float64Array {
  const scores = new Float64Array(index.docs.length);
  const n = index.docs.length;
  const avg = index.avgLength || 1;
  for (const stem of new Set(stems)) {
    const id = termId(stem);
    const list = id === undefined ? undefined : index.postings.get(id);
    if (!list) continue;
    const df = list.docs.length;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (let k = 0; k < df; k += 1) {
      const d = list.docs[k]!;
      const tf = list.tf[k]!;
      const norm = 1 - B + (B * index.docLength[d]!) / avg;
      scores[d] = scores[d]! + (idf * tf * (K1 + 1)) / (tf + K1 * norm);
    }
  }
  return scores;
}

/** The fields of a document a word occurs in (0 when absent), by binary search in its postings. */
export function fieldsOf(index: SearchIndex, stem: string, doc: number): number {
  const id = termId(stem);
  const list = id === undefined ? undefined : index.postings.get(id);
  if (!list) return 0;
  let lo = 0;
  let hi = list.docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = list.docs[mid]!;
    if (d === doc) return list.fields[mid]!;
    if (d < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}
