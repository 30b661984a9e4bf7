import { CONSULTANT_SORTS, type ConsultantSort, MINUTES_PER_RATE_UNIT } from '@fm/sdk/contracts';
import { formatCount } from '../list-kit/list-format.ts';

/** Texts of the consultant list (the spec names none of them but the rate unit). */
export const CONSULTANT_LIST_TEXT = {
  label: 'Consultants',
  all: 'All consultants',
  search: 'Search consultants',
  searchPlaceholder: 'Name, company or keyword',
  industries: 'Industries',
  regions: 'Regions',
  groups: 'Broker groups',
  experience: 'Experience',
  rate: `Rate per ${MINUTES_PER_RATE_UNIT} minutes`,
  rateMin: 'Min rate',
  rateMax: 'Max rate',
  rating: 'Rating',
  empty: 'No consultants match your filters.',
  emptyFavourites: 'No favourite consultants match these filters yet.',
  signIn: 'Sign in to browse consultants',
  signInLink: 'Log In',
  count: (count: number) => formatCount(count, 'consultant', 'consultants'),
} as const;

/** How each sort of the contract is labelled. */
export const CONSULTANT_SORT_LABELS: Record<ConsultantSort, string> = {
  relevance: 'Best match',
  rate_asc: 'Rate: low to high',
  rate_desc: 'Rate: high to low',
  experience_desc: 'Most experienced',
  rating_desc: 'Highest rated',
  newest: 'Newest',
  name_asc: 'Name (A–Z)',
};

export const CONSULTANT_SORT_OPTIONS = CONSULTANT_SORTS.map((value) => ({
  value,
  label: CONSULTANT_SORT_LABELS[value],
}));
