import type { FranchisorSearchParams, SearchFilters } from '@fm/sdk/contracts';
import { aiSearchFranchisors, searchFranchisors, toggleFavoriteFranchisor } from '@fm/sdk/embed';
import { useFmClient } from '../../client-context.tsx';
import {
  type SearchListSource,
  type SearchListWidgetProps,
  useSearchListViewProps,
} from '../list-kit/use-search-list-container.ts';
import { type FranchisorListResult, toListResult } from './ai-search.ts';
import {
  emptyFranchisorFilters,
  type FranchisorFilters,
  franchisorQuery,
} from './franchisor-filters.ts';
import { FRANCHISOR_LIST_TEXT } from './franchisor-list-text.ts';
import { FranchisorListView } from './franchisor-list-view.tsx';

export interface FranchisorListProps extends SearchListWidgetProps<FranchisorFilters> {
  /**
   * Whether to offer the AI search (a sentence ranked by `GET /api/users/ai-franchisees-search`);
   * by default, when the client holds a signed-in user (the AI search needs one).
   */
  aiSearch?: boolean | undefined;
}

/** The API query: an AI search when the filters hold a sentence, else the regular search. */
type FranchisorListQuery =
  | { kind: 'ai'; q: string; page: number; limit: number }
  | ({ kind: 'filters' } & Partial<FranchisorSearchParams>);

/** Where the franchisor list's results, options and favourites come from. */
const FRANCHISOR_SOURCE: SearchListSource<
  FranchisorFilters,
  FranchisorListQuery,
  FranchisorListResult,
  SearchFilters['franchisors']
> = {
  emptyFilters: emptyFranchisorFilters,
  toQuery: (filters) =>
    filters.ai
      ? { kind: 'ai', q: filters.ai, page: filters.page, limit: filters.limit }
      : { kind: 'filters', ...franchisorQuery(filters) },
  search: (sdk, query) => {
    if (query.kind === 'ai') {
      const { q, page, limit } = query;
      return aiSearchFranchisors(sdk.http, { q, page, limit }).then(toListResult);
    }
    const { kind: _kind, ...regular } = query;
    return searchFranchisors(sdk.http, regular);
  },
  toggleFavorite: (sdk, id) => toggleFavoriteFranchisor(sdk.http, id),
  options: (all) => all.franchisors,
  signInText: { message: FRANCHISOR_LIST_TEXT.signIn, linkText: FRANCHISOR_LIST_TEXT.signInLink },
};

/**
 * Find Franchisors: searches `GET /api/users?role=franchisor` through the SDK as the filters
 * change, with filter options from `GET /api/users/filters` and optimistic favourite toggles.
 * A signed-in consultant can also describe what they look for in a sentence: the AI search ranks
 * the brands, each card says what it matched, and the filter panel shows what was understood
 * (changing a filter then refines that with the regular search).
 *
 * @example
 * <FranchisorList filters={filters} onFiltersChange={setFilters} onSelect={(id) => navigate(`/franchisors/${id}`)} />
 */
export function FranchisorList({ aiSearch, ...props }: FranchisorListProps) {
  const api = useFmClient(props.client);
  const viewProps = useSearchListViewProps(FRANCHISOR_SOURCE, props);
  return <FranchisorListView {...viewProps} aiSearch={aiSearch ?? api.credentials() !== null} />;
}
