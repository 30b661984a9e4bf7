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
  type ConsultantFilters,
  consultantQuery,
  emptyConsultantFilters,
} from './consultant-filters.ts';
import { CONSULTANT_LIST_TEXT } from './consultant-list-text.ts';
import { type ConsultantFavourites, ConsultantListView } from './consultant-list-view.tsx';

export interface ConsultantListProps {
  /** The SDK client; defaults to the one of the nearest `FmClientProvider`. */
  client?: FmClient | undefined;
  theme?: WidgetTheme | undefined;
  /** Controlled filters (e.g. kept in the URL); leave out to let the list keep its own. */
  filters?: ConsultantFilters | undefined;
  /** Called with every change of the filters (search, filter, sort, page, tab). */
  onFiltersChange?: ((filters: ConsultantFilters) => void) | undefined;
  /** Results per page when the list keeps its own filters (DEFAULT_PAGE_SIZE by default). */
  pageSize?: number | undefined;
  /**
   * Whether to show hearts and the Favourites tab; by default, when the client holds a
   * signed-in user (favourites belong to a user).
   */
  favourites?: boolean | undefined;
  /** A link per card (the portal's `/consultants/{id}`). */
  hrefFor?: ((id: string) => string) | undefined;
  /** Called with the consultant's id when a card is chosen. */
  onSelect?: ((id: string) => void) | undefined;
  /** Called when loading or a favourite toggle fails. */
  onError?: ((error: WidgetError) => void) | undefined;
  /** Where a signed-out visitor signs in; with it, a 401 shows "Sign in to browse consultants". */
  signInUrl?: string | undefined;
}

/**
 * Find Consultants: searches `GET /api/users?role=consultant` through the SDK as the filters
 * change, with filter options from `GET /api/users/filters` and optimistic favourite toggles.
 *
 * @example
 * <FmClientProvider client={api}>
 *   <ConsultantList filters={filters} onFiltersChange={setFilters} onSelect={(id) => navigate(`/consultants/${id}`)} />
 * </FmClientProvider>
 */
export function ConsultantList({
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
}: ConsultantListProps) {
  const api = useFmClient(client);
  const defaults = useMemo(() => emptyConsultantFilters(pageSize), [pageSize]);
  const [filters, setFilters] = useControllableFilters(controlled, defaults, onFiltersChange);
  const showFavourites = favourites ?? api.credentials() !== null;
  const query = useMemo(
    () => consultantQuery(showFavourites ? filters : { ...filters, favoritesOnly: false }),
    [filters, showFavourites],
  );
  const { state, reload } = useSearchList({
    client: api,
    query,
    search: (sdk, q) => sdk.discovery.searchConsultants(q),
    signIn: signInUrl
      ? {
          message: CONSULTANT_LIST_TEXT.signIn,
          href: signInUrl,
          linkText: CONSULTANT_LIST_TEXT.signInLink,
        }
      : undefined,
    onError,
  });
  const options = useSearchFilters(api)?.consultants ?? null;
  const result = state.status === 'ready' ? state.result : null;
  const toggles = useFavouriteToggles(
    (id) => api.discovery.toggleFavoriteConsultant(id),
    onError,
    result,
  );
  const favouriteControls: ConsultantFavourites | null = showFavourites
    ? {
        isFavorite: (item) => toggles.isFavorite(item.id, item.isFavorite),
        isPending: (item) => toggles.isPending(item.id),
        onToggle: (item) => toggles.toggle(item.id, item.isFavorite),
        total: toggles.total,
      }
    : null;

  return (
    <ConsultantListView
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
