import {
  type AiMatch,
  CANADIAN_PROVINCES,
  type FranchiseFilterFlag,
  US_STATES,
} from '@fm/sdk/contracts';
import type { ParsedRequest, RequestPhrase } from './parse-request.ts';
import {
  bm25,
  COUNTRY_CODE,
  FIELD,
  type FieldName,
  fieldsOf,
  flagBit,
  type Mask,
  maskOf,
  type SearchIndex,
} from './search-index.ts';

/** Points per understood part of a request: category strongest, then place, money, flags, words. */
export const WEIGHTS = {
  category: 40,
  /** Each further requested category the brand also has. */
  extraCategory: 4,
  state: 20,
  /** Each further requested place the brand is also registered in. */
  extraState: 1,
  country: 10,
  /** A country named beside states only confirms them. */
  countryWithStates: 2,
  investment: 20,
  flag: 12,
  /** The remaining words of the request (BM25, scaled so the best brand gets all of it). */
  text: 15,
  /** The specific words behind a category ("pizza" for Food & Restaurants), same scaling. */
  hint: 8,
} as const;

export interface RankedFranchise {
  /** Position of the brand in `index.docs`. */
  doc: number;
  score: number;
  /** Matches every understood constraint (category, place, money, each flag). */
  full: boolean;
  matched: AiMatch[];
}

export interface RankedPage {
  /** How many brands match anything. */
  total: number;
  /** The requested window of the ranking, best first, with what each matched. */
  items: RankedFranchise[];
}

type Phrase<K extends RequestPhrase['kind']> = Extract<RequestPhrase, { kind: K }>;

const PROVINCES = maskOf(
  CANADIAN_PROVINCES.map((p) => p.code),
  'state',
);
const US = maskOf(
  US_STATES.map((s) => s.code),
  'state',
);
const SEMI = flagBit('semiAbsenteeModel');
const ABSENTEE = flagBit('absenteeModel');

const FIELD_LABELS: [FieldName, string][] = [
  ['company', 'company name'],
  ['categories', 'categories'],
  ['overview', 'overview'],
  ['details', 'details'],
];
const fieldLabel = (fields: number) =>
  FIELD_LABELS.find(([name]) => (fields & FIELD[name]) !== 0)?.[1] ?? 'details';

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const maxOf = (values: Float64Array) => {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  return max;
};

/** A parsed request turned into masks and score arrays, ready for the scoring loop. */
function compile(index: SearchIndex, request: ParsedRequest) {
  const { interpretation: want, phrases, excluded, hints } = request;
  const categoryPhrases = phrases
    .filter((p): p is Phrase<'category'> => p.kind === 'category' && !p.negated)
    .map((p) => ({ phrase: p, mask: maskOf(p.categories, 'category') }));
  const statePhrases = phrases
    .filter((p): p is Phrase<'state'> => p.kind === 'state')
    .map((p) => ({ phrase: p, mask: maskOf(p.codes, 'state') }));
  const flagPhrases = phrases.filter((p): p is Phrase<'flag'> => p.kind === 'flag' && !p.negated);
  const hintStems = hints.map((h) => h.stem).filter((s) => !want.terms.includes(s));
  const text = want.terms.length > 0 ? bm25(index, want.terms) : null;
  const hint = hintStems.length > 0 ? bm25(index, hintStems) : null;
  const hasInvestment = want.investmentMin !== null || want.investmentMax !== null;
  const hasPlace = want.states.length > 0 || want.country !== null;
  const wantCat = maskOf(want.categories, 'category');
  return {
    want,
    categoryPhrases,
    statePhrases,
    countryPhrase: phrases.find(
      (p): p is Phrase<'country'> => p.kind === 'country' && p.value === want.country,
    ),
    flagPhrases,
    investmentPhrase: [...phrases]
      .reverse()
      .find((p): p is Phrase<'investment'> => p.kind === 'investment'),
    wantCat,
    hasCategory: want.categories.length > 0,
    hasPlace,
    hasInvestment,
    lo: want.investmentMin ?? 0,
    hi: want.investmentMax ?? Number.POSITIVE_INFINITY,
    country: want.country ? COUNTRY_CODE[want.country] : 0,
    flagBits: want.flags.map((f) => ({ flag: f, bit: flagBit(f) })),
    excludedCat: maskOf(excluded.categories, 'category'),
    excludedFlags: excluded.flags.reduce((bits, f) => bits | flagBit(f), 0),
    groups:
      (want.categories.length > 0 ? 1 : 0) +
      (hasPlace ? 1 : 0) +
      (hasInvestment ? 1 : 0) +
      want.flags.length,
    text,
    textMax: text ? maxOf(text) : 0,
    hint,
    hintMax: hint ? maxOf(hint) : 0,
    hintStems,
    termText: request.termText,
    hintText: Object.fromEntries(hints.map((h) => [h.stem, h.text])) as Record<string, string>,
    anything: want.terms.length + hintStems.length > 0,
  };
}
type Compiled = ReturnType<typeof compile>;

