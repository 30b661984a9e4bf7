import type { FranchisorPublicProfile } from '@fm/sdk/contracts';
import { FRANCHISE_FILTER_FLAGS, FRANCHISE_FLAG_LABELS, isWebLink } from '@fm/sdk/contracts';
import { TagList } from './tag-list.tsx';

type Franchise = NonNullable<FranchisorPublicProfile['franchise']>;

/** Support a franchise offers, by its flag. */
const SUPPORT_LABELS = {
  financialAssistance: 'Financial assistance',
  siteSelectionAssistance: 'Site selection assistance',
  leaseNegotiationAssistance: 'Lease negotiation assistance',
  recruitmentAssistance: 'Recruitment assistance',
  coopAdvertising: 'Co-op advertising',
  item19: 'Item 19 (financial performance)',
  visaCandidates: 'Open to visa candidates',
} as const satisfies Partial<Record<keyof Franchise, string>>;

function yes(franchise: Franchise, labels: Readonly<Record<string, string>>): string[] {
  return Object.entries(labels)
    .filter(([key]) => franchise[key as keyof Franchise] === true)
    .map(([, label]) => label);
}

/**
 * What a franchisor's public page adds below the profile card: the website, every category and
 * state (the card shows the first few), the franchise's model and support, and its longer texts.
 */
export function FranchisorProfileDetails({ profile }: { profile: FranchisorPublicProfile }) {
  const franchise = profile.franchise;
  if (!franchise) return null;
  const model = yes(
    franchise,
    Object.fromEntries(FRANCHISE_FILTER_FLAGS.map((flag) => [flag, FRANCHISE_FLAG_LABELS[flag]])),
  );
  const support = yes(franchise, SUPPORT_LABELS);
  const texts = [
    { title: 'Training and support', text: franchise.training },
    { title: 'A day in the life of the owner', text: franchise.dayInTheLifeOfTheOwner },
    { title: 'Who is an ideal candidate', text: franchise.whoIsAnIdealCandidate },
    { title: 'Special discount programs', text: franchise.specialDiscountPrograms },
  ].filter((entry): entry is { title: string; text: string } => Boolean(entry.text));

  return (
    <>
      <section className="profile__section" aria-labelledby="profile-details">
        <h2 className="profile__section-title" id="profile-details">
          Details
        </h2>
        {franchise.corporateWebsite ? (
          <div className="profile__tags">
            <h3 className="profile__subheading">Website</h3>
            <p>
              {/* Stored before links were checked, a non-web link is shown as text, never opened. */}
              {isWebLink(franchise.corporateWebsite) ? (
                <a href={franchise.corporateWebsite} target="_blank" rel="noopener noreferrer">
                  {franchise.corporateWebsite}
                </a>
              ) : (
                franchise.corporateWebsite
              )}
            </p>
          </div>
        ) : null}
        {franchise.startedFranchising !== null ? (
          <div className="profile__tags">
            <h3 className="profile__subheading">Franchising since</h3>
            <p>{franchise.startedFranchising}</p>
          </div>
        ) : null}
        <TagList label="Categories" tags={franchise.categories} />
        <TagList label="States registered in" tags={franchise.statesRegisteredIn} />
        <TagList label="Franchise model" tags={model} />
        <TagList label="Support" tags={support} />
      </section>
      {texts.map((entry) => (
        <section className="profile__section" key={entry.title}>
          <h2 className="profile__section-title">{entry.title}</h2>
          <p className="profile__text">{entry.text}</p>
        </section>
      ))}
    </>
  );
}
