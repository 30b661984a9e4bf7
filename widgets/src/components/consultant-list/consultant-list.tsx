import type { ConsultantSearchResult, SearchFilters } from '@fm/sdk/contracts';
import { searchConsultants, toggleFavoriteConsultant } from '@fm/sdk/embed';
import {
  type SearchListSource,
  type SearchListWidgetProps,
  useSearchListViewProps,
} from '../list-kit/use-search-list-container.ts';
import {
  type ConsultantFilters,
  consultantQuery,
  emptyConsultantFilters,
} from './consultant-filters.ts';
import { CONSULTANT_LIST_TEXT } from './consultant-list-text.ts';
import { ConsultantListView } from './consultant-list-view.tsx';

export type ConsultantListProps = SearchListWidgetProps<ConsultantFilters>;

/** Where the consultant list's results, options and favourites come from. */
const CONSULTANT_SOURCE: SearchListSource<
  ConsultantFilters,
  ReturnType<typeof consultantQuery>,
  ConsultantSearchResult,
  SearchFilters['consultants']
> = {
  emptyFilters: emptyConsultantFilters,
  toQuery: consultantQuery,
  search: (sdk, query) => searchConsultants(sdk.http, query),
  toggleFavorite: (sdk, id) => toggleFavoriteConsultant(sdk.http, id),
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
export function ConsultantList(props: ConsultantListProps) {
  return <ConsultantListView {...useSearchListViewProps(CONSULTANT_SOURCE, props)} />;
}
