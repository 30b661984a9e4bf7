import type { FranchisorPublicProfile } from '@fm/sdk/contracts';
import { formatDollars } from '../../app/format.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { TagList } from './tag-list.tsx';

interface Fact {
  label: string;
  value: string | null;
}

function money(amount: number | null): string | null {
  return amount === null ? null : formatDollars(amount);
}

function cashRequired(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${formatDollars(min)} - ${formatDollars(max)}`;
  if (max !== null) return `Less than ${formatDollars(max)}`;
  if (min !== null) return `More than ${formatDollars(min)}`;
  return null;
}

/** A franchisor's public profile: the person and their franchise brand. */
export function FranchisorProfileView({ profile }: { profile: FranchisorPublicProfile }) {
  const person = `${profile.firstName} ${profile.lastName}`;
  const franchise = profile.franchise;
  const title = franchise?.company ?? person;
  const facts: Fact[] = franchise
    ? [
        { label: 'Established', value: franchise.established?.toString() ?? null },
        { label: 'Franchising since', value: franchise.startedFranchising?.toString() ?? null },
        { label: 'Franchised units', value: franchise.franchisedUnits?.toString() ?? null },
        { label: 'Corporate units', value: franchise.corporateUnits?.toString() ?? null },
        { label: 'Minimum net worth', value: money(franchise.minNetWorth) },
        {
          label: 'Cash required',
          value: cashRequired(franchise.cashRequiredMin, franchise.cashRequiredMax),
        },
        { label: 'Franchise fee', value: money(franchise.franchiseFee) },
        { label: 'Royalty', value: franchise.royalty === null ? null : `${franchise.royalty}%` },
        { label: 'Ad fee', value: franchise.adFee === null ? null : `${franchise.adFee}%` },
      ]
    : [];
  const shownFacts = facts.filter((fact) => fact.value !== null);

  return (
    <article className="profile">
      <header className="profile__header">
        <ProfileAvatar photo={franchise?.logo ?? profile.profilePhoto} name={title} />
        <div className="profile__heading">
          <h1 className="page__title">{title}</h1>
          {franchise ? (
            <p className="profile__company">
              {person}
              {profile.position ? `, ${profile.position}` : ''}
            </p>
          ) : null}
          {franchise?.corporateWebsite ? (
            <p className="profile__meta">
              <a href={franchise.corporateWebsite} target="_blank" rel="noopener noreferrer">
                {franchise.corporateWebsite}
              </a>
            </p>
          ) : null}
        </div>
      </header>
      {shownFacts.length > 0 ? (
        <dl className="facts">
          {shownFacts.map((fact) => (
            <div className="facts__item" key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {franchise?.overview ? (
        <section className="profile__section">
          <h2 className="profile__section-title">Overview</h2>
          <p className="profile__text">{franchise.overview}</p>
        </section>
      ) : null}
      {franchise ? (
        <section className="profile__section">
          <TagList label="Categories" tags={franchise.categories} />
          <TagList label="States registered in" tags={franchise.statesRegisteredIn} />
        </section>
      ) : null}
      {franchise && franchise.photos.length > 0 ? (
        <section className="profile__section">
          <h2 className="profile__section-title">Gallery</h2>
          <ul className="gallery">
            {franchise.photos.map((photo, index) => (
              <li key={photo}>
                <img
                  src={photo}
                  alt={`${title}, gallery ${index + 1} of ${franchise.photos.length}`}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
