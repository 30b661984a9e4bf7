import {
  type ConsultantPublicProfile,
  type FranchisorPublicProfile,
  type LegalPath,
  MINUTES_PER_RATE_UNIT,
  PRODUCT_NAME,
} from '@fm/sdk/contracts';
import type { PublicPageHead } from './public-page.ts';

/** Where the head's absolute URLs point: `PUBLIC_URL`, without a trailing slash. */
export interface Site {
  publicUrl: string;
}

const SCHEMA = 'https://schema.org';
/** Search results show about this much of a description; longer ones end in an ellipsis. */
const DESCRIPTION_CHARACTERS = 200;

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const centsDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/**
 * Dollars as the portal shows them: no cents when there are none.
 * @example dollars(50); // '$50'  dollars(12.5); // '$12.50'
 */
export function dollars(amount: number): string {
  return (Number.isInteger(amount) ? wholeDollars : centsDollars).format(amount);
}

/**
 * A description cut at a word to about 200 characters.
 * @example clip('a '.repeat(200)); // 'a a a … a…'
 */
export function clip(text: string, limit = DESCRIPTION_CHARACTERS): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * An absolute URL on the site for a path or a stored file's URL (absolute ones stay as they are).
 * @example absolute({ publicUrl: 'https://fm.example' }, '/api/files/a.png'); // 'https://fm.example/api/files/a.png'
 */
