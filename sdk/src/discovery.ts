import {
  type AiSearchQuery,
  AiSearchQuerySchema,
  type AiSearchResult,
  AiSearchResultSchema,
  type ConsultantSearchQuery,
  ConsultantSearchQuerySchema,
  type ConsultantSearchResult,
  ConsultantSearchResultSchema,
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
import type { Http } from './http.ts';
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
  searchConsultants(query?: ConsultantSearchQuery): Promise<ConsultantSearchResult>;
  /**
   * Franchisors for a consultant (`GET users?role=franchisor`).
   * @example await api.discovery.searchFranchisors({ investment: 'lt200k', state: ['TX'] });
   */
  searchFranchisors(query?: FranchisorSearchQuery): Promise<FranchisorSearchResult>;
  /**
   * Every filter's options with counts (`GET users/filters`).
   * @example const { consultants } = await api.discovery.getFilters();
   */
  getFilters(): Promise<SearchFilters>;
  /**
   * Toggles a favourite consultant; answers the new state and the favourites total.
   * @example const { isFavorite } = await api.discovery.toggleFavoriteConsultant(id);
   */
  toggleFavoriteConsultant(consultantId: string): Promise<FavoriteToggleResult>;
  /**
   * Toggles a favourite franchisor.
   * @example await api.discovery.toggleFavoriteFranchisor(id);
   */
  toggleFavoriteFranchisor(franchisorId: string): Promise<FavoriteToggleResult>;
  /**
   * Franchisors ranked for a sentence, with what matched (`GET users/ai-franchisees-search`).
   * @example await api.discovery.aiSearchFranchisors({ q: 'home-based senior care under $150k in Texas' });
   */
  aiSearchFranchisors(query: AiSearchQuery): Promise<AiSearchResult>;
  /**
   * Brands registered and consultants covering each state/province (`GET territory/states`).
   * @example await api.discovery.territoryStats({ category: 'Senior Care' });
   */
  territoryStats(query?: TerritoryQuery): Promise<TerritoryStats>;
  /**
   * The brands registered in one state or province (`GET territory/states/{code}/franchisees`).
   * @example await api.discovery.territoryBrands('TX', { investment: 'lt200k' });
   */
  territoryBrands(
    state: StateCode,
    query?: TerritoryQuery & { page?: number; limit?: number },
  ): Promise<FranchisorSearchResult>;
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
 * Creates the discovery calls on a transport.
 * @example const discovery = createDiscoveryApi(http);
 */
export function createDiscoveryApi(http: Http): DiscoveryApi {
  return {
    async searchConsultants(query = {}) {
      const operation = isFiltered(query) ? 'fetchFilteredConsultants' : 'fetchConsultants';
      validateInput(operation, ConsultantSearchQuerySchema, query);
      return http.call({
        operation,
        method: 'get',
        path: withQuery('users', { role: 'consultant', ...query }),
        response: ConsultantSearchResultSchema,
      });
    },
    async searchFranchisors(query = {}) {
      validateInput('fetchFranchisors', FranchisorSearchQuerySchema, query);
      return http.call({
        operation: 'fetchFranchisors',
        method: 'get',
        path: withQuery('users', { role: 'franchisor', ...query }),
        response: FranchisorSearchResultSchema,
      });
    },
    getFilters() {
      return http.call({
        operation: 'getFilters',
        method: 'get',
        path: 'users/filters',
        response: SearchFiltersSchema,
      });
    },
    async toggleFavoriteConsultant(consultantId) {
      const json = { consultantId };
      validateInput('addFavoriteConsultant', FavoriteConsultantInputSchema, json);
      return http.call({
        operation: 'addFavoriteConsultant',
        method: 'post',
        path: 'users/favorite-consultant',
        json,
        response: FavoriteToggleResultSchema,
      });
    },
    async toggleFavoriteFranchisor(franchisorId) {
      const json = { franchisorId };
      validateInput('addFavoriteFranchisor', FavoriteFranchisorInputSchema, json);
      return http.call({
        operation: 'addFavoriteFranchisor',
        method: 'post',
        path: 'users/favorite-franchisor',
        json,
        response: FavoriteToggleResultSchema,
      });
    },
    async aiSearchFranchisors(query) {
      validateInput('aiSearchFranchisors', AiSearchQuerySchema, query);
      return http.call({
        operation: 'aiSearchFranchisors',
        method: 'get',
        path: withQuery('users/ai-franchisees-search', query),
        response: AiSearchResultSchema,
      });
    },
    async territoryStats(query = {}) {
      validateInput('fetchTerritory', TerritoryQuerySchema, query);
      return http.call({
        operation: 'fetchTerritory',
        method: 'get',
        path: withQuery('territory/states', query),
        response: TerritoryStatsSchema,
      });
    },
    async territoryBrands(state, query = {}) {
      validateInput('fetchTerritory', TerritoryQuerySchema, {
        category: query.category,
        investment: query.investment,
      });
      return http.call({
        operation: 'fetchTerritory',
        method: 'get',
        path: withQuery(`territory/states/${encodeURIComponent(state)}/franchisees`, query),
        response: FranchisorSearchResultSchema,
      });
    },
  };
}
