export {
  type ConsultantFilters,
  clearConsultantFilters,
  consultantFiltersToSearchParams,
  consultantQuery,
  countConsultantFilters,
  emptyConsultantFilters,
  parseConsultantFilters,
} from './consultant-filters.ts';
export { ConsultantList, type ConsultantListProps } from './consultant-list.tsx';
export {
  CONSULTANT_LIST_TEXT,
  CONSULTANT_SORT_LABELS,
  CONSULTANT_SORT_OPTIONS,
} from './consultant-list-text.ts';
export {
  type ConsultantFavourites,
  ConsultantListView,
  type ConsultantListViewProps,
} from './consultant-list-view.tsx';
