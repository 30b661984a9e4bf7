import {
  type ConsultantPublicProfile,
  EXPERIENCE_LEVELS,
  MINUTES_PER_RATE_UNIT,
} from '@fm/sdk/contracts';
import { formatDollars } from '../../app/format.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { TagList } from './tag-list.tsx';

function experienceLabel(level: ConsultantPublicProfile['experienceLevel']): string | null {
  return EXPERIENCE_LEVELS.find((e) => e.value === level)?.label ?? null;
}

/** A consultant's public profile. */
export function ConsultantProfileView({ profile }: { profile: ConsultantPublicProfile }) {
  const name = `${profile.firstName} ${profile.lastName}`;
  const location = [profile.city, profile.stateProvince, profile.country]
    .filter(Boolean)
    .join(', ');
  const experience = experienceLabel(profile.experienceLevel);
  return (
    <article className="profile">
      <header className="profile__header">
        <ProfileAvatar photo={profile.profilePhoto} name={name} />
        <div className="profile__heading">
          <h1 className="page__title">{name}</h1>
          {profile.company ? <p className="profile__company">{profile.company}</p> : null}
          {location ? <p className="profile__meta">{location}</p> : null}
          <p className="profile__status">
            <span className={profile.isVerified ? 'pill pill--success' : 'pill'}>
              {profile.isVerified ? 'Active' : 'Inactive'}
            </span>
            {profile.averageRating !== null ? (
              <span className="profile__rating">
                <span aria-hidden="true">★</span> {profile.averageRating.toFixed(1)}{' '}
                <span className="profile__meta">
                  ({profile.reviewCount} {profile.reviewCount === 1 ? 'review' : 'reviews'})
                </span>
              </span>
            ) : null}
          </p>
        </div>
      </header>
      <dl className="facts">
        {profile.rate !== null ? (
          <div className="facts__item">
            <dt>Rate</dt>
            <dd>
              {formatDollars(profile.rate)} per {MINUTES_PER_RATE_UNIT} minutes
            </dd>
          </div>
        ) : null}
        {experience ? (
          <div className="facts__item">
            <dt>Experience</dt>
            <dd>{experience}</dd>
          </div>
        ) : null}
      </dl>
      {profile.bio ? (
        <section className="profile__section">
          <h2 className="profile__section-title">About</h2>
          <p className="profile__text">{profile.bio}</p>
        </section>
      ) : null}
      <section className="profile__section">
        <TagList label="Industry specialties" tags={profile.industrySpecialty} />
        <TagList label="Regions" tags={profile.region} />
        <TagList label="Groups" tags={profile.groups} />
      </section>
    </article>
  );
}