const intersects = (lo: number, hi: number, mask: Mask) =>
  (lo & mask[0]) !== 0 || (hi & mask[1]) !== 0;

function countryMatches(index: SearchIndex, d: number, country: number): boolean {
  if (index.country[d] === country) return true;
  const lo = index.stLo[d]!;
  const hi = index.stHi[d]!;
  if (country === COUNTRY_CODE.Canada)
    return index.inCanada[d] === 1 || intersects(lo, hi, PROVINCES);
  return intersects(lo, hi, US);
}

/** Share of the brand's cash range inside the request, or -1 when they do not overlap. */
function investmentFit(index: SearchIndex, d: number, c: Compiled): number {
  const lo = index.cashLo[d]!;
  const hi = index.cashHi[d]!;
  if (Number.isNaN(lo) || lo > c.hi || hi < c.lo) return -1;
  const width = hi - lo;
  return width > 0 ? (Math.min(hi, c.hi) - Math.max(lo, c.lo)) / width : 1;
}

/** Whether the brand has the flag; a fully absentee brand can also be run semi-absentee. */
function flagHit(index: SearchIndex, d: number, bit: number): 0 | 1 | 2 {
  const flags = index.flags[d]!;
  if ((flags & bit) !== 0) return 1;
  return bit === SEMI && (flags & ABSENTEE) !== 0 ? 2 : 0;
}

/**
 * One brand against the request: its score and how many constraint groups it satisfies. When
 * `matched` is given, the matches are recorded there (only done for the returned page).
 */
function evaluate(
  index: SearchIndex,
  d: number,
  c: Compiled,
  matched: AiMatch[] | null,
): { score: number; satisfied: number } {
  let score = 0;
  let satisfied = 0;
  const catLo = index.catLo[d]!;
  const catHi = index.catHi[d]!;

  if (c.hasCategory) {
    const hit = popcount(catLo & c.wantCat[0]) + popcount(catHi & c.wantCat[1]);
    if (hit > 0) {
      satisfied += 1;
      const focus = hit / Math.max(1, index.catCount[d]!);
      score += WEIGHTS.category * (0.85 + 0.15 * focus) + WEIGHTS.extraCategory * (hit - 1);
      if (matched) {
        const mine = new Set(index.docs[d]!.card.franchise.categories);
        for (const { phrase } of c.categoryPhrases) {
          const names = phrase.categories.filter((x) => mine.has(x));
          if (names.length > 0)
            matched.push({ kind: 'category', text: phrase.text, value: names.join(', ') });
        }
      }
    }
  }

  if (c.hasPlace) {
    const stLo = index.stLo[d]!;
    const stHi = index.stHi[d]!;
    let phrasesHit = 0;
    for (const { phrase, mask } of c.statePhrases) {
      if (!intersects(stLo, stHi, mask)) continue;
      phrasesHit += 1;
      if (matched) {
        const mine = new Set<string>(index.docs[d]!.card.franchise.statesRegisteredIn);
        const codes = phrase.codes.filter((x) => mine.has(x));
        matched.push({
          kind: 'state',
          text: phrase.text,
          value: codes.length > 5 ? `${codes.slice(0, 5).join(', ')}…` : codes.join(', '),
        });
      }
    }
    let placeHit = phrasesHit > 0;
    if (placeHit) score += WEIGHTS.state + WEIGHTS.extraState * Math.min(4, phrasesHit - 1);
    if (c.country !== 0 && countryMatches(index, d, c.country)) {
      if (matched && c.countryPhrase && c.want.country)
        matched.push({ kind: 'country', text: c.countryPhrase.text, value: c.want.country });
      if (c.want.states.length === 0) {
        placeHit = true;
        score += WEIGHTS.country;
      } else score += WEIGHTS.countryWithStates;
    }
    if (placeHit) satisfied += 1;
  }

  if (c.hasInvestment) {
    const fit = investmentFit(index, d, c);
    if (fit >= 0) {
      satisfied += 1;
      score += WEIGHTS.investment * (0.6 + 0.4 * fit);
      if (matched)
        matched.push({
          kind: 'investment',
          text: c.investmentPhrase?.text ?? '',
          value: c.investmentPhrase?.value ?? '',
        });
    }
  }

  for (const { flag, bit } of c.flagBits) {
    const hit = flagHit(index, d, bit);
    if (hit === 0) continue;
    satisfied += 1;
    score += WEIGHTS.flag;
    if (matched) {
      const phrase = c.flagPhrases.find((p) => p.value === flag);
      const value: FranchiseFilterFlag = hit === 2 ? 'absenteeModel' : flag;
      matched.push({ kind: 'flag', text: phrase?.text ?? flag, value });
    }
  }

  const textScore = c.text ? c.text[d]! : 0;
  if (textScore > 0) {
    score += (WEIGHTS.text * textScore) / c.textMax;
    if (matched) {
      for (const stem of c.want.terms) {
        const fields = fieldsOf(index, stem, d);
        if (fields !== 0)
          matched.push({ kind: 'text', text: c.termText[stem] ?? stem, value: fieldLabel(fields) });
      }
    }
  }
  const hintScore = c.hint ? c.hint[d]! : 0;
  if (hintScore > 0) {
    score += (WEIGHTS.hint * hintScore) / c.hintMax;
    if (matched) {
      for (const stem of c.hintStems) {
        const fields = fieldsOf(index, stem, d);
        if (fields !== 0)
          matched.push({ kind: 'text', text: c.hintText[stem] ?? stem, value: fieldLabel(fields) });
      }
    }
  }
  return { score, satisfied };
}

