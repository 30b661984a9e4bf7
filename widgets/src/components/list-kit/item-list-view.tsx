import type { ReactNode } from 'react';
import type { ListAvatarProps } from './avatar.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import type { FilterPatch } from './query.ts';
import { ResultCard } from './result-card.tsx';
import {
  type ItemFavourites,
  type KindListViewProps,
  type SearchListKind,
  SearchListView,
  type ShellFilters,
} from './search-list-view.tsx';

/** What a result card shows of one item: its head and its body. */
export interface ItemCard {
  title: string;
  subtitle?: string | null | undefined;
  avatar: ListAvatarProps;
  body: ReactNode;
}

/** What a kind's filter fields get: the filters shown, the way to change them and the API's options. */
export interface FilterFieldsProps<F, O> {
  filters: F;
  change: (patch: FilterPatch<F>) => void;
  options: O | null | undefined;
}

/**
 * One kind of list (consultants, franchisors) as the shared view needs it: the shell's part
 * ({@link SearchListKind}), the items of a result, what a card shows, and the filter fields.
 */
export interface ItemListKind<
  S extends string,
  F extends ShellFilters<S>,
  R,
  O,
  I extends { id: string },
> extends SearchListKind<S, F, R> {
  items: (result: R) => readonly I[];
  /** The card of an item; `result` for what the whole answer says of it (an AI search's matches). */
  card: (item: I, result: R) => ItemCard;
  filterFields: (props: FilterFieldsProps<F, O>) => ReactNode;
}

export type ItemListViewProps<
  S extends string,
  F extends ShellFilters<S>,
  R,
  O,
  I extends { id: string },
> = KindListViewProps<F, R, O, I> & {
  kind: ItemListKind<S, F, R, O, I>;
  /** Whether to offer the Favourites tab when there are favourites (default true). */
  favouritesTab?: boolean | undefined;
  /** Shown above filters and results. */
  banner?: ReactNode;
};

/**
 * The one list view of every kind of list: the shell, the filter fields and a card per item with
 * its favourite heart, configured by `kind`. Everything it shows comes from its props.
 *
 * @example
 * <ItemListView kind={CONSULTANT_LIST_KIND} state={{ status: 'ready', result }} filters={filters} onFiltersChange={set} />
 */
export function ItemListView<
  S extends string,
  F extends ShellFilters<S>,
  R,
  O,
  I extends { id: string },
>({
  kind,
  state,
  filters,
  onFiltersChange,
  options,
  favourites,
  hrefFor,
  onSelect,
  onRetry,
  theme = 'light',
  favouritesTab = true,
  banner,
}: ItemListViewProps<S, F, R, O, I>) {
  return (
    <SearchListView
      kind={kind}
      state={state}
      filters={filters}
      onFiltersChange={onFiltersChange}
      favourites={favourites && favouritesTab ? { total: favourites.total } : null}
      onRetry={onRetry}
      theme={theme}
      banner={banner}
      renderItems={(result) =>
        kind.items(result).map((item) => (
          <li key={item.id}>
            <ItemResultCard
              item={item}
              card={kind.card(item, result)}
              href={hrefFor?.(item.id)}
              onSelect={onSelect}
              favourites={favourites}
            />
          </li>
        ))
      }
      renderFilters={(change) => kind.filterFields({ filters, change, options })}
    />
  );
}

function ItemResultCard<I extends { id: string }>({
  item,
  card,
  href,
  onSelect,
  favourites,
}: {
  item: I;
  card: ItemCard;
  href: string | undefined;
  onSelect: ((id: string) => void) | undefined;
  favourites: ItemFavourites<I> | null | undefined;
}) {
  return (
    <ResultCard
      id={item.id}
      title={card.title}
      subtitle={card.subtitle}
      avatar={card.avatar}
      href={href}
      onSelect={onSelect}
      action={
        favourites && (
          <FavoriteButton
            name={card.title}
            isFavorite={favourites.isFavorite(item)}
            pending={favourites.isPending(item)}
            onToggle={() => favourites.onToggle(item)}
          />
        )
      }
    >
      {card.body}
    </ResultCard>
  );
}

/**
 * Options with the API's counts (each value's count, 0 when absent), or without counts when the
 * API's options are not loaded.
 *
 * @example
 * withCounts([{ value: 'Food', label: 'Food' }], [{ value: 'Food', count: 3 }]); // [{ value: 'Food', label: 'Food', count: 3 }]
 */
export function withCounts<T extends string | number>(
  values: readonly { value: T; label: string }[],
  counts: readonly { value: T; count: number }[] | undefined,
): { value: T; label: string; count: number | undefined }[] {
  const count = countsOf(counts);
  return values.map(({ value, label }) => ({ value, label, count: count(value) }));
}

/**
 * A value's count among the API's options: 0 when absent, `undefined` when there are no counts.
 *
 * @example
 * countsOf([{ value: 'USA', count: 4 }])('USA'); // 4
 */
export function countsOf<T>(counts: readonly { value: T; count: number }[] | undefined) {
  const byValue = new Map(counts?.map((c) => [c.value, c.count]));
  return (value: T) => (counts ? (byValue.get(value) ?? 0) : undefined);
}
