import type {
  AiMatch,
  FranchisorListItem,
  FranchisorSort,
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
import {
  CheckboxField,
  CheckboxGroup,
  type FilterOption,
  NumberField,
  SearchField,
  SelectField,
} from '../list-kit/filter-fields.tsx';
import {
  countsOf,
  type FilterFieldsProps,
  type ItemListKind,
  ItemListView,
} from '../list-kit/item-list-view.tsx';
import { formatInvestment, formatMoney } from '../list-kit/list-format.ts';
import { LIST_TEXT } from '../list-kit/list-text.ts';
import { CardFact } from '../list-kit/result-card.tsx';
import type { ItemFavourites, KindListViewProps } from '../list-kit/search-list-view.tsx';
import { TagFact, TagList } from '../list-kit/tag-list.tsx';
import { initials } from '../profile-card/profile-format.ts';
import {
  type FranchisorListResult,
  filtersFromReading,
  matchLabel,
  nextFiltersFromAi,
} from './ai-search.ts';
import { AiSearchBar } from './ai-search-bar.tsx';
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

/** The favourite hearts of the view: how each item stands and how to flip it. */
export type FranchisorFavourites = ItemFavourites<FranchisorListItem>;

export type FranchisorListViewProps = KindListViewProps<
  FranchisorFilters,
  FranchisorListResult,
  SearchFilters['franchisors'],
  FranchisorListItem
> & {
  /** Whether to offer the AI search box (it needs a signed-in user); off by default. */
  aiSearch?: boolean | undefined;
};

/** A franchise's title: its company, else the franchisor's name. */
function titleOf(item: FranchisorListItem): string {
  return item.franchise.company || `${item.firstName} ${item.lastName}`.trim();
}

/** The franchisor list as the shared list view shows it. */
const FRANCHISOR_LIST_KIND: ItemListKind<
  FranchisorSort,
  FranchisorFilters,
  FranchisorListResult,
  SearchFilters['franchisors'],
  FranchisorListItem
> = {
  className: 'fm-franchisor-list',
  text: FRANCHISOR_LIST_TEXT,
  sortOptions: FRANCHISOR_SORT_OPTIONS,
  countFilters: countFranchisorFilters,
  clearFilters: clearFranchisorFilters,
  normalize: normalizeFranchisorFilters,
  totals: (result) => ({ total: result.total, favourites: result.favoriteTotal }),
  items: (result) => result.franchisees,
  card: (item, result) => franchisorCard(item, result.ai?.matched[item.id]),
  filterFields: (props) => <FranchisorFilterFields {...props} />,
};

/** The same list with the AI search's texts. */
const AI_LIST_KIND = {
  ...FRANCHISOR_LIST_KIND,
  text: { ...FRANCHISOR_LIST_KIND.text, empty: FRANCHISOR_LIST_TEXT.aiEmpty },
};

/**
 * The franchisor list (for consultants) as a pure view: filters, favourites tabs, cards with logo,
 * categories, states, investment and feature chips, paging, and the loading, empty and error states.
 * With `aiSearch`, a sentence box above it; while `filters.ai` holds a sentence, the result is the
 * AI's ranking, the panel shows what it understood, and each card what it matched.
 *
 * @example
 * <FranchisorListView state={{ status: 'ready', result }} filters={filters} onFiltersChange={setFilters} />
 */
export function FranchisorListView({ aiSearch = false, ...props }: FranchisorListViewProps) {
  const { state, filters, onFiltersChange } = props;
  const shownResult =
    state.status === 'ready' ? state.result : state.status === 'loading' ? state.previous : null;
  // The reading of this very sentence (not of the previous one while the next loads).
  const reading = filters.ai && shownResult?.ai?.query === filters.ai ? shownResult.ai : null;
  // While an AI search shows, the panel shows what it understood.
  const shown = !filters.ai
    ? filters
    : reading
      ? filtersFromReading(reading.interpretation, filters)
      : { ...clearFranchisorFilters(filters), page: filters.page, ai: filters.ai };
  return (
    <ItemListView
      {...props}
      kind={filters.ai ? AI_LIST_KIND : FRANCHISOR_LIST_KIND}
      filters={shown}
      onFiltersChange={
        filters.ai ? (next) => onFiltersChange(nextFiltersFromAi(shown, next)) : onFiltersChange
      }
      // The AI ranking has no favourites tab (the hearts stay on the cards).
      favouritesTab={!filters.ai}
      banner={
        aiSearch || filters.ai ? (
          <AiSearchBar
            sentence={filters.ai}
            reading={reading}
            onSearch={(ai) => onFiltersChange({ ...clearFranchisorFilters(filters), page: 1, ai })}
            onClear={() => onFiltersChange({ ...clearFranchisorFilters(filters), page: 1 })}
          />
        ) : null
      }
    />
  );
}

function FranchisorFilterFields({
  filters,
  change,
  options,
}: FilterFieldsProps<FranchisorFilters, SearchFilters['franchisors']>) {
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

/** A franchise's card: investment, net worth and fee, categories, states, features, and what it matched of an AI search. */
function franchisorCard(item: FranchisorListItem, matched: readonly AiMatch[] | undefined) {
  const { franchise } = item;
  const title = titleOf(item);
  const investment = formatInvestment(franchise.cashRequiredMin, franchise.cashRequiredMax);
  const flags = FRANCHISE_FILTER_FLAGS.filter((flag) => franchise[flag] === true).map(
    (flag) => FRANCHISE_FLAG_LABELS[flag],
  );
  return {
    title,
    subtitle: [franchise.country, franchise.established && `Est. ${franchise.established}`]
      .filter(Boolean)
      .join(' · '),
    avatar: {
      src: franchise.logo ?? item.profilePhoto,
      alt: title,
      fallback: initials(...title.split(/\s+/)),
      shape: franchise.logo ? ('logo' as const) : ('photo' as const),
    },
    body: (
      <>
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
          <TagFact
            label={FRANCHISOR_LIST_TEXT.categories}
            tags={franchise.categories}
            limit={TAG_DISPLAY_LIMITS.categories}
          />
          <TagFact
            label={FRANCHISOR_LIST_TEXT.cardStates}
            tags={franchise.statesRegisteredIn}
            limit={TAG_DISPLAY_LIMITS.states}
          />
        </dl>
        {flags.length > 0 && (
          <TagList
            label={FRANCHISOR_LIST_TEXT.features}
            tags={flags}
            limit={flags.length}
            variant="chip"
          />
        )}
        {matched && matched.length > 0 && (
          <div className="fm-card__why">
            <span className="fm-card__why-label">{FRANCHISOR_LIST_TEXT.aiMatches}</span>
            <TagList
              label={FRANCHISOR_LIST_TEXT.aiMatches}
              tags={matched.map(matchLabel)}
              limit={matched.length}
            />
          </div>
        )}
      </>
    ),
  };
}
