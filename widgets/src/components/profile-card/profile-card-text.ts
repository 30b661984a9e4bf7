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
  noReviews: 'No reviews yet',
  verified: 'Verified',
  rating: 'Average rating',
  investment: 'Investment',
  netWorth: 'Minimum net worth',
  cashRequired: 'Cash required',
  franchiseFee: 'Franchise fee',
  royalty: 'Royalty',
  adFee: 'Ad fee',
  units: 'Units',
  established: 'Established',
  gallery: 'Gallery',
  franchisedUnits: (n: number) => `${n.toLocaleString('en-US')} franchised`,
  corporateUnits: (n: number) => `${n.toLocaleString('en-US')} corporate`,
  galleryPhoto: (company: string, index: number, count: number) =>
    `${company}, photo ${index} of ${count}`,
} as const;
