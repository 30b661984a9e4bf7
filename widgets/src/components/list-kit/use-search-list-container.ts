import type { FmClient } from '@fm/sdk';
import type { FavoriteToggleResult, SearchFilters } from '@fm/sdk/contracts';
import { useMemo } from 'react';
import { useFmClient } from '../../client-context.tsx';
import type { WidgetError } from '../../widget-error.ts';
import type { ListState } from './list-shell.tsx';
import {
  useControllableFilters,
  useFavouriteToggles,
  useSearchFilters,
  useSearchList,
} from './use-search-list.ts';

/** The favourite hearts of a list view: how each item stands and how to flip it. */
export interface ItemFavourites<I> {
  isFavorite: (item: I) => boolean;
  isPending: (item: I) => boolean;
  onToggle: (item: I) => void;
  /** The favourites total to show on the tab (null: unknown yet). */
  total: number | null;
}

/** What the hearts need of an item. */
type FavouriteItem = { id: string; isFavorite: boolean };

/** Where one kind of list gets its results, options and favourites from. */
export interface SearchListSource<F extends { favoritesOnly: boolean }, Q, R, O> {
  emptyFilters: (pageSize: number) => F;
  /** The API query of the filters. */
  toQuery: (filters: F) => Q;
  search: (client: FmClient, query: Q) => Promise<R>;
  toggleFavorite: (client: FmClient, id: string) => Promise<FavoriteToggleResult>;
  /** This list's part of `GET /api/users/filters`. */
  options: (all: SearchFilters) => O;
  /** The prompt a signed-out visitor sees instead of a 401 error. */
  signInText: { message: string; linkText: string };
}

/** What the list widgets take besides their source (see ConsultantListProps). */
export interface SearchListContainerProps<F> {
  client?: FmClient | undefined;
  filters?: F | undefined;
  onFiltersChange?: ((filters: F) => void) | undefined;
  pageSize: number;
  favourites?: boolean | undefined;
  onError?: ((error: WidgetError) => void) | undefined;
  signInUrl?: string | undefined;
}

/**
 * The data side of a search list widget: controlled or own filters, the search through the SDK as
 * they change, the filter options, and optimistic favourite toggles (shown when asked, else when
 * the client holds a signed-in user: favourites belong to a user).
 *
 * @example
 * const list = useSearchListContainer(CONSULTANT_SOURCE, { pageSize: 10 });
 * return <ConsultantListView {...list.view} onRetry={list.reload} />;
 */
export function useSearchListContainer<F extends { favoritesOnly: boolean }, Q, R, O>(
  source: SearchListSource<F, Q, R, O>,
  props: SearchListContainerProps<F>,
): {
  state: ListState<R>;
  reload: () => void;
  filters: F;
  setFilters: (filters: F) => void;
  options: O | null;
  /** Typed for any list item: a view's `ItemFavourites<ConsultantListItem>` accepts it. */
  favourites: ItemFavourites<FavouriteItem> | null;
} {
  const api = useFmClient(props.client);
  const { pageSize, onError, signInUrl } = props;
  const defaults = useMemo(() => source.emptyFilters(pageSize), [source, pageSize]);
  const [filters, setFilters] = useControllableFilters(
    props.filters,
    defaults,
    props.onFiltersChange,
  );
  const showFavourites = props.favourites ?? api.credentials() !== null;
  const query = useMemo(
    () => source.toQuery(showFavourites ? filters : { ...filters, favoritesOnly: false }),
    [source, filters, showFavourites],
  );
  const { state, reload } = useSearchList({
    client: api,
    query,
    search: source.search,
    signIn: signInUrl
      ? {
          message: source.signInText.message,
          href: signInUrl,
          linkText: source.signInText.linkText,
        }
      : undefined,
    onError,
  });
  const all = useSearchFilters(api);
  const result = state.status === 'ready' ? state.result : null;
  const toggles = useFavouriteToggles((id) => source.toggleFavorite(api, id), onError, result);
  const favourites: ItemFavourites<FavouriteItem> | null = showFavourites
    ? {
        isFavorite: (item) => toggles.isFavorite(item.id, item.isFavorite),
        isPending: (item) => toggles.isPending(item.id),
        onToggle: (item) => toggles.toggle(item.id, item.isFavorite),
        total: toggles.total,
      }
    : null;
  return {
    state,
    reload,
    filters,
    setFilters,
    options: all ? source.options(all) : null,
    favourites,
  };
}
