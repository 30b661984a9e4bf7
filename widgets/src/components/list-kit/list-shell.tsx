import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { WidgetTheme } from '../../theme.ts';
import baseStyles from '../theme/widget-base.css?inline';
import favoriteStyles from './favorite-button.css?inline';
import { type FilterOption, SelectField } from './filter-fields.tsx';
import styles from './list-kit.css?inline';
import { LIST_TEXT } from './list-text.ts';
import { Pager } from './pager.tsx';
import { useNarrow } from './use-narrow.ts';

/**
 * What a list shows: the first load, a failure, or a result. `previous` keeps the last result on
 * screen (dimmed) while the next page or filter loads, so the layout does not jump.
 */
export type ListState<R> =
  | { status: 'loading'; previous?: R | null | undefined }
  | { status: 'error'; message: string; signIn?: SignInPrompt | undefined }
  | { status: 'ready'; result: R };

/** Shown instead of an error when the API wants a signed-in user (401). */
export interface SignInPrompt {
  message: string;
  href: string;
  linkText: string;
}

/** The All / Favourites tabs (the favourites-only filter). */
export interface FavouritesTabs {
  allLabel: string;
  active: boolean;
  count: number | null;
  onChange: (favouritesOnly: boolean) => void;
}

export interface ListShellProps<S extends string> {
  /** The list's own class (`fm-consultant-list`), beside the shared `fm-list`. */
  className: string;
  theme: WidgetTheme;
  /** Names the results region ("Consultants"). */
  label: string;
  state: ListState<unknown>;
  /** The result count line, e.g. "1,028 consultants". */
  countText: string | null;
  tabs?: FavouritesTabs | null | undefined;
  sort: { value: S; options: readonly FilterOption<S>[]; onChange: (value: S) => void };
  /** The filter fields. */
  filters: ReactNode;
  /** How many filters are set (shown on the narrow layout's "Filters" button). */
  activeFilters: number;
  onClearFilters: () => void;
  emptyText: string;
  onRetry?: (() => void) | undefined;
  paging: { page: number; pageSize: number; total: number; onPage: (page: number) => void } | null;
  /** The cards of the current result; null while there is nothing to show. */
  items: ReactNode[] | null;
  skeletons?: number;
  /** Shown above filters and results, across the list (e.g. the franchisor list's AI search). */
  banner?: ReactNode;
}

/**
 * The frame both lists share: filter panel (a collapsible panel under 768 px of the widget's own
 * width), tabs, count, sort, the result grid with its loading, empty and error states, and paging.
 *
 * @example
 * <ListShell className="fm-consultant-list" label="Consultants" state={state} items={cards} … />
 */