export function absolute(site: Site, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.publicUrl}/`).href;
}

const pageTitle = (title: string | null) => (title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME);
const fullName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();
/** "a, b, c and 4 more". */
const someOf = (values: readonly string[], shown: number) =>
  values.length > shown
    ? `${values.slice(0, shown).join(', ')} and ${values.length - shown} more`
    : values.join(', ');
const sentence = (label: string, values: readonly string[], shown = 4) =>
  values.length > 0 ? `${label}: ${someOf(values, shown)}.` : null;
const joinSentences = (parts: readonly (string | null)[]) =>
  parts.filter((part): part is string => Boolean(part)).join(' ');

/** The landing page's lead, as the portal's hero says it. */
export const LANDING_DESCRIPTION = `Where franchise brands meet franchise consultants. Find the right consultant, book a paid video meeting by the ${MINUTES_PER_RATE_UNIT} minutes, and pay only after the meeting is confirmed.`;

/**
 * `/`: the marketplace as a schema.org `WebSite` and `Organization`.
 * @example landingHead({ publicUrl: 'https://fm.example' }).title; // 'Franchise Meet'
 */
export function landingHead(site: Site): PublicPageHead {
  const url = absolute(site, '/');
  return {
    title: pageTitle(null),
    description: LANDING_DESCRIPTION,
    canonical: url,
    image: null,
    ogType: 'website',
    jsonLd: [
      { '@context': SCHEMA, '@type': 'WebSite', name: PRODUCT_NAME, url },
      {
        '@context': SCHEMA,
        '@type': 'Organization',
        name: PRODUCT_NAME,
        url,
        description: LANDING_DESCRIPTION,
      },
    ],
  };
}

/** Each legal page's title (the portal's documents) and what it covers (their sections). */
export const LEGAL_PAGES: Record<LegalPath, { title: string; description: string }> = {
  '/terms-and-conditions': {
    title: 'Terms and Conditions',
    description: `These terms govern your use of ${PRODUCT_NAME}, a marketplace where franchisors book paid, timed video meetings with franchise consultants: eligibility, meetings and payment, cancellations and no-shows, fees and accounts.`,
  },
  '/terms-of-use/franchisor': {
    title: 'Terms of Use for Franchisors',
    description: `The terms for franchisors on ${PRODUCT_NAME}: the subscription, booking and payment of meetings, cancellations, your franchise profile and eligibility.`,
  },
  '/terms-of-use/consultant': {
    title: 'Terms of Use for Consultants',
    description: `The terms for consultants on ${PRODUCT_NAME}: fees and payouts, your rate and availability, completing and cancelling meetings, and eligibility.`,
  },
  '/privacy-policy': {
    title: 'Privacy Policy',
    description: `This policy explains what ${PRODUCT_NAME} collects and why: what we collect, how we use it, what others see, your choices and age.`,
  },
};

/**
 * A legal page: its document's title and what it covers, as a schema.org `WebPage`.
 * @example legalHead(site, '/privacy-policy').title; // 'Privacy Policy | Franchise Meet'
 */
export function legalHead(site: Site, path: LegalPath): PublicPageHead {
  const { title, description } = LEGAL_PAGES[path];
  const url = absolute(site, path);
  return {
    title: pageTitle(title),
    description,
    canonical: url,
    image: null,
    ogType: 'website',
    jsonLd: [
      {
        '@context': SCHEMA,
        '@type': 'WebPage',
        name: title,
        url,
        description,
        isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: absolute(site, '/') },
      },
    ],
  };
}

/** The rate as schema.org prices it: a price per 15 minutes in US dollars. */
function rateOffer(profile: ConsultantPublicProfile, url: string, personId: string) {
  const price = profile.rate === null ? null : profile.rate.toFixed(2);
  const service: Record<string, unknown> = {
    '@type': 'Service',
    name: 'Franchise consultation',
    serviceType: 'Franchise consulting',
    description: `A paid video meeting, booked by the ${MINUTES_PER_RATE_UNIT} minutes.`,
    provider: { '@id': personId },
    url,
  };
  // schema.org rates services and organisations, not people: the rating is the service's.
  if (profile.reviewCount > 0 && profile.averageRating !== null) {
    service.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: profile.averageRating,
      reviewCount: profile.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  if (price === null) return { '@type': 'Offer', itemOffered: service, url };
  return {
    '@type': 'Offer',
    itemOffered: service,
    url,
    price,
    priceCurrency: 'USD',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price,
      priceCurrency: 'USD',
      unitCode: 'MIN',
      unitText: `${MINUTES_PER_RATE_UNIT} minutes`,
      referenceQuantity: {
        '@type': 'QuantitativeValue',
        value: MINUTES_PER_RATE_UNIT,
        unitCode: 'MIN',
      },
    },
  };
}

/**
 * `/consultants/{id}`: name, company, rate per 15 minutes, rating, industries and regions; a
 * schema.org `Person` who `makesOffer` the consultation at that price, with its rating.
 * @example consultantHead(site, profile).description; // 'Jane Reed, franchise consultant at Reed Advisory. $50 per 15 minutes. …'
 */
export function consultantHead(
  site: Site,
  profile: ConsultantPublicProfile,
  canonicalPath = `/consultants/${encodeURIComponent(profile.id)}`,
): PublicPageHead {
  const name = fullName(profile);
  const url = absolute(site, canonicalPath);
  const image = profile.profilePhoto ? absolute(site, profile.profilePhoto) : null;
  const rated = profile.reviewCount > 0 && profile.averageRating !== null;
  const description = clip(
    joinSentences([
      `${name}, franchise consultant${profile.company ? ` at ${profile.company}` : ''}.`,
      profile.rate === null
        ? null
        : `${dollars(profile.rate)} per ${MINUTES_PER_RATE_UNIT} minutes.`,
      rated
        ? `Rated ${profile.averageRating} of 5 from ${profile.reviewCount} review${profile.reviewCount === 1 ? '' : 's'}.`
        : null,
      sentence('Industries', profile.industrySpecialty, 3),
      sentence('Regions', profile.region, 3),
    ]),
  );
  const personId = `${url}#person`;
  const place = [profile.city, profile.stateProvince, profile.country];
  const person: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'Person',
    '@id': personId,
    name,
    givenName: profile.firstName,
    familyName: profile.lastName,
    url,
    jobTitle: 'Franchise consultant',
    ...(image ? { image } : {}),
    ...(profile.bio ? { description: profile.bio } : {}),
    ...(profile.company ? { worksFor: { '@type': 'Organization', name: profile.company } } : {}),
    ...(profile.industrySpecialty.length > 0 ? { knowsAbout: profile.industrySpecialty } : {}),
    ...(profile.region.length > 0 ? { areaServed: profile.region } : {}),
    ...(place.some(Boolean)
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(profile.city ? { addressLocality: profile.city } : {}),
            ...(profile.stateProvince ? { addressRegion: profile.stateProvince } : {}),
            ...(profile.country ? { addressCountry: profile.country } : {}),
          },
        }
      : {}),
    makesOffer: rateOffer(profile, url, personId),
  };
  return {
    title: pageTitle(name),
    description,
    canonical: url,
    image,
    ogType: 'profile',
    jsonLd: [person],
  };
}

