import type { FranchisorListItem, FranchisorSearchResult } from '@fm/sdk/contracts';
import { formatDollars, LoadStatus } from '@fm/widgets/kit';
import { Link } from 'react-router';
import { publicProfilePath } from '../../shared/paths.ts';
import { countLabel, type Place } from './places.ts';
import type { Loadable } from './use-territory.ts';

/** At most this many category chips per card (user-area §9), then "+N". */
const MAX_CATEGORY_TAGS = 2;

/** The cash a franchise requires, as its investment chip says it. */
export function investmentText(franchise: FranchisorListItem['franchise']): string | null {
  const { cashRequiredMin: min, cashRequiredMax: max } = franchise;
  if (min !== null && max !== null)
    return min === max ? formatDollars(min) : `${formatDollars(min)} – ${formatDollars(max)}`;
  if (max !== null) return `Up to ${formatDollars(max)}`;
  if (min !== null) return `From ${formatDollars(min)}`;
  return null;
}

/**
 * What the list says about its size.
 * @example countText(1, 'Texas', true) // '1 brand registered in Texas matches these filters.'
 */
export function countText(total: number, place: string, filtered: boolean): string {
  const subject =
    total === 0
      ? `No brands registered in ${place}`
      : `${countLabel(total, 'brand')} registered in ${place}`;
  if (!filtered) return `${subject}.`;
  return `${subject} ${total === 1 ? 'matches' : 'match'} these filters.`;
}

const initials = (company: string) =>
  company
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

function BrandCard({ item }: { item: FranchisorListItem }) {
  const { franchise } = item;
  const investment = investmentText(franchise);
  const extra = franchise.categories.length - MAX_CATEGORY_TAGS;
  const href = publicProfilePath('franchisor', item.id) ?? '#';
  return (
    <li className="brand-card">
      {franchise.logo ? (
        <img className="brand-card__logo" src={franchise.logo} alt="" width={48} height={48} />
      ) : (
        <span className="brand-card__logo brand-card__logo--initials" aria-hidden="true">
          {initials(franchise.company)}
        </span>
      )}
      <div className="brand-card__body">
        <h3 className="brand-card__name">
          <Link to={href}>{franchise.company}</Link>
          {item.isFavorite ? (
            <span className="pill brand-card__favorite">
              <span aria-hidden="true">★ </span>Favorite
            </span>
          ) : null}
        </h3>
        <p className="brand-card__contact">
          {item.firstName} {item.lastName}
        </p>
        <ul className="tags brand-card__tags" aria-label="Categories and investment">
          {franchise.categories.slice(0, MAX_CATEGORY_TAGS).map((category) => (
            <li key={category} className="tag">
              {category}
            </li>
          ))}
          {extra > 0 ? <li className="tag tag--more">+{extra}</li> : null}
          {investment ? (
            <li className="tag brand-card__investment">
              <span className="visually-hidden">Investment: </span>
              {investment}
            </li>
          ) : null}
        </ul>
      </div>
    </li>
  );
}

interface BrandListProps {
  place: Place | undefined;
  load: Loadable<FranchisorSearchResult> | null;
  filtered: boolean;
  onPage: (page: number) => void;
  onRetry: () => void;
}

/** The brands of the chosen place, paged, each leading to its franchisor profile. */
export function BrandList({ place, load, filtered, onPage, onRetry }: BrandListProps) {
  if (!place) {
    return (
      <p className="territory-brands__hint">
        Select a state or province on the map or in the table to list the brands registered there.
      </p>
    );
  }
  if (!load || (load.status === 'loading' && !load.data) || load.status === 'failed') {
    return (
      <LoadStatus
        pending
        error={load?.status === 'failed' ? load.message : null}
        onRetry={onRetry}
        loadingText="Loading brands…"
        loadingClassName="page__status"
        errorClassName="form-alert territory__error"
      />
    );
  }
  const result = load.data;
  if (!result) return null;
  const pages = Math.max(1, Math.ceil(result.total / result.limit));
  return (
    <>
      <p className="territory-brands__count" role="status">
        {countText(result.total, place.name, filtered)}
      </p>
      {result.franchisees.length > 0 ? (
        <ul className="territory-brands__list" aria-label={`Brands in ${place.name}`}>
          {result.franchisees.map((item) => (
            <BrandCard key={item.franchise.id} item={item} />
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="territory-brands__pager" aria-label="Brand pages">
          <button
            type="button"
            className="button button--ghost"
            disabled={result.page <= 1}
            onClick={() => onPage(result.page - 1)}
          >
            Previous
          </button>
          <span>
            Page {result.page} of {pages}
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={result.page >= pages}
            onClick={() => onPage(result.page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}
