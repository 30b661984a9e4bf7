import { formatNumber } from '../../kit/format/format.ts';

/**
 * Texts of the profile card. The spec names none of them; they live here, beside the card,
 * until a screen of the spec needs the same words (then they move to `@fm/sdk/contracts`).
 */
export const PROFILE_CARD_TEXT = {
  loading: 'Loading profile…',
  experience: 'Experience',
  industries: 'Industries',
  regions: 'Regions',
  categories: 'Categories',
  states: 'States',
  verified: 'Verified',
  investment: 'Investment',
  netWorth: 'Minimum net worth',
  cashRequired: 'Cash required',
  franchiseFee: 'Franchise fee',
  royalty: 'Royalty',
  adFee: 'Ad fee',
  units: 'Units',
  established: 'Established',
  gallery: 'Gallery',
  franchisedUnits: (n: number) => `${formatNumber(n)} franchised`,
  corporateUnits: (n: number) => `${formatNumber(n)} corporate`,
  galleryPhoto: (company: string, index: number, count: number) =>
    `${company}, photo ${index} of ${count}`,
} as const;

/** The rating's words, on the profile card and on a list's consultant cards. */
export const RATING_TEXT = {
  none: 'No reviews yet',
  average: 'Average rating',
} as const;
