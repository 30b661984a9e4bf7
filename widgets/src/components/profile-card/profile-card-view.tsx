import type {
  ConsultantPublicProfile,
  FranchisorPublicProfile,
  PublicProfile,
} from '@fm/sdk/contracts';
import { AVATAR_SIZE_PX, TAG_DISPLAY_LIMITS } from '@fm/sdk/contracts';
import { createContext, type ReactNode, useContext, useState } from 'react';
import type { WidgetTheme } from '../../theme.ts';
import favoriteStyles from '../list-kit/favorite-button.css?inline';
import { FavoriteButton } from '../list-kit/favorite-button.tsx';
import { formatInvestment, formatMoney } from '../list-kit/list-format.ts';
import baseStyles from '../theme/widget-base.css?inline';
import styles from './profile-card.css?inline';
import { PROFILE_CARD_TEXT } from './profile-card-text.ts';
import {
  capTags,
  experienceLabel,
  formatLocation,
  formatRate,
  initials,
} from './profile-format.ts';
import { RatingSummary } from './rating-summary.tsx';

/** What the card shows: still loading, a failure's message, or the profile. */
export type ProfileCardState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: PublicProfile };

/** The heart on a profile: shown only to a signed-in user who can favourite this profile. */
export interface ProfileCardFavourite {
  isFavorite: boolean;
  pending?: boolean | undefined;
  onToggle: () => void;
}

export interface ProfileCardViewProps {
  state: ProfileCardState;
  /** Colour scheme; `light` by default. */
  theme?: WidgetTheme | undefined;
  /** The favourite toggle; absent for visitors. */
  favourite?: ProfileCardFavourite | null | undefined;
  /** The name's heading level: 2 in a page's content (default), 1 when the card is the page. */
  headingLevel?: 1 | 2 | undefined;
}

/**
 * The public profile card, as a pure view of its state (no data loading).
 * Consultants show photo or initials, name, company, rate, rating, experience, industries,
 * regions, location and bio; franchisors show their franchise's logo, company, country,
 * categories, states, an investment summary and the franchise's photo gallery.
 *
 * @example
 * <ProfileCardView state={{ status: 'ready', profile }} theme="dark" />
 */
export function ProfileCardView({
  state,
  theme = 'light',
  favourite,
  headingLevel = 2,
}: ProfileCardViewProps) {
  const name =
    state.status !== 'ready'
      ? ''
      : state.profile.role === 'franchisor'
        ? state.profile.franchise?.company ||
          `${state.profile.firstName} ${state.profile.lastName}`.trim()
        : `${state.profile.firstName} ${state.profile.lastName}`.trim();
  return (
    <div
      className="fm-widget fm-profile-card"
      data-theme={theme}
      data-status={state.status}
      aria-busy={state.status === 'loading'}
    >
      <style>{baseStyles + styles + (favourite ? favoriteStyles : '')}</style>
      {state.status === 'ready' && favourite && (
        <div className="fm-profile-card__favorite">
          <FavoriteButton
            name={name}
            isFavorite={favourite.isFavorite}
            pending={favourite.pending}
            onToggle={favourite.onToggle}
            size="large"
          />
        </div>
      )}
      {state.status === 'loading' && <LoadingBody />}
      {state.status === 'error' && (
        <p className="fm-profile-card__error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && (
        <FactLabelLevel.Provider value={headingLevel === 1 ? 2 : 3}>
          {state.profile.role === 'consultant' ? (
            <ConsultantBody profile={state.profile} headingLevel={headingLevel} />
          ) : (
            <FranchisorBody profile={state.profile} headingLevel={headingLevel} />
          )}
        </FactLabelLevel.Provider>
      )}
    </div>
  );
}

function LoadingBody() {
  return (
    <div className="fm-profile-card__layout">
      <div
        className="fm-profile-card__skeleton fm-profile-card__skeleton--avatar"
        style={{ width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX }}
      />
      <div className="fm-profile-card__body">
        <span className="fm-visually-hidden" role="status">
          {PROFILE_CARD_TEXT.loading}
        </span>
        <div className="fm-profile-card__skeleton fm-profile-card__skeleton--line" />
        <div
          className="fm-profile-card__skeleton fm-profile-card__skeleton--line"
          style={{ width: '60%' }}
        />
        <div
          className="fm-profile-card__skeleton fm-profile-card__skeleton--line"
          style={{ width: '40%' }}
        />
      </div>
    </div>
  );
}

