/** Building blocks shared by the consultant and franchisor lists. */
export { ListAvatar, type ListAvatarProps } from './avatar.tsx';
export { FavoriteButton, type FavoriteButtonProps } from './favorite-button.tsx';
export {
  CheckboxField,
  CheckboxGroup,
  type FilterOption,
  NumberField,
  readNumber,
  SearchField,
  SelectField,
} from './filter-fields.tsx';
export {
  countsOf,
  type FilterFieldsProps,
  type ItemCard,
  type ItemListKind,
  ItemListView,
  type ItemListViewProps,
  withCounts,
} from './item-list-view.tsx';
export { formatCount, formatInvestment, formatMoney } from './list-format.ts';
export {
  type FavouritesTabs,
  ListShell,
  type ListShellProps,
  type ListState,
  type SignInPrompt,
} from './list-shell.tsx';
export { LIST_TEXT } from './list-text.ts';
export { Pager, type PagerProps, pageCount, pageWindow } from './pager.tsx';
export {
  compactQuery,
  type FilterPatch,
  hasActiveFilters,
  parseQuery,
  parseSearchParams,
  patchFilters,
  querySearchParams,
} from './query.ts';
export { CardFact, ResultCard, type ResultCardProps } from './result-card.tsx';
export {
  type ItemFavourites,
  type KindListViewProps,
  type SearchListKind,
  type SearchListText,
  SearchListView,
  type SearchListViewProps,
  type ShellFilters,
} from './search-list-view.tsx';
export { TagList, type TagListProps } from './tag-list.tsx';
export {
  type FavouritesControl,
  useControllableFilters,
  useFavouriteToggles,
  useSearchFilters,
  useSearchList,
} from './use-search-list.ts';
export {
  type SearchListSource,
  type SearchListWidgetProps,
  useSearchListViewProps,
} from './use-search-list-container.ts';
