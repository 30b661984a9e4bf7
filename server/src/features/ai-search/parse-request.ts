import type {
  AiInterpretation,
  Country,
  FranchiseFilterFlag,
  IndustrySpecialty,
  StateCode,
} from '@fm/sdk/contracts';
import {
  CONNECTOR_CODES,
  categoryNameStems,
  DIRECTION_WORDS,
  type LexEntity,
  LOCATION_PREPOSITIONS,
  LOW_COST_MAX,
  lexicon,
  STATE_CODE_SET,
  WORD_LIKE_CODES,
} from './lexicon.ts';
import { investmentLabel, parseMoney } from './money.ts';
import { STOPWORDS, type Token, tokenize } from './text.ts';

/** One understood part of the request: `text` is the words as written, `value` what they mean. */
export type RequestPhrase =
  | {
      kind: 'category';
      text: string;
      value: string;
      categories: IndustrySpecialty[];
      negated: boolean;
    }
  | { kind: 'state'; text: string; value: string; codes: StateCode[] }
  | { kind: 'country'; text: string; value: Country }
  | { kind: 'investment'; text: string; value: string; min: number | null; max: number | null }
  | { kind: 'flag'; text: string; value: FranchiseFilterFlag; negated: boolean };

export interface ParsedRequest {
  interpretation: AiInterpretation;
  /** Every understood phrase, in the order of the sentence. */
  phrases: RequestPhrase[];
  /** "not food", "no home-based": brands in these categories or with these flags are left out. */
  excluded: { categories: IndustrySpecialty[]; flags: FranchiseFilterFlag[] };
  /**
   * Specific words behind a category ("pizza" for Food & Restaurants): soft text evidence that
   * ranks a pizza brand above a burger brand. `text` is the word as written.
   */
  hints: { stem: string; text: string }[];
  /** The words as written for each term of `interpretation.terms`. */
  termText: Record<string, string>;
}

interface Word extends Token {
  index: number;
}

interface Found {
  from: number;
  to: number;
  entity: LexEntity;
}

const NEGATION_CONTINUES = new Set([
  'a',
  'an',
  'the',
  'any',
  'or',
  'nor',
  'and',
  'kind',
  'type',
  'of',
  'into',
  'want',
  'interested',
  'in',
  'anything',
  'with',
  'be',
  'do',
  'like',
]);
const NEGATION_ENDS = new Set([
  'but',
  'just',
  'only',
  'instead',
  'rather',
  'prefer',
  'prefers',
  'preferably',
]);
const LIST_JOINERS = new Set([',', '/', '&', 'or', 'and', 'nor', 'plus']);
/** Nouns that finish a category phrase rather than start a new one ("pizza shop", "yoga studio"). */
const HEAD_NOUNS = new Set([
  'shop',
  'store',
  'studio',
  'bar',
  'center',
  'centre',
  'parlor',
  'parlour',
  'house',
  'place',
  'joint',
  'chain',
  'concept',
  'franchise',
  'business',
  'company',
  'brand',
  'service',
  'services',
  'provider',
  'agency',
  'clinic',
  'spot',
  'outlet',
  'location',
  'unit',
]);
const INTERJECTION_CODES = new Set(['OK', 'HI', 'OH']);

/**
 * True when the sentence is written in capitals ("SENIOR CARE IN TX"): codes are then read as in
 * lower-case prose. Short all-capital words (codes, acronyms such as "SBA") do not count.
 */
function isShouting(text: string): boolean {
  const long = text.match(/[\p{L}]{3,}/gu) ?? [];
  if (long.length < 2) return false;
  const upper = long.filter((w) => w === w.toUpperCase()).length;
  return upper / long.length >= 0.8;
}

/**
 * Reads a request sentence: categories (with synonyms), states and provinces (names, codes in a
 * clear place context, nicknames, cities, regions), countries, investment amounts and bounds,
 * franchise flags, negations; what remains becomes search terms.
 * @example parseRequest('home-based senior care under $150k in Texas or Florida, veteran discount').interpretation
 * // { categories: ['Senior Care'], states: ['TX', 'FL'], country: null, investmentMin: null,
 * //   investmentMax: 150000, flags: ['homeBased', 'veteranDiscount'], terms: [] }
 */