/** The level of the facts' labels: one below the card's name. */
const FactLabelLevel = createContext<2 | 3>(3);

function FactLabel({ children }: { children: ReactNode }) {
  return useContext(FactLabelLevel) === 2 ? (
    <h2 className="fm-profile-card__fact-label">{children}</h2>
  ) : (
    <h3 className="fm-profile-card__fact-label">{children}</h3>
  );
}

function Name({ level, children }: { level: 1 | 2; children: ReactNode }) {
  return level === 1 ? (
    <h1 className="fm-profile-card__name">{children}</h1>
  ) : (
    <h2 className="fm-profile-card__name">{children}</h2>
  );
}

function ConsultantBody({
  profile,
  headingLevel,
}: {
  profile: ConsultantPublicProfile;
  headingLevel: 1 | 2;
}) {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const experience = experienceLabel(profile.experienceLevel);
  const location = formatLocation(profile.city, profile.stateProvince);
  return (
    <article className="fm-profile-card__layout" aria-label={name}>
      <Avatar
        src={profile.profilePhoto}
        alt={name}
        fallback={initials(profile.firstName, profile.lastName)}
      />
      <div className="fm-profile-card__body">
        <Name level={headingLevel}>
          {name}
          {profile.isVerified && (
            <span className="fm-profile-card__verified">{PROFILE_CARD_TEXT.verified}</span>
          )}
        </Name>
        {profile.company && <p className="fm-profile-card__line">{profile.company}</p>}
        {location && <p className="fm-profile-card__line">{location}</p>}
        {profile.rate !== null && (
          <p className="fm-profile-card__rate">{formatRate(profile.rate)}</p>
        )}
        <RatingSummary
          block="fm-profile-card"
          average={profile.averageRating}
          count={profile.reviewCount}
        />
        <div className="fm-profile-card__facts">
          {experience && <Fact label={PROFILE_CARD_TEXT.experience}>{experience}</Fact>}
          <TagFact
            label={PROFILE_CARD_TEXT.industries}
            tags={profile.industrySpecialty}
            limit={TAG_DISPLAY_LIMITS.industries}
          />
          <TagFact
            label={PROFILE_CARD_TEXT.regions}
            tags={profile.region}
            limit={TAG_DISPLAY_LIMITS.regions}
          />
        </div>
        {profile.bio && <p className="fm-profile-card__bio">{profile.bio}</p>}
      </div>
    </article>
  );
}

function FranchisorBody({
  profile,
  headingLevel,
}: {
  profile: FranchisorPublicProfile;
  headingLevel: 1 | 2;
}) {
  const person = `${profile.firstName} ${profile.lastName}`.trim();
  const franchise = profile.franchise;
  const title = franchise?.company || person;
  const subtitle = franchise
    ? [person, profile.position].filter((p): p is string => Boolean(p)).join(', ')
    : profile.position;
  return (
    <article className="fm-profile-card__layout" aria-label={title}>
      <Avatar
        src={franchise ? franchise.logo : profile.profilePhoto}
        alt={title}
        fallback={initials(...title.split(/\s+/))}
        logo={Boolean(franchise)}
      />
      <div className="fm-profile-card__body">
        <Name level={headingLevel}>{title}</Name>
        {subtitle && <p className="fm-profile-card__line">{subtitle}</p>}
        {franchise?.country && <p className="fm-profile-card__line">{franchise.country}</p>}
        {franchise && (
          <div className="fm-profile-card__facts">
            <TagFact
              label={PROFILE_CARD_TEXT.categories}
              tags={franchise.categories}
              limit={TAG_DISPLAY_LIMITS.categories}
            />
            <TagFact
              label={PROFILE_CARD_TEXT.states}
              tags={franchise.statesRegisteredIn}
              limit={TAG_DISPLAY_LIMITS.states}
            />
          </div>
        )}
        {franchise && <InvestmentSummary franchise={franchise} />}
        {franchise?.overview && <p className="fm-profile-card__bio">{franchise.overview}</p>}
        {franchise && franchise.photos.length > 0 && (
          <Gallery company={title} photos={franchise.photos} />
        )}
      </div>
    </article>
  );
}

