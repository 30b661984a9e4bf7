import type { FranchisorSearchResult, SearchFilters } from '@fm/sdk/contracts';
import {
  type SearchListSource,
  type SearchListWidgetProps,
  useSearchListViewProps,
} from '../list-kit/use-search-list-container.ts';
import {
  emptyFranchisorFilters,
  type FranchisorFilters,
  franchisorQuery,
} from './franchisor-filters.ts';
import { FRANCHISOR_LIST_TEXT } from './franchisor-list-text.ts';
import { FranchisorListView } from './franchisor-list-view.tsx';

export type FranchisorListProps = SearchListWidgetProps<FranchisorFilters>;

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
export function FranchisorList(props: FranchisorListProps) {
  return <FranchisorListView {...useSearchListViewProps(FRANCHISOR_SOURCE, props)} />;
}