export function parseRequest(sentence: string): ParsedRequest {
  const text = sentence
    // Dotted abbreviations, kept at the same length so that offsets stay valid.
    .replace(/\bU\.S\.A\.?/g, (m) => 'USA'.padEnd(m.length))
    .replace(/\bU\.S\.(?![\p{L}])/gu, (m) => 'US'.padEnd(m.length))
    .replace(/\bD\.C\.?/g, (m) => 'DC'.padEnd(m.length))
    .replace(/\bE-2\b/gi, (m) => `${m[0]}2`.padEnd(m.length));
  const shouting = isShouting(text);
  const money = parseMoney(text);
  const phrases: (RequestPhrase & { start: number })[] = [];
  let investmentMin: number | null = null;
  let investmentMax: number | null = null;
  for (const span of money) {
    if (span.meaning !== 'investment') continue;
    if (span.min !== null) investmentMin = span.min;
    if (span.max !== null) investmentMax = span.max;
    if (
      span.min === null &&
      investmentMin !== null &&
      span.max !== null &&
      span.max < investmentMin
    )
      investmentMin = null;
    phrases.push({
      kind: 'investment',
      text: sentence.slice(span.start, span.end),
      value: investmentLabel(span.min, span.max),
      min: span.min,
      max: span.max,
      start: span.start,
    });
  }
  if (investmentMin !== null && investmentMax !== null && investmentMin > investmentMax)
    [investmentMin, investmentMax] = [investmentMax, investmentMin];

  // Words outside money spans; a money span acts as a separator.
  const inMoney = (t: Token) => money.some((m) => t.start < m.end && t.end > m.start);
  const tokens: Token[] = [];
  for (const t of tokenize(text)) {
    if (inMoney(t)) {
      const last = tokens[tokens.length - 1];
      if (last?.raw !== '|') tokens.push({ ...t, raw: '|', lower: '|', stem: '|', punct: true });
      continue;
    }
    // "&" joins words of a phrase ("Food & Restaurants"); other separators end a phrase.
    tokens.push(t.raw === '&' ? { ...t, lower: 'and', stem: 'and', punct: false } : t);
  }
  const words: Word[] = tokens.map((t, index) => ({ ...t, index }));
  const lex = lexicon();

  /** The longest dictionary phrase starting at `i`, not crossing a separator. */
  const longestAt = (
    i: number,
    accept: (e: LexEntity[]) => boolean = () => true,
  ): Found[] | null => {
    for (let len = lex.maxWords; len >= 1; len -= 1) {
      const slice = words.slice(i, i + len);
      if (slice.length < len || slice.some((w) => w.punct)) continue;
      const key = slice.map((w) => w.stem).join(' ');
      const entities = lex.entries.get(key);
      if (entities && accept(entities))
        return entities.map((entity) => ({ from: i, to: i + len - 1, entity }));
    }
    return null;
  };
  const isCodeToken = (w: Word | undefined) =>
    Boolean(w && !w.punct && w.raw.length === 2 && STATE_CODE_SET.has(w.raw.toUpperCase()));
  const isUpperCode = (w: Word | undefined) =>
    Boolean(w && !shouting && isCodeToken(w) && w.raw === w.raw.toUpperCase());
  const startsPlace = (i: number) =>
    isUpperCode(words[i]) ||
    Boolean(longestAt(i, (es) => es.some((e) => e.kind === 'state' || e.kind === 'country')));

  // Pass 1: dictionary phrases, upper-case codes, and lower-case code candidates.
  const found: Found[] = [];
  const candidates: number[] = [];
  const consumed = new Set<number>();
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    if (w.punct) {
      i += 1;
      continue;
    }
    // "South Florida", "upstate New York": the direction belongs to the state.
    if (DIRECTION_WORDS.has(w.lower) && !words[i + 1]?.punct) {
      const state = longestAt(i + 1, (es) =>
        es.some((e) => e.kind === 'state' && e.codes.length === 1),
      );
      const whole = longestAt(i);
      if (state && (!whole || (whole[0]?.to ?? i) < (state[0]?.to ?? i))) {
        for (const f of state) found.push({ ...f, from: i });
        for (let k = i; k <= (state[0]?.to ?? i); k += 1) consumed.add(k);
        i = (state[0]?.to ?? i) + 1;
        continue;
      }
    }
    if (isCodeToken(w) && w.raw === w.raw.toUpperCase() && !shouting) {
      const code = w.raw as StateCode;
      const prev = found[found.length - 1];
      const prevIsPlace = prev?.entity.kind === 'state' && prev.to >= i - 1;
      const asConnector =
        CONNECTOR_CODES.has(code) &&
        (code === 'OR' ? prevIsPlace && startsPlace(i + 1) : startsPlace(i + 1));
      const interjection = i === 0 && INTERJECTION_CODES.has(code) && words[i + 1]?.punct;
      if (!asConnector && !interjection) {
        found.push({ from: i, to: i, entity: { kind: 'state', codes: [code], label: code } });
        consumed.add(i);
        i += 1;
        continue;
      }
    }
    if (w.raw === 'US' && !shouting) {
      found.push({ from: i, to: i, entity: { kind: 'country', value: 'USA' } });
      consumed.add(i);
      i += 1;
      continue;
    }
    if (w.raw === 'IT' && !shouting) {
      found.push({ from: i, to: i, entity: { kind: 'category', value: 'Computer & Technology' } });
      consumed.add(i);
      i += 1;
      continue;
    }
    const match = longestAt(i);
    if (match) {
      found.push(...match);
      const to = match[0]?.to ?? i;
      for (let k = i; k <= to; k += 1) consumed.add(k);
      i = to + 1;
      continue;
    }
    if (isCodeToken(w) && !WORD_LIKE_CODES.has(w.lower)) candidates.push(i);
    i += 1;
  }

  // Pass 2: a lower-case code is a place after "in"/"near"… or when listed with another place.
  const placeAt = (k: number) =>
    found.some((f) => f.entity.kind === 'state' && f.from <= k && f.to >= k);
  const neighbourPlace = (k: number, step: -1 | 1) => {
    let j = k + step;
    let joined = false;
    while (words[j] && LIST_JOINERS.has(words[j]!.lower)) {
      joined = true;
      j += step;
    }
    return joined && placeAt(j);
  };
  let accepted = true;
  while (accepted && candidates.length > 0) {
    accepted = false;
    for (const k of [...candidates]) {
      const prev = words[k - 1];
      const afterPreposition = prev && !prev.punct && LOCATION_PREPOSITIONS.has(prev.lower);
      if (afterPreposition || neighbourPlace(k, -1) || neighbourPlace(k, 1)) {
        const code = words[k]!.raw.toUpperCase() as StateCode;
        found.push({ from: k, to: k, entity: { kind: 'state', codes: [code], label: code } });
        consumed.add(k);
        candidates.splice(candidates.indexOf(k), 1);
        accepted = true;
      }
    }
  }
  for (const k of candidates) consumed.add(k);
  found.sort((a, b) => a.from - b.from);

  // "pizza shop", "yoga studio": the head noun belongs to the category phrase.
  for (const f of found) {
    if (f.entity.kind !== 'category') continue;
    const next = words[f.to + 1];
    if (next && !next.punct && HEAD_NOUNS.has(next.lower)) {
      const other = found.filter((g) => g.from === f.to + 1 && g.to === f.to + 1);
      if (other.every((g) => g.entity.kind === 'category')) {
        for (const g of other) g.entity = { kind: 'ignore' };
        consumed.add(f.to + 1);
        for (const g of found) if (g.from === f.from && g.to === f.to) g.to = f.to + 1;
      }
    }
  }

  // Negation scope: the categories and flags named right after "not", "no", "except".
  const negatedAt = new Set<number>();
  let negating = false;
  let gap = 0;
  for (let k = 0; k < words.length; k += 1) {
    const w = words[k]!;
    const here = found.filter((f) => f.from === k);
    if (here.some((f) => f.entity.kind === 'negation')) {
      negating = true;
      gap = 0;
      k = Math.max(...here.map((f) => f.to));
      continue;
    }
    if (!negating) continue;
    if (w.punct && w.raw !== ',' && w.raw !== '/') {
      negating = false;
      continue;
    }
    if (here.length > 0) {
      const kinds = new Set(here.map((f) => f.entity.kind));
      if (kinds.has('category') || kinds.has('flag')) {
        negatedAt.add(k);
        gap = 0;
        k = Math.max(...here.map((f) => f.to));
        continue;
      }
      negating = false;
      continue;
    }
    if (NEGATION_ENDS.has(w.lower)) negating = false;
    else if (!w.punct && !NEGATION_CONTINUES.has(w.lower)) {
      gap += 1;
      if (gap > 2) negating = false;
    }
  }

  // Phrases, grouped by their words: one phrase may carry several meanings.
  const groups = new Map<string, Found[]>();
  for (const f of found) {
    const key = `${f.from}:${f.to}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  // Offsets of `text` are those of the sentence as written.
  const phraseText = (from: number, to: number) =>
    sentence.slice(words[from]!.start, words[to]!.end);
  const hints: ParsedRequest['hints'] = [];
  let lowCost: { text: string; start: number } | null = null;
  for (const group of groups.values()) {
    const { from, to } = group[0]!;
    const raw = phraseText(from, to);
    const negated = negatedAt.has(from);
    const categories = [
      ...new Set(group.flatMap((f) => (f.entity.kind === 'category' ? [f.entity.value] : []))),
    ];
    if (categories.length > 0) {
      phrases.push({
        kind: 'category',
        text: raw,
        value: categories.join(', '),
        categories,
        negated,
        start: words[from]!.start,
      });
      if (!negated) {
        const own = new Set(categories.flatMap((c) => [...categoryNameStems(c)]));
        for (let k = from; k <= to; k += 1) {
          const w = words[k]!;
          if (!w.punct && !own.has(w.stem) && !STOPWORDS.has(w.stem) && !HEAD_NOUNS.has(w.lower))
            hints.push({ stem: w.stem, text: w.raw.toLowerCase() });
        }
      }
    }
    for (const f of group) {
      const e = f.entity;
      if (e.kind === 'flag') {
        phrases.push({
          kind: 'flag',
          text: raw,
          value: e.value,
          negated,
          start: words[from]!.start,
        });
      } else if (e.kind === 'state') {
        phrases.push({
          kind: 'state',
          text: raw,
          value: e.codes.length === 1 ? (e.codes[0] as string) : e.label,
          codes: [...e.codes],
          start: words[from]!.start,
        });
      } else if (e.kind === 'country') {
        phrases.push({ kind: 'country', text: raw, value: e.value, start: words[from]!.start });
      } else if (e.kind === 'lowCost') {
        lowCost ??= { text: raw, start: words[from]!.start };
      }
    }
  }
  if (lowCost && investmentMax === null) {
    investmentMax = LOW_COST_MAX;
    if (investmentMin !== null && investmentMin > investmentMax) investmentMin = null;
    phrases.push({
      kind: 'investment',
      text: lowCost.text,
      value: investmentLabel(null, LOW_COST_MAX),
      min: null,
      max: LOW_COST_MAX,
      start: lowCost.start,
    });
  }
  phrases.sort((a, b) => a.start - b.start);

  // What remains: meaningful words for the text ranking.
  const terms: string[] = [];
  const termText: Record<string, string> = {};
  for (const w of words) {
    if (w.punct || consumed.has(w.index)) continue;
    if (STOPWORDS.has(w.stem) || w.stem.length < 2 || /^\d+$/.test(w.stem)) continue;
    if (!terms.includes(w.stem)) {
      terms.push(w.stem);
      termText[w.stem] = w.raw.toLowerCase();
    }
  }

  const excludedCategories = new Set<IndustrySpecialty>();
  const excludedFlags = new Set<FranchiseFilterFlag>();
  const categories: IndustrySpecialty[] = [];
  const flags: FranchiseFilterFlag[] = [];
  const states: StateCode[] = [];
  const countries = new Set<Country>();
  for (const p of phrases) {
    if (p.kind === 'category') {
      for (const c of p.categories) {
        if (p.negated) excludedCategories.add(c);
        else if (!categories.includes(c)) categories.push(c);
      }
    } else if (p.kind === 'flag') {
      if (p.negated) excludedFlags.add(p.value);
      else if (!flags.includes(p.value)) flags.push(p.value);
    } else if (p.kind === 'state') {
      for (const code of p.codes) if (!states.includes(code)) states.push(code);
    } else if (p.kind === 'country') {
      countries.add(p.value);
    }
  }
  const keptCategories = categories.filter((c) => !excludedCategories.has(c));
  const keptFlags = flags.filter((f) => !excludedFlags.has(f));
  return {
    interpretation: {
      categories: keptCategories,
      states,
      country: countries.size === 1 ? ([...countries][0] ?? null) : null,
      investmentMin,
      investmentMax,
      flags: keptFlags,
      terms,
    },
    phrases: phrases.map(({ start: _start, ...p }) => p),
    excluded: { categories: [...excludedCategories], flags: [...excludedFlags] },
    hints: dedupeHints(hints),
    termText,
  };
}

function dedupeHints(hints: ParsedRequest['hints']): ParsedRequest['hints'] {
  const seen = new Set<string>();
  return hints.filter((h) => {
    if (seen.has(h.stem)) return false;
    seen.add(h.stem);
    return true;
  });
}