type Franchise = NonNullable<FranchisorPublicProfile['franchise']>;

/** Net worth, cash required, fees, units and founding year: what a candidate weighs first. */
function InvestmentSummary({ franchise }: { franchise: Franchise }) {
  const percent = (n: number | null) => (n === null ? null : `${n}%`);
  const money = (n: number | null) => (n === null ? null : formatMoney(n));
  const units = [
    franchise.franchisedUnits !== null &&
      PROFILE_CARD_TEXT.franchisedUnits(franchise.franchisedUnits),
    franchise.corporateUnits !== null && PROFILE_CARD_TEXT.corporateUnits(franchise.corporateUnits),
  ].filter((x): x is string => Boolean(x));
  const facts: [string, string | null][] = [
    [PROFILE_CARD_TEXT.netWorth, money(franchise.minNetWorth)],
    [
      PROFILE_CARD_TEXT.cashRequired,
      formatInvestment(franchise.cashRequiredMin, franchise.cashRequiredMax),
    ],
    [PROFILE_CARD_TEXT.franchiseFee, money(franchise.franchiseFee)],
    [PROFILE_CARD_TEXT.royalty, percent(franchise.royalty)],
    [PROFILE_CARD_TEXT.adFee, percent(franchise.adFee)],
    [PROFILE_CARD_TEXT.units, units.length > 0 ? units.join(' · ') : null],
    [PROFILE_CARD_TEXT.established, franchise.established?.toString() ?? null],
  ];
  const shown = facts.filter((fact): fact is [string, string] => fact[1] !== null);
  if (shown.length === 0) return null;
  return (
    <section className="fm-profile-card__investment" aria-label={PROFILE_CARD_TEXT.investment}>
      <FactLabel>{PROFILE_CARD_TEXT.investment}</FactLabel>
      <dl className="fm-profile-card__summary">
        {shown.map(([label, value]) => (
          <div key={label} className="fm-profile-card__summary-item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Gallery({ company, photos }: { company: string; photos: readonly string[] }) {
  return (
    <section className="fm-profile-card__gallery" aria-label={PROFILE_CARD_TEXT.gallery}>
      <FactLabel>{PROFILE_CARD_TEXT.gallery}</FactLabel>
      <ul className="fm-profile-card__photos">
        {photos.map((photo, index) => (
          <li key={photo}>
            <img
              src={photo}
              alt={PROFILE_CARD_TEXT.galleryPhoto(company, index + 1, photos.length)}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface AvatarProps {
  src: string | null;
  alt: string;
  fallback: string;
  logo?: boolean;
}

function Avatar({ src, alt, fallback, logo = false }: AvatarProps) {
  // A broken photo link falls back to the initials instead of a broken-image icon.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const className = logo
    ? 'fm-profile-card__avatar fm-profile-card__avatar--logo'
    : 'fm-profile-card__avatar';
  const size = { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX };
  if (src && src !== failedSrc) {
    return (
      <img
        className={className}
        src={src}
        alt={alt}
        width={AVATAR_SIZE_PX}
        height={AVATAR_SIZE_PX}
        style={size}
        loading="lazy"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <div className={className} style={size} role="img" aria-label={alt}>
      <span aria-hidden="true">{fallback}</span>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="fm-profile-card__fact">
      <FactLabel>{label}</FactLabel>
      <div className="fm-profile-card__fact-value">{children}</div>
    </section>
  );
}

function TagFact({
  label,
  tags,
  limit,
}: {
  label: string;
  tags: readonly string[];
  limit: number;
}) {
  if (tags.length === 0) return null;
  const { shown, hidden } = capTags(tags, limit);
  return (
    <Fact label={label}>
      <ul className="fm-profile-card__tags" aria-label={label}>
        {shown.map((tag) => (
          <li key={tag} className="fm-profile-card__tag">
            {tag}
          </li>
        ))}
        {hidden.length > 0 && (
          <li className="fm-profile-card__tag fm-profile-card__tag--more" title={hidden.join(', ')}>
            +{hidden.length}
          </li>
        )}
      </ul>
    </Fact>
  );
}
