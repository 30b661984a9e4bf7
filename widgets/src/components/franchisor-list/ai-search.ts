import {
  type AiInterpretation,
  type AiMatch,
  AiSearchQuerySchema,
  type AiSearchResult,
  COUNTRIES,
  FRANCHISE_FILTER_FLAGS,
  FRANCHISE_FLAG_LABELS,
  type FranchiseFilterFlag,
  type FranchisorSearchResult,
  STATES_BY_COUNTRY,
  type StateCode,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import { formatMoney } from '../list-kit/list-format.ts';
import type { FranchisorFilters } from './franchisor-filter-types.ts';

/**
 * The AI search of Find Franchisors (`GET /api/users/ai-franchisees-search`) seen through the
 * list's own shapes: its answer as a list result, what it understood as the list's filters, and
 * the words that explain it.
 */

/** What the AI search adds to a list result: the request's reading and each brand's matches. */
export interface FranchisorAiReading {
  query: string;
  interpretation: AiInterpretation;
  /** Per franchisor id: the parts of the request it matched, in the API's order. */
  matched: Readonly<Record<string, readonly AiMatch[]>>;
}

/** A franchisor list result; `ai` is present when it answers an AI search. */
export type FranchisorListResult = FranchisorSearchResult & {
  ai?: FranchisorAiReading | undefined;
};

/**
 * A sentence for the AI search as the API accepts it (trimmed, 1–300 characters), or undefined.
 *
 * @example
 * parseAiSentence('  senior care in Texas '); // 'senior care in Texas'
 * parseAiSentence('   '); // undefined
 */
export function parseAiSentence(raw: unknown): string | undefined {
  const result = v.safeParse(AiSearchQuerySchema.entries.q, raw);
  return result.success ? result.output : undefined;
}

/**
 * The AI search's answer as a list result: brands in its ranking, the favourites tab unknown.
 *
 * @example
 * toListResult(await api.discovery.aiSearchFranchisors({ q })).ai?.interpretation.states;
 */
export function toListResult(answer: AiSearchResult): FranchisorListResult {
  return {
    total: answer.total,
    page: answer.page,
    limit: answer.limit,
    // The AI search has no favourites tab; the list hides it while showing these.
    favoriteTotal: 0,
    favoriteFranchisees: [],
    franchisees: answer.franchisees.map(({ score: _score, matched: _matched, ...item }) => item),
    ai: {
      query: answer.query,
      interpretation: answer.interpretation,
      matched: Object.fromEntries(answer.franchisees.map((item) => [item.id, item.matched])),
    },
  };
}

/**
 * What the AI understood, as the list's filters, so the filter panel shows it: categories, states,
 * country, the investment as cash required (between, less or more than), the features, and the
 * leftover words as the keyword search. Paging and the sentence come from `base`.
 *
 * @example
 * filtersFromReading({ …, categories: ['Senior Care'], investmentMax: 150000 }, filters);
 * // { …, category: ['Senior Care'], cashMode: 'less', cashMax: 150000, ai: '…' }
 */
export function filtersFromReading(
  reading: AiInterpretation,
  base: FranchisorFilters,
): FranchisorFilters {
  const filters: FranchisorFilters = {
    page: base.page,
    limit: base.limit,
    sort: 'relevance',
    favoritesOnly: false,
  };
  if (base.ai) filters.ai = base.ai;
  if (reading.terms.length > 0) filters.q = reading.terms.join(' ');
  if (reading.categories.length > 0) filters.category = [...reading.categories];
  if (reading.country) filters.country = reading.country;
  if (reading.states.length > 0) filters.state = [...reading.states];
  const { investmentMin: min, investmentMax: max } = reading;
  if (min !== null && max !== null)
    Object.assign(filters, { cashMode: 'range', cashMin: min, cashMax: max });
  else if (max !== null) Object.assign(filters, { cashMode: 'less', cashMax: max });
  else if (min !== null) Object.assign(filters, { cashMode: 'more', cashMin: min });
  for (const flag of reading.flags) filters[flag] = true;
  return filters;
}

/**
 * The next filters when the panel changes while it shows an AI reading: a new page stays in the
 * AI search; anything else refines the reading with the regular search (the sentence is dropped
 * and the changed filters, which started from what was understood, apply).
 *
 * @example
 * nextFiltersFromAi(shown, { ...shown, page: 2 }); // still the AI search, page 2
 * nextFiltersFromAi(shown, { ...shown, homeBased: undefined }); // a regular search
 */
export function nextFiltersFromAi(
  shown: FranchisorFilters,
  next: FranchisorFilters,
): FranchisorFilters {
  const { page: _page, ...rest } = next;
  const { page: _shownPage, ...shownRest } = shown;
  if (sameFilters(rest, shownRest)) return { ...shown, page: next.page };
  const { ai: _ai, ...regular } = next;
  return regular;
}

function sameFilters(a: object, b: object): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const value = (o: object, key: string) => (o as Record<string, unknown>)[key];
  for (const key of keys) {
    if (JSON.stringify(value(a, key)) !== JSON.stringify(value(b, key))) return false;
  }
  return true;
}

const STATE_NAMES = new Map<StateCode, string>(
  COUNTRIES.flatMap((country) => STATES_BY_COUNTRY[country].map((s) => [s.code, s.name] as const)),
);
const isFlag = (value: string): value is FranchiseFilterFlag =>
  (FRANCHISE_FILTER_FLAGS as readonly string[]).includes(value);

/**
 * The investment the AI read, in words.
 *
 * @example
 * investmentLabel(null, 150000); // 'Up to $150,000'
 */
export function investmentLabel(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${formatMoney(min)} – ${formatMoney(max)}`;
  if (max !== null) return `Up to ${formatMoney(max)}`;
  if (min !== null) return `${formatMoney(min)} or more`;
  return null;
}

/**
 * What the AI understood, one label each, in the order the filter panel lists them.
 *
 * @example
 * readingLabels({ categories: ['Senior Care'], states: ['TX'], flags: ['homeBased'], … });
 * // ['Senior Care', 'Texas', 'Home based']
 */
export function readingLabels(reading: AiInterpretation): string[] {
  return [
    ...reading.categories,
    ...(reading.country ? [reading.country] : []),
    ...reading.states.map((code) => STATE_NAMES.get(code) ?? code),
    ...[investmentLabel(reading.investmentMin, reading.investmentMax)].filter(
      (label): label is string => label !== null,
    ),
    ...reading.flags.map((flag) => FRANCHISE_FLAG_LABELS[flag]),
    ...reading.terms.map((term) => `“${term}”`),
  ];
}

/**
 * One matched part of the request, as a card explains it: the request's words, and what they
 * meant when that differs.
 *
 * @example
 * matchLabel({ kind: 'state', text: 'Texas', value: 'TX' }); // '“Texas” → Texas (TX)'
 * matchLabel({ kind: 'text', text: 'pizza', value: 'pizza' }); // '“pizza”'
 */
export function matchLabel(match: AiMatch): string {
  const meaning =
    match.kind === 'flag' && isFlag(match.value)
      ? FRANCHISE_FLAG_LABELS[match.value]
      : match.kind === 'state'
        ? `${STATE_NAMES.get(match.value as StateCode) ?? match.value} (${match.value})`
        : match.value;
  return meaning.toLowerCase() === match.text.toLowerCase()
    ? `“${match.text}”`
    : `“${match.text}” → ${meaning}`;
}
