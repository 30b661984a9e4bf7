import type { FmClient } from '@fm/sdk';
import { DEFAULT_PAGE_SIZE } from '@fm/sdk/contracts';
import { useMemo } from 'react';
import { useFmClient } from '../../client-context.tsx';
import type { WidgetTheme } from '../../theme.ts';
import type { WidgetError } from '../../widget-error.ts';
import {
  useControllableFilters,
  useFavouriteToggles,
  useSearchFilters,
  useSearchList,
} from '../list-kit/use-search-list.ts';
import {
  emptyFranchisorFilters,
  type FranchisorFilters,
  franchisorQuery,
} from './franchisor-filters.ts';
import { FRANCHISOR_LIST_TEXT } from './franchisor-list-text.ts';
import { type FranchisorFavourites, FranchisorListView } from './franchisor-list-view.tsx';

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
  filters: controlled,
  onFiltersChange,
  pageSize = DEFAULT_PAGE_SIZE,
  favourites,
  hrefFor,
  onSelect,
  onError,
  signInUrl,
}: FranchisorListProps) {
  const api = useFmClient(client);
  const defaults = useMemo(() => emptyFranchisorFilters(pageSize), [pageSize]);
  const [filters, setFilters] = useControllableFilters(controlled, defaults, onFiltersChange);
  const showFavourites = favourites ?? api.credentials() !== null;
  const query = useMemo(
    () => franchisorQuery(showFavourites ? filters : { ...filters, favoritesOnly: false }),
    [filters, showFavourites],
  );
  const { state, reload } = useSearchList({
    client: api,
    query,
    search: (sdk, q) => sdk.discovery.searchFranchisors(q),
    signIn: signInUrl
      ? {
          message: FRANCHISOR_LIST_TEXT.signIn,
          href: signInUrl,
          linkText: FRANCHISOR_LIST_TEXT.signInLink,
        }
      : undefined,
    onError,
  });
  const options = useSearchFilters(api)?.franchisors ?? null;
  const result = state.status === 'ready' ? state.result : null;
  const toggles = useFavouriteToggles(
    (id) => api.discovery.toggleFavoriteFranchisor(id),
    onError,
    result,
  );
  const favouriteControls: FranchisorFavourites | null = showFavourites
    ? {
        isFavorite: (item) => toggles.isFavorite(item.id, item.isFavorite),
        isPending: (item) => toggles.isPending(item.id),
        onToggle: (item) => toggles.toggle(item.id, item.isFavorite),
        total: toggles.total,
      }
    : null;

  return (
    <FranchisorListView
      state={state}
      filters={filters}
      onFiltersChange={setFilters}
      options={options}
      favourites={favouriteControls}
      hrefFor={hrefFor}
      onSelect={onSelect}
      onRetry={reload}
      theme={theme}
    />
  );
}
