import type { ConsultantPublicProfile } from '@fm/sdk/contracts';
import { TagList } from './tag-list.tsx';

/**
 * What a consultant's public page adds below the profile card: every specialty, region and broker
 * group (the card shows the first few), and where they are.
 */
export function ConsultantProfileDetails({ profile }: { profile: ConsultantPublicProfile }) {
  const location = [profile.city, profile.stateProvince, profile.country]
    .filter(Boolean)
    .join(', ');
  const hasTags =
    profile.industrySpecialty.length > 0 || profile.region.length > 0 || profile.groups.length > 0;
  if (!hasTags && !location) return null;
  return (
    <section className="profile__section" aria-labelledby="profile-details">
      <h2 className="profile__section-title" id="profile-details">
        Details
      </h2>
      {location ? (
        <div className="profile__tags">
          <h3 className="profile__subheading">Location</h3>
          <p>{location}</p>
        </div>
      ) : null}
      <TagList label="Industry specialties" tags={profile.industrySpecialty} />
      <TagList label="Regions" tags={profile.region} />
      <TagList label="Broker groups" tags={profile.groups} />
    </section>
  );
}
