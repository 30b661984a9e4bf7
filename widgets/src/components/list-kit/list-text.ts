/**
 * Texts shared by the consultant and franchisor lists. The spec names none of them; they live
 * beside the lists until a screen of the spec needs the same words (then they move to
 * `@fm/sdk/contracts`).
 */
export const LIST_TEXT = {
  filters: 'Filters',
  hideFilters: 'Hide filters',
  clearFilters: 'Clear filters',
  search: 'Search',
  sortBy: 'Sort by',
  all: 'All',
  favourites: 'Favourites',
  previous: 'Previous',
  next: 'Next',
  pagination: 'Pagination',
  retry: 'Try again',
  loading: 'Loading…',
  updating: 'Updating results…',
  showAll: (count: number) => `Show all ${count}`,
  showFewer: 'Show fewer',
  showResults: (count: string) => `Show ${count}`,
  min: 'Min',
  max: 'Max',
  any: 'Any',
  addFavourite: (name: string) => `Add ${name} to favourites`,
  removeFavourite: (name: string) => `Remove ${name} from favourites`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  goToPage: (page: number) => `Page ${page}`,
  moreTags: (hidden: readonly string[]) => `${hidden.length} more: ${hidden.join(', ')}`,
} as const;
