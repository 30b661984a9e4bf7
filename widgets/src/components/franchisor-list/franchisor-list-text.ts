import {
  CASH_REQUIRED_MODES,
  type CashRequiredMode,
  FRANCHISOR_SORTS,
  type FranchisorSort,
} from '@fm/sdk/contracts';
import { formatCount } from '../list-kit/list-format.ts';

/** Texts of the franchisor list (the spec names none of them). */
export const FRANCHISOR_LIST_TEXT = {
  label: 'Franchisors',
  all: 'All franchisors',
  search: 'Search franchisors',
  searchPlaceholder: 'Brand, category or keyword',
  investment: 'Investment range',
  categories: 'Categories',
  country: 'Country',
  states: 'States and provinces',
  cardStates: 'Registered in',
  netWorth: 'Your net worth',
  cashRequired: 'Cash required',
  cashMode: 'Cash required',
  cashMin: 'Cash required min',
  cashMax: 'Cash required max',
  franchiseFeeMax: 'Max franchise fee',
  features: 'Franchise features',
  minNetWorth: 'Min net worth',
  franchiseFee: 'Franchise fee',
  units: 'Units',
  empty: 'No franchisors match your filters.',
  emptyFavourites: 'No favourite franchisors match these filters yet.',
  signIn: 'Sign in to browse franchisors',
  signInLink: 'Log In',
  count: (count: number) => formatCount(count, 'franchisor', 'franchisors'),
  aiLabel: 'AI search',
  aiRegion: 'Search with AI',
  aiPlaceholder:
    'Describe the franchise you want, e.g. home-based senior care under $150k in Texas',
  aiSubmit: 'Search with AI',
  aiRequired: 'Please describe what you are looking for',
  aiReading: 'Reading your request…',
  aiUnderstood: 'Understood:',
  aiNothingUnderstood:
    'No category, place, amount or feature was recognised; brands are ranked by the words of your request.',
  aiHint: 'Ranked by how well each brand matches. Change any filter to refine these results.',
  aiClear: 'Clear AI search',
  aiMatches: 'Matches your request',
  aiEmpty: 'No franchisors match your request. Try other words, or fewer of them.',
} as const;

/** How the cash-required modes of user-area §5 are offered. */
export const CASH_MODE_LABELS: Record<CashRequiredMode, string> = {
  range: 'Between',
  less: 'Less than',
  more: 'More than',
};

export const CASH_MODE_OPTIONS = CASH_REQUIRED_MODES.map((value) => ({
  value,
  label: CASH_MODE_LABELS[value],
}));

export const FRANCHISOR_SORT_LABELS: Record<FranchisorSort, string> = {
  relevance: 'Best match',
  investment_asc: 'Investment: low to high',
  investment_desc: 'Investment: high to low',
  units_desc: 'Most units',
  newest: 'Newest',
  name_asc: 'Name (A–Z)',
};

export const FRANCHISOR_SORT_OPTIONS = FRANCHISOR_SORTS.map((value) => ({
  value,
  label: FRANCHISOR_SORT_LABELS[value],
}));
