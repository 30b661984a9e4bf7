import type { FmClient } from '@fm/sdk';
import {
  type ConsultantSearchResult,
  DEFAULT_PAGE_SIZE,
  type SearchFilters,
} from '@fm/sdk/contracts';
import type { WidgetTheme } from '../../theme.ts';
import type { WidgetError } from '../../widget-error.ts';
import {
  type SearchListSource,
  useSearchListContainer,
} from '../list-kit/use-search-list-container.ts';
import {
  type ConsultantFilters,
  consultantQuery,
  emptyConsultantFilters,
} from './consultant-filters.ts';
import { CONSULTANT_LIST_TEXT } from './consultant-list-text.ts';
import { ConsultantListView } from './consultant-list-view.tsx';

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

/** Where the consultant list's results, options and favourites come from. */
const CONSULTANT_SOURCE: SearchListSource<
  ConsultantFilters,
  ReturnType<typeof consultantQuery>,
  ConsultantSearchResult,
  SearchFilters['consultants']
> = {
  emptyFilters: emptyConsultantFilters,
  toQuery: consultantQuery,
  search: (sdk, query) => sdk.discovery.searchConsultants(query),
  toggleFavorite: (sdk, id) => sdk.discovery.toggleFavoriteConsultant(id),
  options: (all) => all.consultants,
  signInText: { message: CONSULTANT_LIST_TEXT.signIn, linkText: CONSULTANT_LIST_TEXT.signInLink },
};

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
  filters,
  onFiltersChange,
  pageSize = DEFAULT_PAGE_SIZE,
  favourites,
  hrefFor,
  onSelect,
  onError,
  signInUrl,
}: ConsultantListProps) {
  const list = useSearchListContainer(CONSULTANT_SOURCE, {
    client,
    filters,
    onFiltersChange,
    pageSize,
    favourites,
    onError,
    signInUrl,
  });
  return (
    <ConsultantListView
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