/**
 * Scores every visible franchise against a parsed request and returns a window of those that
 * match anything, best first: brands matching every constraint first, then by score, then by
 * company name. Scoring is one pass of bit operations; only the returned window is explained.
 * @example rankFranchises(index, parseRequest('pizza in Texas'), { offset: 0, limit: 10 }).items[0]?.matched
 * // [{ kind: 'category', text: 'pizza', value: 'Food & Restaurants' }, { kind: 'state', text: 'Texas', value: 'TX' }, …]
 */
export function rankFranchises(
  index: SearchIndex,
  request: ParsedRequest,
  window: { offset: number; limit: number } = { offset: 0, limit: Number.POSITIVE_INFINITY },
): RankedPage {
  const c = compile(index, request);
  const n = index.docs.length;
  const scores = new Float64Array(n);
  const full = new Uint8Array(n);
  const candidates = new Int32Array(n);
  let total = 0;
  const everything = c.groups === 0 && !c.anything;
  for (let d = 0; d < n; d += 1) {
    if (intersects(index.catLo[d]!, index.catHi[d]!, c.excludedCat)) continue;
    if ((index.flags[d]! & c.excludedFlags) !== 0) continue;
    const { score, satisfied } = evaluate(index, d, c, null);
    if (score <= 0 && !everything) continue;
    scores[d] = Math.round(score * 100) / 100;
    full[d] = (c.groups > 0 ? satisfied === c.groups : score > 0) ? 1 : 0;
    candidates[total] = d;
    total += 1;
  }
  /** True when a ranks before b. */
  const before = (a: number, b: number) =>
    full[a] !== full[b]
      ? full[a]! > full[b]!
      : scores[a] !== scores[b]
        ? scores[a]! > scores[b]!
        : index.nameRank[a]! < index.nameRank[b]!;
  const wanted = Math.min(total, window.offset + window.limit);
  const top = selectTop(candidates.subarray(0, total), wanted, before);
  const items = top.slice(window.offset).map((d) => {
    const matched: AiMatch[] = [];
    evaluate(index, d, c, matched);
    return { doc: d, score: scores[d]!, full: full[d] === 1, matched };
  });
  return { total, items };
}

/** The first `k` items in order, by a bounded heap (O(n log k)) rather than sorting everything. */
function selectTop(
  items: Int32Array,
  k: number,
  before: (a: number, b: number) => boolean,
): number[] {
  if (k <= 0) return [];
  if (k * 4 >= items.length)
    return Array.from(items)
      .sort((a, b) => (before(a, b) ? -1 : 1))
      .slice(0, k);
  // A max-heap of the best k seen so far, whose root is the worst of them.
  const heap: number[] = [];
  const worse = (a: number, b: number) => before(b, a);
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const d of items) {
    if (heap.length < k) {
      heap.push(d);
      up(heap.length - 1);
    } else if (before(d, heap[0]!)) {
      heap[0] = d;
      down(0);
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : 1));
}
