import type { FmClient } from '@fm/sdk';
import {
  DEFAULT_PAGE_SIZE,
  type FranchisorSearchResult,
  type SearchFilters,
} from '@fm/sdk/contracts';
import type { WidgetTheme } from '../../theme.ts';
import type { WidgetError } from '../../widget-error.ts';
import {
  type SearchListSource,
  useSearchListContainer,
} from '../list-kit/use-search-list-container.ts';
import {
  emptyFranchisorFilters,
  type FranchisorFilters,
  franchisorQuery,
} from './franchisor-filters.ts';
import { FRANCHISOR_LIST_TEXT } from './franchisor-list-text.ts';
import { FranchisorListView } from './franchisor-list-view.tsx';

export interface FranchisorListProps {
  client?: FmClient | undefined;
  theme?: WidgetTheme | undefined;
  /** Controlled filters (e.g. kept in the URL); leave out to let the list keep its own. */
  filters?: FranchisorFilters | undefined;
  onFiltersChange?: ((filters: FranchisorFilters) => void) | undefined;
  pageSize?: number | undefined;
  /** Hearts and the Favourites tab; by default when the client holds a signed-in user. */
  favourites?: boolean | undefined;
  hrefFor?: ((id: string) => string) | undefined;
  /** Called with the franchisor user's id when a card is chosen. */
  onSelect?: ((id: string) => void) | undefined;
  onError?: ((error: WidgetError) => void) | undefined;
  /** Where a signed-out visitor signs in; with it, a 401 shows "Sign in to browse franchisors". */
  signInUrl?: string | undefined;
}

/** Where the franchisor list's results, options and favourites come from. */
const FRANCHISOR_SOURCE: SearchListSource<
  FranchisorFilters,
  ReturnType<typeof franchisorQuery>,
  FranchisorSearchResult,
  SearchFilters['franchisors']
> = {
  emptyFilters: emptyFranchisorFilters,
  toQuery: franchisorQuery,
  search: (sdk, query) => sdk.discovery.searchFranchisors(query),
  toggleFavorite: (sdk, id) => sdk.discovery.toggleFavoriteFranchisor(id),
  options: (all) => all.franchisors,
  signInText: { message: FRANCHISOR_LIST_TEXT.signIn, linkText: FRANCHISOR_LIST_TEXT.signInLink },
};

/**
 * Find Franchisors: searches `GET /api/users?role=franchisor` through the SDK as the filters
 * change, with filter options from `GET /api/users/filters` and optimistic favourite toggles.
 *
 * @example
 * <FranchisorList filters={filters} onFiltersChange={setFilters} onSelect={(id) => navigate(`/franchisors/${id}`)} />
 */
export function FranchisorList({
  client,
  theme,
  filters,
  onFiltersChange,
  pageSize = DEFAULT_PAGE_SIZE,
  favourites,
  hrefFor,
  onSelect,
  onError,
  signInUrl,
}: FranchisorListProps) {
  const list = useSearchListContainer(FRANCHISOR_SOURCE, {
    client,
    filters,
    onFiltersChange,
    pageSize,
    favourites,
    onError,
    signInUrl,
  });
  return (
    <FranchisorListView
      state={list.state}
      filters={list.filters}
      onFiltersChange={list.setFilters}
      options={list.options}
      favourites={list.favourites}
      hrefFor={hrefFor}
      onSelect={onSelect}
      onRetry={list.reload}
      theme={theme}
    />
  );
}
