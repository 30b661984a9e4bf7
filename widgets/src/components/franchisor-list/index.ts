export {
  type FranchisorAiReading,
  type FranchisorListResult,
  filtersFromReading,
  investmentLabel,
  matchLabel,
  nextFiltersFromAi,
  parseAiSentence,
  readingLabels,
  toListResult,
} from './ai-search.ts';
export { AiSearchBar, type AiSearchBarProps } from './ai-search-bar.tsx';
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
