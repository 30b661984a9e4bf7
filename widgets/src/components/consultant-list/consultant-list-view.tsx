import type {
  ConsultantListItem,
  ConsultantSearchResult,
  ConsultantSort,
  SearchFilters,
} from '@fm/sdk/contracts';
import {
  BROKER_GROUPS,
  EXPERIENCE_LEVELS,
  type ExperienceLevel,
  INDUSTRY_SPECIALTIES,
  REGIONS,
  TAG_DISPLAY_LIMITS,
} from '@fm/sdk/contracts';
import { CheckboxGroup, NumberField, SearchField } from '../list-kit/filter-fields.tsx';
import {
  type FilterFieldsProps,
  type ItemListKind,
  ItemListView,
  withCounts,
} from '../list-kit/item-list-view.tsx';
import { CardFact } from '../list-kit/result-card.tsx';
import type { ItemFavourites, KindListViewProps } from '../list-kit/search-list-view.tsx';
import { TagFact } from '../list-kit/tag-list.tsx';
import { experienceLabel, formatRate, initials } from '../profile-card/profile-format.ts';
import { RatingSummary } from '../profile-card/rating-summary.tsx';
import {
  type ConsultantFilters,
  clearConsultantFilters,
  countConsultantFilters,
} from './consultant-filters.ts';
import { CONSULTANT_LIST_TEXT, CONSULTANT_SORT_OPTIONS } from './consultant-list-text.ts';

/** The favourite hearts of the view: how each item stands and how to flip it. */
export type ConsultantFavourites = ItemFavourites<ConsultantListItem>;

export type ConsultantListViewProps = KindListViewProps<
  ConsultantFilters,
  ConsultantSearchResult,
  SearchFilters['consultants'],
  ConsultantListItem
>;

const asOptions = <T extends string>(values: readonly T[]) =>
  values.map((value) => ({ value, label: value }));

/** The consultant list as the shared list view shows it. */
const CONSULTANT_LIST_KIND: ItemListKind<
  ConsultantSort,
  ConsultantFilters,
  ConsultantSearchResult,
  SearchFilters['consultants'],
  ConsultantListItem
> = {
  className: 'fm-consultant-list',
  text: CONSULTANT_LIST_TEXT,
  sortOptions: CONSULTANT_SORT_OPTIONS,
  countFilters: countConsultantFilters,
  clearFilters: clearConsultantFilters,
  totals: (result) => ({ total: result.total, favourites: result.totalFavorite }),
  items: (result) => result.consultants,
  card: consultantCard,
  filterFields: (props) => <ConsultantFilterFields {...props} />,
};

/**
 * The consultant list as a pure view: filters, favourites tabs, cards, paging, and the loading,
 * empty and error states. Everything it shows comes from its props.
 *
 * @example
 * <ConsultantListView state={{ status: 'ready', result }} filters={filters} onFiltersChange={setFilters} />
 */
export function ConsultantListView(props: ConsultantListViewProps) {
  return <ItemListView kind={CONSULTANT_LIST_KIND} {...props} />;
}

function ConsultantFilterFields({
  filters,
  change,
  options,
}: FilterFieldsProps<ConsultantFilters, SearchFilters['consultants']>) {
  return (
    <div className="fm-filter-fields">
      <SearchField
        label={CONSULTANT_LIST_TEXT.search}
        placeholder={CONSULTANT_LIST_TEXT.searchPlaceholder}
        value={filters.q ?? ''}
        onCommit={(q) => change({ q: q || undefined })}
      />
      <CheckboxGroup
        legend={CONSULTANT_LIST_TEXT.industries}
        options={withCounts(asOptions(INDUSTRY_SPECIALTIES), options?.industries)}
        selected={filters.industry ?? []}
        onChange={(industry) => change({ industry })}
      />
      <CheckboxGroup
        legend={CONSULTANT_LIST_TEXT.regions}
        options={withCounts(asOptions(REGIONS), options?.regions)}
        selected={filters.region ?? []}
        onChange={(region) => change({ region })}
      />
      <fieldset className="fm-fieldset">
        <legend className="fm-field__label">{CONSULTANT_LIST_TEXT.rate}</legend>
        <div className="fm-field-row">
          <NumberField
            label={CONSULTANT_LIST_TEXT.rateMin}
            prefix="$"
            value={filters.rateMin}
            placeholder={options?.rate.min?.toString()}
            onCommit={(rateMin) => change({ rateMin })}
          />
          <NumberField
            label={CONSULTANT_LIST_TEXT.rateMax}
            prefix="$"
            value={filters.rateMax}
            placeholder={options?.rate.max?.toString()}
            onCommit={(rateMax) => change({ rateMax })}
          />
        </div>
      </fieldset>
      <CheckboxGroup<ExperienceLevel>
        legend={CONSULTANT_LIST_TEXT.experience}
        options={withCounts(EXPERIENCE_LEVELS, options?.experience)}
        selected={filters.experience ?? []}
        onChange={(experience) => change({ experience })}
      />
      <CheckboxGroup
        legend={CONSULTANT_LIST_TEXT.groups}
        options={withCounts(asOptions(BROKER_GROUPS), options?.groups)}
        selected={filters.group ?? []}
        onChange={(group) => change({ group })}
      />
    </div>
  );
}

/** A consultant's card: rate, rating, experience, industries and regions. */
function consultantCard(item: ConsultantListItem) {
  const name = `${item.firstName} ${item.lastName}`.trim();
  const experience = experienceLabel(item.experienceLevel);
  return {
    title: name,
    subtitle: item.company,
    avatar: {
      src: item.profilePhoto,
      alt: name,
      fallback: initials(item.firstName, item.lastName),
    },
    body: (
      <>
        <div className="fm-card__line">
          {item.rate !== null && <p className="fm-card__price">{formatRate(item.rate)}</p>}
          <RatingSummary block="fm-card" average={item.averageRating} count={item.reviewCount} />
        </div>
        <dl className="fm-card__facts">
          {experience && <CardFact label={CONSULTANT_LIST_TEXT.experience}>{experience}</CardFact>}
          <TagFact
            label={CONSULTANT_LIST_TEXT.industries}
            tags={item.industrySpecialty}
            limit={TAG_DISPLAY_LIMITS.industries}
          />
          <TagFact
            label={CONSULTANT_LIST_TEXT.regions}
            tags={item.region}
            limit={TAG_DISPLAY_LIMITS.regions}
          />
        </dl>
      </>
    ),
  };
}
