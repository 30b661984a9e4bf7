import type {
  FranchisorListItem,
  FranchisorSearchResult,
  InvestmentRange,
  SearchFilters,
} from '@fm/sdk/contracts';
import {
  COUNTRIES,
  FRANCHISE_FILTER_FLAGS,
  FRANCHISE_FLAG_LABELS,
  INDUSTRY_SPECIALTIES,
  INVESTMENT_RANGES,
  TAG_DISPLAY_LIMITS,
} from '@fm/sdk/contracts';
import type { WidgetTheme } from '../../theme.ts';
import { FavoriteButton } from '../list-kit/favorite-button.tsx';
import {
  CheckboxField,
  CheckboxGroup,
  type FilterOption,
  NumberField,
  SearchField,
  SelectField,
} from '../list-kit/filter-fields.tsx';
import { formatInvestment, formatMoney } from '../list-kit/list-format.ts';
import { ListShell, type ListState } from '../list-kit/list-shell.tsx';
import { LIST_TEXT } from '../list-kit/list-text.ts';
import { type FilterPatch, patchFilters } from '../list-kit/query.ts';
import { CardFact, ResultCard } from '../list-kit/result-card.tsx';
import { TagList } from '../list-kit/tag-list.tsx';
import { initials } from '../profile-card/profile-format.ts';
import {
  clearFranchisorFilters,
  countFranchisorFilters,
  type FranchisorFilters,
  normalizeFranchisorFilters,
  statesFor,
} from './franchisor-filters.ts';
import {
  CASH_MODE_OPTIONS,
  FRANCHISOR_LIST_TEXT,
  FRANCHISOR_SORT_OPTIONS,
} from './franchisor-list-text.ts';

/** The favourite hearts of the view. */
export interface FranchisorFavourites {
  isFavorite: (item: FranchisorListItem) => boolean;
  isPending: (item: FranchisorListItem) => boolean;
  onToggle: (item: FranchisorListItem) => void;
  total: number | null;
}

export interface FranchisorListViewProps {
  state: ListState<FranchisorSearchResult>;
  filters: FranchisorFilters;
  onFiltersChange: (filters: FranchisorFilters) => void;
  options?: SearchFilters['franchisors'] | null | undefined;
  favourites?: FranchisorFavourites | null | undefined;
  hrefFor?: ((id: string) => string) | undefined;
  onSelect?: ((id: string) => void) | undefined;
  onRetry?: (() => void) | undefined;
  theme?: WidgetTheme | undefined;
}

function countsOf<T>(counts: readonly { value: T; count: number }[] | undefined) {
  const byValue = new Map(counts?.map((c) => [c.value, c.count]));
  return (value: T) => (counts ? (byValue.get(value) ?? 0) : undefined);
}

/** A franchise's title: its company, else the franchisor's name. */
function titleOf(item: FranchisorListItem): string {
  return item.franchise.company || `${item.firstName} ${item.lastName}`.trim();
}

/**
 * The franchisor list (for consultants) as a pure view: filters, favourites tabs, cards with logo,
 * categories, states, investment and feature chips, paging, and the loading, empty and error states.
 *
 * @example
 * <FranchisorListView state={{ status: 'ready', result }} filters={filters} onFiltersChange={setFilters} />
 */