export function ListShell<S extends string>({
  className,
  theme,
  label,
  state,
  countText,
  tabs,
  sort,
  filters,
  activeFilters,
  onClearFilters,
  emptyText,
  onRetry,
  paging,
  items,
  skeletons = 6,
  banner,
}: ListShellProps<S>) {
  const root = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(root);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const id = useId();
  const panelId = `${id}-filters`;
  const busy = state.status === 'loading';

  // A new page starts at the top of the list, not wherever the pager was.
  const page = paging?.page;
  const previousPage = useRef(page);
  useEffect(() => {
    if (previousPage.current === page) return;
    previousPage.current = page;
    const element = root.current;
    if (element && element.getBoundingClientRect().top < 0) element.scrollIntoView();
  }, [page]);

  const frame = {
    ref: root,
    className: `fm-widget fm-list ${className}`,
    'data-theme': theme,
    'data-layout': narrow ? 'narrow' : 'wide',
    'data-status': state.status,
  };

  // A visitor who must sign in first has nothing to filter: only the invitation shows.
  if (state.status === 'error' && state.signIn) {
    return (
      <div {...frame}>
        <style>{baseStyles + styles}</style>
        <Results state={state} items={null} emptyText={emptyText} skeletons={0} />
      </div>
    );
  }

  return (
    <div {...frame}>
      <style>{baseStyles + styles + favoriteStyles}</style>
      {banner}
      {narrow && (
        <button
          type="button"
          className="fm-list__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M3 5h18l-7 8v6l-4-2v-4Z" />
          </svg>
          {filtersOpen ? LIST_TEXT.hideFilters : LIST_TEXT.filters}
          {activeFilters > 0 && <span className="fm-list__badge">{activeFilters}</span>}
        </button>
      )}
      <div className="fm-list__layout">
        <section
          id={panelId}
          className="fm-list__filters"
          aria-label={LIST_TEXT.filters}
          hidden={narrow && !filtersOpen}
        >
          <div className="fm-list__filters-head">
            <h2 className="fm-list__filters-title">{LIST_TEXT.filters}</h2>
            {activeFilters > 0 && (
              <button type="button" className="fm-link-button" onClick={onClearFilters}>
                {LIST_TEXT.clearFilters}
              </button>
            )}
          </div>
          {filters}
          {narrow && (
            <button
              type="button"
              className="fm-button fm-button--primary"
              onClick={() => setFiltersOpen(false)}
            >
              {countText ? LIST_TEXT.showResults(countText) : LIST_TEXT.hideFilters}
            </button>
          )}
        </section>
        <section className="fm-list__results" aria-label={label} aria-busy={busy}>
          {tabs && (
            <div className="fm-tabs">
              <button
                type="button"
                className="fm-tabs__tab"
                aria-pressed={!tabs.active}
                onClick={() => tabs.active && tabs.onChange(false)}
              >
                {tabs.allLabel}
              </button>
              <button
                type="button"
                className="fm-tabs__tab"
                aria-pressed={tabs.active}
                onClick={() => !tabs.active && tabs.onChange(true)}
              >
                {LIST_TEXT.favourites}
                {tabs.count !== null && <span className="fm-tabs__count">{tabs.count}</span>}
              </button>
            </div>
          )}
          <div className="fm-list__toolbar">
            <p className="fm-list__count" aria-live="polite">
              {busy && items ? LIST_TEXT.updating : (countText ?? '')}
            </p>
            <div className="fm-list__sort">
              <SelectField
                label={LIST_TEXT.sortBy}
                value={sort.value}
                options={sort.options}
                onChange={(value) => value && sort.onChange(value)}
              />
            </div>
          </div>
          <Results
            state={state}
            items={items}
            emptyText={emptyText}
            onRetry={onRetry}
            skeletons={skeletons}
          />
          {paging && state.status !== 'error' && items && items.length > 0 && <Pager {...paging} />}
        </section>
      </div>
    </div>
  );
}

function Results({
  state,
  items,
  emptyText,
  onRetry,
  skeletons,
}: {
  state: ListState<unknown>;
  items: ReactNode[] | null;
  emptyText: string;
  onRetry?: (() => void) | undefined;
  skeletons: number;
}) {
  if (state.status === 'error') {
    if (state.signIn) {
      return (
        <div className="fm-list__notice" role="alert">
          <p className="fm-list__notice-text">{state.signIn.message}</p>
          <a className="fm-button fm-button--primary" href={state.signIn.href}>
            {state.signIn.linkText}
          </a>
        </div>
      );
    }
    return (
      <div className="fm-list__notice fm-list__notice--error" role="alert">
        <p className="fm-list__notice-text">{state.message}</p>
        {onRetry && (
          <button type="button" className="fm-button" onClick={onRetry}>
            {LIST_TEXT.retry}
          </button>
        )}
      </div>
    );
  }
  if (!items) {
    return (
      <>
        <span className="fm-visually-hidden" role="status">
          {LIST_TEXT.loading}
        </span>
        <ul className="fm-list__grid" aria-hidden="true">
          {Array.from({ length: skeletons }, (_, index) => (
            // Placeholders have no identity but their position.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="fm-card fm-card--skeleton">
              <div className="fm-skeleton fm-skeleton--avatar" />
              <div className="fm-skeleton fm-skeleton--line" />
              <div className="fm-skeleton fm-skeleton--line fm-skeleton--short" />
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (items.length === 0) {
    return (
      <div className="fm-list__notice">
        <p className="fm-list__notice-text">{emptyText}</p>
      </div>
    );
  }
  return (
    <ul className="fm-list__grid" data-stale={state.status === 'loading' ? '' : undefined}>
      {items}
    </ul>
  );
}
