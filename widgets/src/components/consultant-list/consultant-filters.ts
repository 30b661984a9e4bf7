import {
  type ConsultantSearchParams,
  ConsultantSearchQuerySchema,
  DEFAULT_PAGE_SIZE,
} from '@fm/sdk/contracts';
import {
  compactQuery,
  hasActiveFilters,
  parseQuery,
  parseSearchParams,
  querySearchParams,
} from '../list-kit/query.ts';

/** The consultant list's filters: the contract's search query, parsed (defaults applied). */
export type ConsultantFilters = ConsultantSearchParams;

/** Values a URL leaves out because they are what an empty query means. */
function defaultsFor(pageSize: number) {
  return { page: 1, limit: pageSize, sort: 'relevance', favoritesOnly: false } as const;
}

/**
 * The filters of an empty query, with the given page size.
 *
 * @example
 * emptyConsultantFilters(12); // { page: 1, limit: 12, sort: 'relevance', favoritesOnly: false }
 */
export function emptyConsultantFilters(pageSize: number = DEFAULT_PAGE_SIZE): ConsultantFilters {
  return parseQuery(ConsultantSearchQuerySchema, { limit: pageSize });
}

/**
 * Filters read from a URL's search parameters (invalid parameters are dropped, not fatal).
 *
 * @example
 * parseConsultantFilters(new URLSearchParams('industry=Automotive&rateMax=80'));
 */
export function parseConsultantFilters(
  params: URLSearchParams,
  pageSize: number = DEFAULT_PAGE_SIZE,
): ConsultantFilters {
  if (!params.has('limit')) {
    const withLimit = new URLSearchParams(params);
    withLimit.set('limit', String(pageSize));
    return parseSearchParams(ConsultantSearchQuerySchema, withLimit);
  }
  return parseSearchParams(ConsultantSearchQuerySchema, params);
}

/**
 * Filters as URL search parameters, leaving out defaults (page 1, the page size, the default sort).
 *
 * @example
 * consultantFiltersToSearchParams({ ...emptyConsultantFilters(), region: ['USA'] }).toString(); // 'region=USA'
 */
export function consultantFiltersToSearchParams(
  filters: ConsultantFilters,
  pageSize: number = DEFAULT_PAGE_SIZE,
): URLSearchParams {
  return querySearchParams(filters, defaultsFor(pageSize));
}

/**
 * What is sent to the API: the filters without empty values.
 *
 * @example
 * consultantQuery(filters); // { region: ['USA'], page: 2, limit: 10 }
 */
export function consultantQuery(filters: ConsultantFilters): Partial<ConsultantFilters> {
  return compactQuery(filters, { sort: 'relevance', favoritesOnly: false });
}

/**
 * How many filters are set (lists count as one each; a rate range as one).
 *
 * @example
 * countConsultantFilters({ ...emptyConsultantFilters(), region: ['USA', 'Asia'], rateMax: 80 }); // 2
 */
export function countConsultantFilters(filters: ConsultantFilters): number {
  if (!hasActiveFilters(filters)) return 0;
  const { q, industry, region, group, experience, rateMin, rateMax, country, state, city } =
    filters;
  return [
    q,
    industry?.length,
    region?.length,
    group?.length,
    experience?.length,
    rateMin !== undefined || rateMax !== undefined,
    country,
    state,
    city,
  ].filter(Boolean).length;
}

/**
 * The filters with everything but paging, sort and the favourites tab cleared.
 *
 * @example
 * clearConsultantFilters(filters);
 */
export function clearConsultantFilters(filters: ConsultantFilters): ConsultantFilters {
  return {
    page: 1,
    limit: filters.limit,
    sort: filters.sort,
    favoritesOnly: filters.favoritesOnly,
  };
}
