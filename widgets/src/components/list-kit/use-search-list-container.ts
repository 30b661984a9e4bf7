import {
  DEFAULT_PAGE_SIZE,
  type FavoriteToggleResult,
  type SearchFilters,
} from '@fm/sdk/contracts';
import type { ApiClient } from '@fm/sdk/embed';
import { useMemo } from 'react';
import { useFmClient } from '../../client-context.tsx';
import type { WidgetTheme } from '../../theme.ts';
import type { WidgetError } from '../../widget-error.ts';
import type { ItemFavourites, KindListViewProps } from './search-list-view.tsx';
import {
  useControllableFilters,
  useFavouriteToggles,
  useSearchFilters,
  useSearchList,
} from './use-search-list.ts';

/** What the hearts need of an item. */
type FavouriteItem = { id: string; isFavorite: boolean };

/** Where one kind of list gets its results, options and favourites from. */
export interface SearchListSource<F extends { favoritesOnly: boolean }, Q, R, O> {
  emptyFilters: (pageSize: number) => F;
  /** The API query of the filters. */
  toQuery: (filters: F) => Q;
  search: (client: ApiClient, query: Q) => Promise<R>;
  toggleFavorite: (client: ApiClient, id: string) => Promise<FavoriteToggleResult>;
  /** This list's part of `GET /api/users/filters`. */
  options: (all: SearchFilters) => O;
  /** The prompt a signed-out visitor sees instead of a 401 error. */
  signInText: { message: string; linkText: string };
}

/** The props of a search list widget (`ConsultantList`, `FranchisorList`). */
export interface SearchListWidgetProps<F> {
  /** The SDK client; defaults to the one of the nearest `FmClientProvider`. */
  client?: ApiClient | undefined;
  theme?: WidgetTheme | undefined;
  /** Controlled filters (e.g. kept in the URL); leave out to let the list keep its own. */
  filters?: F | undefined;
  /** Called with every change of the filters (search, filter, sort, page, tab). */
  onFiltersChange?: ((filters: F) => void) | undefined;
  /** Results per page when the list keeps its own filters (DEFAULT_PAGE_SIZE by default). */
  pageSize?: number | undefined;
  /**
   * Whether to show hearts and the Favourites tab; by default, when the client holds a
   * signed-in user (favourites belong to a user).
   */
  favourites?: boolean | undefined;
  /** A link per card (the portal's `/consultants/{id}` or `/franchisors/{id}`). */
  hrefFor?: ((id: string) => string) | undefined;
  /** Called with the item's id when a card is chosen. */
  onSelect?: ((id: string) => void) | undefined;
  /** Called when loading or a favourite toggle fails. */
  onError?: ((error: WidgetError) => void) | undefined;
  /** Where a signed-out visitor signs in; with it, a 401 shows the list's sign-in prompt. */
  signInUrl?: string | undefined;
}

/**
 * The data side of a search list widget, as its view's props: controlled or own filters, the
 * search through the SDK as they change, the filter options, and optimistic favourite toggles
 * (shown when asked, else when the client holds a signed-in user: favourites belong to a user).
 * The favourites work for any item with an id: a view's `ItemFavourites<ConsultantListItem>`
 * accepts them.
 *
 * @example
 * <ConsultantListView {...useSearchListViewProps(CONSULTANT_SOURCE, props)} />
 */
export function useSearchListViewProps<F extends { favoritesOnly: boolean }, Q, R, O>(
  source: SearchListSource<F, Q, R, O>,
  props: SearchListWidgetProps<F>,
): KindListViewProps<F, R, O, FavouriteItem> {
  const api = useFmClient(props.client);
  const { pageSize = DEFAULT_PAGE_SIZE, onError, signInUrl } = props;
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
    filters,
    onFiltersChange: setFilters,
    options: all ? source.options(all) : null,
    favourites,
    hrefFor: props.hrefFor,
    onSelect: props.onSelect,
    onRetry: reload,
    theme: props.theme,
  };
}