/** The cash a franchise asks for, as a range, from whichever ends are known. */
function investmentRange(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null && min !== max) return `${dollars(min)}–${dollars(max)}`;
  if (min !== null) return max === null ? `from ${dollars(min)}` : dollars(min);
  return max === null ? null : `up to ${dollars(max)}`;
}

/**
 * `/franchisors/{id}`: the franchise's brand, investment range and territories as a schema.org
 * `Organization` (a franchisor without a franchise: their name only).
 * @example franchisorHead(site, profile).title; // 'Blue Fin Swim | Franchise Meet'
 */
export function franchisorHead(
  site: Site,
  profile: FranchisorPublicProfile,
  canonicalPath = `/franchisors/${encodeURIComponent(profile.id)}`,
): PublicPageHead {
  const url = absolute(site, canonicalPath);
  const brand = profile.franchise;
  const person = fullName(profile);
  if (!brand) {
    return {
      title: pageTitle(person),
      description: `${person}, franchisor on ${PRODUCT_NAME}.`,
      canonical: url,
      image: profile.profilePhoto ? absolute(site, profile.profilePhoto) : null,
      ogType: 'profile',
      jsonLd: [],
    };
  }
  const logo = brand.logo ? absolute(site, brand.logo) : null;
  const photos = brand.photos.map((photo) => absolute(site, photo));
  const image = logo ?? photos[0] ?? null;
  const investment = investmentRange(brand.cashRequiredMin, brand.cashRequiredMax);
  const description = clip(
    joinSentences([
      `${brand.company} franchise opportunity${brand.categories.length > 0 ? ` in ${someOf(brand.categories, 2)}` : ''}.`,
      investment ? `Investment: ${investment}.` : null,
      brand.franchiseFee === null ? null : `Franchise fee: ${dollars(brand.franchiseFee)}.`,
      sentence('Territories', brand.statesRegisteredIn, 6),
    ]),
  );
  const organization: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'Organization',
    '@id': `${url}#organization`,
    name: brand.company,
    url,
    ...(logo ? { logo } : {}),
    ...(photos.length > 0 ? { image: photos } : logo ? { image: logo } : {}),
    description: brand.overview ?? description,
    ...(brand.established === null ? {} : { foundingDate: String(brand.established) }),
    ...(brand.statesRegisteredIn.length > 0 ? { areaServed: brand.statesRegisteredIn } : {}),
    ...(brand.country
      ? { address: { '@type': 'PostalAddress', addressCountry: brand.country } }
      : {}),
    ...(brand.corporateWebsite && /^https?:\/\//i.test(brand.corporateWebsite)
      ? { sameAs: [brand.corporateWebsite] }
      : {}),
    ...(brand.cashRequiredMin !== null || brand.cashRequiredMax !== null
      ? {
          makesOffer: {
            '@type': 'Offer',
            name: `${brand.company} franchise`,
            priceSpecification: {
              '@type': 'PriceSpecification',
              priceCurrency: 'USD',
              ...(brand.cashRequiredMin === null ? {} : { minPrice: brand.cashRequiredMin }),
              ...(brand.cashRequiredMax === null ? {} : { maxPrice: brand.cashRequiredMax }),
            },
          },
        }
      : {}),
    employee: {
      '@type': 'Person',
      name: person,
      ...(profile.position ? { jobTitle: profile.position } : {}),
    },
  };
  return {
    title: pageTitle(brand.company),
    description,
    canonical: url,
    image,
    ogType: 'website',
    jsonLd: [organization],
  };
}
