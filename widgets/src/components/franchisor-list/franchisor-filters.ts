import {
  COUNTRIES,
  type Country,
  DEFAULT_PAGE_SIZE,
  FRANCHISE_FILTER_FLAGS,
  type FranchisorSearchParams,
  FranchisorSearchQuerySchema,
  STATES_BY_COUNTRY,
  type StateCode,
} from '@fm/sdk/contracts';
import {
  compactQuery,
  parseQuery,
  parseSearchParams,
  querySearchParams,
} from '../list-kit/query.ts';
import { parseAiSentence } from './ai-search.ts';
import type { FranchisorFilters } from './franchisor-filter-types.ts';

export type { FranchisorFilters } from './franchisor-filter-types.ts';

function defaultsFor(pageSize: number) {
  return { page: 1, limit: pageSize, sort: 'relevance', favoritesOnly: false } as const;
}

/**
 * The states and provinces offered for a country (both countries' when none is chosen).
 *
 * @example
 * statesFor('Canada').map((s) => s.code); // ['AB', 'BC', …]
 */
export function statesFor(
  country: Country | undefined,
): readonly { code: StateCode; name: string }[] {
  return country ? STATES_BY_COUNTRY[country] : COUNTRIES.flatMap((c) => STATES_BY_COUNTRY[c]);
}

/**
 * Filters made consistent: states outside the chosen country are dropped, and cash amounts that
 * the chosen mode does not use (user-area §5: `less` has only a maximum, `more` only a minimum).
 *
 * @example
 * normalizeFranchisorFilters({ ...filters, country: 'Canada', state: ['TX', 'ON'] }).state; // ['ON']
 */
export function normalizeFranchisorFilters(filters: FranchisorFilters): FranchisorFilters {
  const next: FranchisorFilters = { ...filters };
  if (next.country && next.state) {
    const allowed = new Set(statesFor(next.country).map((s) => s.code));
    const state = next.state.filter((code) => allowed.has(code));
    if (state.length > 0) next.state = state;
    else delete next.state;
  }
  if (!next.cashMode) {
    delete next.cashMin;
    delete next.cashMax;
  } else if (next.cashMode === 'less') delete next.cashMin;
  else if (next.cashMode === 'more') delete next.cashMax;
  return next;
}

/**
 * The filters of an empty query, with the given page size.
 *
 * @example
 * emptyFranchisorFilters(12).limit; // 12
 */
export function emptyFranchisorFilters(pageSize: number = DEFAULT_PAGE_SIZE): FranchisorFilters {
  return parseQuery(FranchisorSearchQuerySchema, { limit: pageSize });
}

/**
 * Filters read from a URL's search parameters (invalid parameters dropped).
 *
 * @example
 * parseFranchisorFilters(new URLSearchParams('investment=lt200k&state=TX'));
 */
export function parseFranchisorFilters(
  params: URLSearchParams,
  pageSize: number = DEFAULT_PAGE_SIZE,
): FranchisorFilters {
  const withLimit = new URLSearchParams(params);
  if (!withLimit.has('limit')) withLimit.set('limit', String(pageSize));
  const filters: FranchisorFilters = parseSearchParams(FranchisorSearchQuerySchema, withLimit);
  const ai = parseAiSentence(params.get('ai') ?? undefined);
  if (ai) filters.ai = ai;
  return normalizeFranchisorFilters(filters);
}

/**
 * Filters as URL search parameters, without defaults.
 *
 * @example
 * franchisorFiltersToSearchParams({ ...emptyFranchisorFilters(), state: ['TX'] }).toString(); // 'state=TX'
 */
export function franchisorFiltersToSearchParams(
  filters: FranchisorFilters,
  pageSize: number = DEFAULT_PAGE_SIZE,
): URLSearchParams {
  return querySearchParams(normalizeFranchisorFilters(filters), defaultsFor(pageSize));
}

/**
 * What is sent to the API: the filters without empty values.
 *
 * @example
 * franchisorQuery(filters); // { investment: 'lt200k', state: ['TX'], page: 1, limit: 10 }
 */
export function franchisorQuery(filters: FranchisorFilters): Partial<FranchisorSearchParams> {
  const { ai: _ai, ...regular } = normalizeFranchisorFilters(filters);
  return compactQuery(regular, {
    sort: 'relevance',
    favoritesOnly: false,
    investment: 'any',
  });
}

/**
 * How many filters are set (lists count as one each; the cash requirement as one).
 *
 * @example
 * countFranchisorFilters({ ...emptyFranchisorFilters(), state: ['TX', 'OK'], homeBased: true }); // 2
 */
export function countFranchisorFilters(filters: FranchisorFilters): number {
  const f = normalizeFranchisorFilters(filters);
  return [
    f.ai,
    f.q,
    f.investment && f.investment !== 'any',
    f.category?.length,
    f.country,
    f.state?.length,
    f.netWorth !== undefined,
    f.cashMode && (f.cashMin !== undefined || f.cashMax !== undefined),
    f.franchiseFeeMax !== undefined,
    ...FRANCHISE_FILTER_FLAGS.map((flag) => f[flag]),
  ].filter(Boolean).length;
}

/**
 * The filters with everything but paging, sort and the favourites tab cleared.
 *
 * @example
 * clearFranchisorFilters(filters);
 */
export function clearFranchisorFilters(filters: FranchisorFilters): FranchisorFilters {
  return {
    page: 1,
    limit: filters.limit,
    sort: filters.sort,
    favoritesOnly: filters.favoritesOnly,
  };
}
