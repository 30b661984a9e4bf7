export {
  clearFranchisorFilters,
  countFranchisorFilters,
  emptyFranchisorFilters,
  type FranchisorFilters,
  franchisorFiltersToSearchParams,
  franchisorQuery,
  normalizeFranchisorFilters,
  parseFranchisorFilters,
  statesFor,
} from './franchisor-filters.ts';
export { FranchisorList, type FranchisorListProps } from './franchisor-list.tsx';
export {
  CASH_MODE_LABELS,
  FRANCHISOR_LIST_TEXT,
  FRANCHISOR_SORT_LABELS,
  FRANCHISOR_SORT_OPTIONS,
} from './franchisor-list-text.ts';
export {
  type FranchisorFavourites,
  FranchisorListView,
  type FranchisorListViewProps,
} from './franchisor-list-view.tsx';
