import type { ReactNode } from 'react';
import type { WidgetTheme } from '../../theme.ts';
import type { FilterOption } from './filter-fields.tsx';
import { ListShell, type ListState } from './list-shell.tsx';
import { type FilterPatch, patchFilters } from './query.ts';

/** The favourite hearts of a list view: how each item stands and how to flip it. */
export interface ItemFavourites<I> {
  isFavorite: (item: I) => boolean;
  isPending: (item: I) => boolean;
  onToggle: (item: I) => void;
  /** The favourites total to show on the tab (null: unknown yet). */
  total: number | null;
}

/**
 * The props of one kind's list view (`ConsultantListView`, `FranchisorListView`): everything it
 * shows comes from them.
 */
export interface KindListViewProps<F, R, O, I> {
  state: ListState<R>;
  filters: F;
  onFiltersChange: (filters: F) => void;
  /** Filter options with counts from the API; the contract's options without counts otherwise. */
  options?: O | null | undefined;
  /** Hearts and the Favourites tab; absent for visitors who cannot have favourites. */
  favourites?: ItemFavourites<I> | null | undefined;
  /** A link for each card (the portal's profile page). */
  hrefFor?: ((id: string) => string) | undefined;
  /** Called with the item's id when a card is chosen. */
  onSelect?: ((id: string) => void) | undefined;
  onRetry?: (() => void) | undefined;
  theme?: WidgetTheme | undefined;
}

/** The part of a search's filters that the shell itself drives. */
export interface ShellFilters<S extends string> {
  sort: S;
  page: number;
  limit: number;
  favoritesOnly: boolean;
}

/** The words of one list: its region label, counts, tabs and empty states. */
export interface SearchListText {
  label: string;
  count: (total: number) => string;
  all: string;
  empty: string;
  emptyFavourites: string;
}

/** What one kind of list (consultants, franchisors) brings to the shared view. */
export interface SearchListKind<S extends string, F extends ShellFilters<S>, R> {
  /** The list's own class (`fm-consultant-list`). */
  className: string;
  text: SearchListText;
  sortOptions: readonly FilterOption<S>[];
  countFilters: (filters: F) => number;
  clearFilters: (filters: F) => F;
  /** Applied after every change (e.g. dropping states of another country). */
  normalize?: ((filters: F) => F) | undefined;
  /** The result's total and its favourites total, as the API names them. */
  totals: (result: R) => { total: number; favourites: number };
}

export interface SearchListViewProps<S extends string, F extends ShellFilters<S>, R> {
  kind: SearchListKind<S, F, R>;
  state: ListState<R>;
  filters: F;
  onFiltersChange: (filters: F) => void;
  /** The Favourites tab: its total (null while unknown), or absent for visitors without favourites. */
  favourites?: { total: number | null } | null | undefined;
  onRetry?: (() => void) | undefined;
  theme: WidgetTheme;
  /** The cards of a result, each in its `<li>`. */
  renderItems: (result: R) => ReactNode[];
  /** The filter fields, given the way to change the filters. */
  renderFilters: (change: (patch: FilterPatch<F>) => void) => ReactNode;
  /** Shown above filters and results (see `ListShell`). */
  banner?: ReactNode;
}

/**
 * The shell of a search list wired to its filters: the count, the favourites tabs, sorting,
 * clearing, paging and the states of `ListShell`, the same for every kind of list. While a new
 * page loads, the previous result stays on screen.
 *
 * @example
 * <SearchListView kind={CONSULTANT_LIST_KIND} state={state} filters={filters} onFiltersChange={set}
 *   theme="light" renderItems={(r) => r.consultants.map(card)} renderFilters={(change) => fields} />
 */
export function SearchListView<S extends string, F extends ShellFilters<S>, R>({
  kind,
  state,
  filters,
  onFiltersChange,
  favourites,
  onRetry,
  theme,
  renderItems,
  renderFilters,
  banner,
}: SearchListViewProps<S, F, R>) {
  const result =
    state.status === 'ready'
      ? state.result
      : state.status === 'loading'
        ? (state.previous ?? null)
        : null;
  const totals = result ? kind.totals(result) : null;
  const change = (patch: FilterPatch<F>) => {
    const next = patchFilters(filters, patch);
    onFiltersChange(kind.normalize ? kind.normalize(next) : next);
  };
  const { text } = kind;
  return (
    <ListShell
      className={kind.className}
      theme={theme}
      label={text.label}
      state={state}
      countText={totals ? text.count(totals.total) : null}
      tabs={
        favourites
          ? {
              allLabel: text.all,
              active: filters.favoritesOnly,
              count: favourites.total ?? totals?.favourites ?? null,
              onChange: (favoritesOnly) => change({ favoritesOnly } as FilterPatch<F>),
            }
          : null
      }
      sort={{
        value: filters.sort,
        options: kind.sortOptions,
        onChange: (sort) => change({ sort } as FilterPatch<F>),
      }}
      activeFilters={kind.countFilters(filters)}
      onClearFilters={() => onFiltersChange(kind.clearFilters(filters))}
      emptyText={filters.favoritesOnly ? text.emptyFavourites : text.empty}
      onRetry={onRetry}
      paging={
        totals
          ? {
              page: filters.page,
              pageSize: filters.limit,
              total: totals.total,
              onPage: (page) => change({ page } as FilterPatch<F>),
            }
          : null
      }
      items={result ? renderItems(result) : null}
      filters={renderFilters(change)}
      banner={banner}
    />
  );
}
