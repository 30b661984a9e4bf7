import {
  type AiSearchQuery,
  AiSearchQuerySchema,
  type AiSearchResult,
  AiSearchResultSchema,
  type ConsultantSearchQuery,
  ConsultantSearchQuerySchema,
  type ConsultantSearchResult,
  ConsultantSearchResultSchema,
  DISCOVERY_OPERATIONS,
  FavoriteConsultantInputSchema,
  FavoriteFranchisorInputSchema,
  type FavoriteToggleResult,
  FavoriteToggleResultSchema,
  type FranchisorSearchQuery,
  FranchisorSearchQuerySchema,
  type FranchisorSearchResult,
  FranchisorSearchResultSchema,
  type SearchFilters,
  SearchFiltersSchema,
  type StateCode,
  type TerritoryQuery,
  TerritoryQuerySchema,
  type TerritoryStats,
  TerritoryStatsSchema,
  toSearchParams,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
import { type PagedCall, paged } from './pagination.ts';
import { validateInput } from './validate-input.ts';

/**
 * Finding consultants and franchisors: searches, filters, favourites, the AI search and Territory Scout.
 *
 * @example
 * ```ts
 * const { consultants, total } = await api.discovery.searchConsultants({ industry: ['Automotive'], rateMax: 80 });
 * ```
 */
export interface DiscoveryApi {
  /**
   * Consultants for a franchisor (`GET users?role=consultant`), with the viewer's favourites.
   * @example await api.discovery.searchConsultants({ q: 'senior care', region: ['USA'], page: 2 });
   */
  searchConsultants(
    query?: ConsultantSearchQuery,
    options?: RequestOptions,
  ): PagedCall<ConsultantSearchResult, ConsultantSearchResult['consultants'][number]>;
  /**
   * Franchisors for a consultant (`GET users?role=franchisor`).
   * @example await api.discovery.searchFranchisors({ investment: 'lt200k', state: ['TX'] });
   */
  searchFranchisors(
    query?: FranchisorSearchQuery,
    options?: RequestOptions,
  ): PagedCall<FranchisorSearchResult, FranchisorSearchResult['franchisees'][number]>;
  /**
   * Every filter's options with counts (`GET users/filters`).
   * @example const { consultants } = await api.discovery.getFilters();
   */
  getFilters(options?: RequestOptions): Promise<SearchFilters>;
  /**
   * Toggles a favourite consultant; answers the new state and the favourites total.
   * @example const { isFavorite } = await api.discovery.toggleFavoriteConsultant(id);
   */
  toggleFavoriteConsultant(
    consultantId: string,
    options?: RequestOptions,
  ): Promise<FavoriteToggleResult>;
  /**
   * Toggles a favourite franchisor.
   * @example await api.discovery.toggleFavoriteFranchisor(id);
   */
  toggleFavoriteFranchisor(
    franchisorId: string,
    options?: RequestOptions,
  ): Promise<FavoriteToggleResult>;
  /**
   * Franchisors ranked for a sentence, with what matched (`GET users/ai-franchisees-search`).
   * @example await api.discovery.aiSearchFranchisors({ q: 'home-based senior care under $150k in Texas' });
   */
  aiSearchFranchisors(query: AiSearchQuery, options?: RequestOptions): Promise<AiSearchResult>;
  /**
   * Brands registered and consultants covering each state/province (`GET territory/states`).
   * @example await api.discovery.territoryStats({ category: 'Senior Care' });
   */
  territoryStats(query?: TerritoryQuery, options?: RequestOptions): Promise<TerritoryStats>;
  /**
   * The brands registered in one state or province (`GET territory/states/{code}/franchisees`).
   * @example await api.discovery.territoryBrands('TX', { investment: 'lt200k' });
   */
  territoryBrands(
    state: StateCode,
    query?: TerritoryQuery & { page?: number; limit?: number },
    options?: RequestOptions,
  ): PagedCall<FranchisorSearchResult, FranchisorSearchResult['franchisees'][number]>;
}

const isFiltered = (query: Record<string, unknown>) =>
  Object.entries(query).some(
    ([key, value]) =>
      !['page', 'limit', 'sort'].includes(key) && value !== undefined && value !== '',
  );

const withQuery = (path: string, query: Record<string, unknown>) => {
  const search = toSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

/**
 * `GET users?role=consultant`: consultants matching the query, a page at a time (awaitable for one
 * page, async-iterable for every consultant).
 *
 * @example
 * ```ts
 * const { consultants, total } = await searchConsultants(api.http, { q: 'tax', page: 1 });
 * ```
 */
export function searchConsultants(
  http: Http,
  query: ConsultantSearchQuery = {},
  options?: RequestOptions,
): PagedCall<ConsultantSearchResult, ConsultantSearchResult['consultants'][number]> {
  return paged(
    async (page) => {
      const q = page === undefined ? query : { ...query, page };
      const operation = isFiltered(q) ? 'fetchFilteredConsultants' : 'fetchConsultants';
      validateInput(operation, DISCOVERY_OPERATIONS, ConsultantSearchQuerySchema, q);
      return http.call(
        {
          operation,
          texts: DISCOVERY_OPERATIONS,
          method: 'get',
          path: withQuery('users', { role: 'consultant', ...q }),
          response: ConsultantSearchResultSchema,
        },
        options,
      );
    },
    (p) => p.consultants,
  );
}

/**
 * `GET users?role=franchisor`: franchisors matching the query, a page at a time.
 *
 * @example
 * ```ts
 * const { franchisees } = await searchFranchisors(api.http, { page: 2 });
 * ```
 */
export function searchFranchisors(
  http: Http,
  query: FranchisorSearchQuery = {},
  options?: RequestOptions,
): PagedCall<FranchisorSearchResult, FranchisorSearchResult['franchisees'][number]> {
  return paged(
    async (page) => {
      const q = page === undefined ? query : { ...query, page };
      validateInput('fetchFranchisors', DISCOVERY_OPERATIONS, FranchisorSearchQuerySchema, q);
      return http.call(
        {
          operation: 'fetchFranchisors',
          texts: DISCOVERY_OPERATIONS,
          method: 'get',
          path: withQuery('users', { role: 'franchisor', ...q }),
          response: FranchisorSearchResultSchema,
        },
        options,
      );
    },
    (p) => p.franchisees,
  );
}

/**
 * `GET users/filters`: the options of the search filters (industries, states, …).
 *
 * @example
 * ```ts
 * const filters = await getSearchFilters(api.http);
 * ```
 */
export function getSearchFilters(http: Http, options?: RequestOptions): Promise<SearchFilters> {
  return http.call(
    {
      operation: 'getFilters',
      texts: DISCOVERY_OPERATIONS,
      method: 'get',
      path: 'users/filters',
      response: SearchFiltersSchema,
    },
    options,
  );
}

/**
 * `POST users/favorite-consultant`: adds or removes a consultant from the user's favourites.
 *
 * @example
 * ```ts
 * const { isFavorite } = await toggleFavoriteConsultant(api.http, consultantId);
 * ```
 */
export async function toggleFavoriteConsultant(
  http: Http,
  consultantId: string,
  options?: RequestOptions,
): Promise<FavoriteToggleResult> {
  const json = { consultantId };
  validateInput('addFavoriteConsultant', DISCOVERY_OPERATIONS, FavoriteConsultantInputSchema, json);
  return http.call(
    {
      operation: 'addFavoriteConsultant',
      texts: DISCOVERY_OPERATIONS,
      method: 'post',
      path: 'users/favorite-consultant',
      json,
      response: FavoriteToggleResultSchema,
    },
    options,
  );
}

/**
 * `POST users/favorite-franchisor`: adds or removes a franchisor from the user's favourites.
 *
 * @example
 * ```ts
 * const { isFavorite } = await toggleFavoriteFranchisor(api.http, franchisorId);
 * ```
 */
export async function toggleFavoriteFranchisor(
  http: Http,
  franchisorId: string,
  options?: RequestOptions,
): Promise<FavoriteToggleResult> {
  const json = { franchisorId };
  validateInput('addFavoriteFranchisor', DISCOVERY_OPERATIONS, FavoriteFranchisorInputSchema, json);
  return http.call(
    {
      operation: 'addFavoriteFranchisor',
      texts: DISCOVERY_OPERATIONS,
      method: 'post',
      path: 'users/favorite-franchisor',
      json,
      response: FavoriteToggleResultSchema,
    },
    options,
  );
}

/**
 * `GET users/ai-franchisees-search`: franchisors found from a sentence, with how it was read.
 *
 * @example
 * ```ts
 * const { interpretation, franchisees } = await aiSearchFranchisors(api.http, { q: 'coffee in Texas' });
 * ```
 */
export async function aiSearchFranchisors(
  http: Http,
  query: AiSearchQuery,
  options?: RequestOptions,
): Promise<AiSearchResult> {
  validateInput('aiSearchFranchisors', DISCOVERY_OPERATIONS, AiSearchQuerySchema, query);
  return http.call(
    {
      operation: 'aiSearchFranchisors',
      texts: DISCOVERY_OPERATIONS,
      method: 'get',
      path: withQuery('users/ai-franchisees-search', query),
      response: AiSearchResultSchema,
    },
    options,
  );
}

/**
 * Creates the discovery calls on a transport.
 * @example const discovery = createDiscoveryApi(http);
 */
export function createDiscoveryApi(http: Http): DiscoveryApi {
  return {
    searchConsultants: (query, options) => searchConsultants(http, query, options),
    searchFranchisors: (query, options) => searchFranchisors(http, query, options),
    getFilters: (options) => getSearchFilters(http, options),
    toggleFavoriteConsultant: (id, options) => toggleFavoriteConsultant(http, id, options),
    toggleFavoriteFranchisor: (id, options) => toggleFavoriteFranchisor(http, id, options),
    aiSearchFranchisors: (query, options) => aiSearchFranchisors(http, query, options),
    async territoryStats(query = {}, options) {
      validateInput('fetchTerritory', DISCOVERY_OPERATIONS, TerritoryQuerySchema, query);
      return http.call(
        {
          operation: 'fetchTerritory',
          texts: DISCOVERY_OPERATIONS,
          method: 'get',
          path: withQuery('territory/states', query),
          response: TerritoryStatsSchema,
        },
        options,
      );
    },
    territoryBrands(state, query = {}, options) {
      return paged(
        async (page) => {
          const q = page === undefined ? query : { ...query, page };
          validateInput('fetchTerritory', DISCOVERY_OPERATIONS, TerritoryQuerySchema, {
            category: q.category,
            investment: q.investment,
          });
          return http.call(
            {
              operation: 'fetchTerritory',
              texts: DISCOVERY_OPERATIONS,
              method: 'get',
              path: withQuery(`territory/states/${encodeURIComponent(state)}/franchisees`, q),
              response: FranchisorSearchResultSchema,
            },
            options,
          );
        },
        (p) => p.franchisees,
      );
    },
  };
}
