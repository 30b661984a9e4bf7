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
} as const;