export function FranchisorListView({
  state,
  filters,
  onFiltersChange,
  options,
  favourites,
  hrefFor,
  onSelect,
  onRetry,
  theme = 'light',
}: FranchisorListViewProps) {
  const result =
    state.status === 'ready'
      ? state.result
      : state.status === 'loading'
        ? (state.previous ?? null)
        : null;
  const change = (patch: FilterPatch<FranchisorFilters>) =>
    onFiltersChange(normalizeFranchisorFilters(patchFilters(filters, patch)));
  const favouriteTotal = favourites?.total ?? result?.favoriteTotal ?? null;

  const items =
    result?.franchisees.map((item) => (
      <li key={item.id}>
        <FranchisorCard
          item={item}
          href={hrefFor?.(item.id)}
          onSelect={onSelect}
          favourites={favourites}
        />
      </li>
    )) ?? null;

  return (
    <ListShell
      className="fm-franchisor-list"
      theme={theme}
      label={FRANCHISOR_LIST_TEXT.label}
      state={state}
      countText={result ? FRANCHISOR_LIST_TEXT.count(result.total) : null}
      tabs={
        favourites
          ? {
              allLabel: FRANCHISOR_LIST_TEXT.all,
              active: filters.favoritesOnly,
              count: favouriteTotal,
              onChange: (favoritesOnly) => change({ favoritesOnly }),
            }
          : null
      }
      sort={{
        value: filters.sort,
        options: FRANCHISOR_SORT_OPTIONS,
        onChange: (sort) => change({ sort }),
      }}
      activeFilters={countFranchisorFilters(filters)}
      onClearFilters={() => onFiltersChange(clearFranchisorFilters(filters))}
      emptyText={
        filters.favoritesOnly ? FRANCHISOR_LIST_TEXT.emptyFavourites : FRANCHISOR_LIST_TEXT.empty
      }
      onRetry={onRetry}
      paging={
        result
          ? {
              page: filters.page,
              pageSize: filters.limit,
              total: result.total,
              onPage: (page) => change({ page }),
            }
          : null
      }
      items={items}
      filters={<FranchisorFilterFields filters={filters} change={change} options={options} />}
    />
  );
}

function FranchisorFilterFields({
  filters,
  change,
  options,
}: {
  filters: FranchisorFilters;
  change: (patch: FilterPatch<FranchisorFilters>) => void;
  options: SearchFilters['franchisors'] | null | undefined;
}) {
  const investmentCount = countsOf(options?.investmentRanges);
  const categoryCount = countsOf(options?.categories);
  const countryCount = countsOf(options?.countries);
  const stateCount = countsOf(options?.states);
  const flagCount = countsOf(options?.flags);
  const investmentOptions: FilterOption<InvestmentRange>[] = INVESTMENT_RANGES.map((range) => ({
    value: range.value,
    label: range.label,
    count: range.value === 'any' ? undefined : investmentCount(range.value),
  }));
  const stateOptions = statesFor(filters.country).map((s) => ({
    value: s.code,
    label: `${s.name} (${s.code})`,
    count: stateCount(s.code),
  }));
  const mode = filters.cashMode;

  return (
    <div className="fm-filter-fields">
      <SearchField
        label={FRANCHISOR_LIST_TEXT.search}
        placeholder={FRANCHISOR_LIST_TEXT.searchPlaceholder}
        value={filters.q ?? ''}
        onCommit={(q) => change({ q: q || undefined })}
      />
      <SelectField
        label={FRANCHISOR_LIST_TEXT.investment}
        value={filters.investment ?? 'any'}
        options={investmentOptions}
        onChange={(investment) =>
          change({ investment: investment === 'any' ? undefined : investment })
        }
      />
      <CheckboxGroup
        legend={FRANCHISOR_LIST_TEXT.categories}
        options={INDUSTRY_SPECIALTIES.map((value) => ({
          value,
          label: value,
          count: categoryCount(value),
        }))}
        selected={filters.category ?? []}
        onChange={(category) => change({ category })}
      />
      <SelectField
        label={FRANCHISOR_LIST_TEXT.country}
        value={filters.country}
        emptyLabel={LIST_TEXT.any}
        options={COUNTRIES.map((value) => ({ value, label: value, count: countryCount(value) }))}
        onChange={(country) => change({ country })}
      />
      <CheckboxGroup
        // A new country is a new list of states: start folded again.
        key={filters.country ?? 'all'}
        legend={FRANCHISOR_LIST_TEXT.states}
        options={stateOptions}
        selected={filters.state ?? []}
        onChange={(state) => change({ state })}
      />
      <NumberField
        label={FRANCHISOR_LIST_TEXT.netWorth}
        prefix="$"
        value={filters.netWorth}
        onCommit={(netWorth) => change({ netWorth })}
      />
      <fieldset className="fm-fieldset">
        <legend className="fm-visually-hidden">{FRANCHISOR_LIST_TEXT.cashRequired}</legend>
        <SelectField
          label={FRANCHISOR_LIST_TEXT.cashMode}
          value={mode}
          emptyLabel={LIST_TEXT.any}
          options={CASH_MODE_OPTIONS}
          onChange={(cashMode) => change({ cashMode })}
        />
        {mode && (
          <div className="fm-field-row">
            {mode !== 'less' && (
              <NumberField
                label={FRANCHISOR_LIST_TEXT.cashMin}
                prefix="$"
                value={filters.cashMin}
                onCommit={(cashMin) => change({ cashMin })}
              />
            )}
            {mode !== 'more' && (
              <NumberField
                label={FRANCHISOR_LIST_TEXT.cashMax}
                prefix="$"
                value={filters.cashMax}
                onCommit={(cashMax) => change({ cashMax })}
              />
            )}
          </div>
        )}
      </fieldset>
      <NumberField
        label={FRANCHISOR_LIST_TEXT.franchiseFeeMax}
        prefix="$"
        value={filters.franchiseFeeMax}
        onCommit={(franchiseFeeMax) => change({ franchiseFeeMax })}
      />
      <fieldset className="fm-fieldset">
        <legend className="fm-field__label">{FRANCHISOR_LIST_TEXT.features}</legend>
        <ul className="fm-options">
          {FRANCHISE_FILTER_FLAGS.map((flag) => (
            <li key={flag}>
              <CheckboxField
                label={FRANCHISE_FLAG_LABELS[flag]}
                checked={filters[flag] ?? false}
                count={flagCount(flag)}
                onChange={(checked) => change({ [flag]: checked || undefined })}
              />
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}

function FranchisorCard({
  item,
  href,
  onSelect,
  favourites,
}: {
  item: FranchisorListItem;
  href: string | undefined;
  onSelect: ((id: string) => void) | undefined;
  favourites: FranchisorFavourites | null | undefined;
}) {
  const { franchise } = item;
  const title = titleOf(item);
  const investment = formatInvestment(franchise.cashRequiredMin, franchise.cashRequiredMax);
  const flags = FRANCHISE_FILTER_FLAGS.filter((flag) => franchise[flag] === true).map(
    (flag) => FRANCHISE_FLAG_LABELS[flag],
  );
  return (
    <ResultCard
      id={item.id}
      title={title}
      subtitle={[franchise.country, franchise.established && `Est. ${franchise.established}`]
        .filter(Boolean)
        .join(' · ')}
      avatar={{
        src: franchise.logo ?? item.profilePhoto,
        alt: title,
        fallback: initials(...title.split(/\s+/)),
        shape: franchise.logo ? 'logo' : 'photo',
      }}
      href={href}
      onSelect={onSelect}
      action={
        favourites && (
          <FavoriteButton
            name={title}
            isFavorite={favourites.isFavorite(item)}
            pending={favourites.isPending(item)}
            onToggle={() => favourites.onToggle(item)}
          />
        )
      }
    >
      {investment && <p className="fm-card__price">{investment}</p>}
      {(franchise.minNetWorth !== null || franchise.franchiseFee !== null) && (
        <dl className="fm-card__facts fm-card__facts--pair">
          {franchise.minNetWorth !== null && (
            <CardFact label={FRANCHISOR_LIST_TEXT.minNetWorth}>
              {formatMoney(franchise.minNetWorth)}
            </CardFact>
          )}
          {franchise.franchiseFee !== null && (
            <CardFact label={FRANCHISOR_LIST_TEXT.franchiseFee}>
              {formatMoney(franchise.franchiseFee)}
            </CardFact>
          )}
        </dl>
      )}
      <dl className="fm-card__facts">
        {franchise.categories.length > 0 && (
          <CardFact label={FRANCHISOR_LIST_TEXT.categories}>
            <TagList
              label={FRANCHISOR_LIST_TEXT.categories}
              tags={franchise.categories}
              limit={TAG_DISPLAY_LIMITS.categories}
            />
          </CardFact>
        )}
        {franchise.statesRegisteredIn.length > 0 && (
          <CardFact label={FRANCHISOR_LIST_TEXT.cardStates}>
            <TagList
              label={FRANCHISOR_LIST_TEXT.cardStates}
              tags={franchise.statesRegisteredIn}
              limit={TAG_DISPLAY_LIMITS.states}
            />
          </CardFact>
        )}
      </dl>
      {flags.length > 0 && (
        <TagList
          label={FRANCHISOR_LIST_TEXT.features}
          tags={flags}
          limit={flags.length}
          variant="chip"
        />
      )}
    </ResultCard>
  );
}
