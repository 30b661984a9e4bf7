import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import {
  BROKER_GROUPS,
  CASH_REQUIRED_MODES,
  COUNTRIES,
  EXPERIENCE_LEVEL_VALUES,
  INDUSTRY_SPECIALTIES,
  INVESTMENT_RANGE_VALUES,
  REGIONS,
  STATE_CODES,
} from './enums.ts';
import { ConsultantPublicProfileSchema, FranchisePublicSchema } from './profiles.ts';
import { FIELD_MESSAGES } from './texts.ts';

/**
 * Discovery (issue: find consultants and franchisors): search queries, list items, filters,
 * favourites and the AI search. Query objects cross the wire as URL search parameters, with
 * repeated keys for lists (`industry=Automotive&industry=Education`).
 */

/** Franchise booleans a consultant can filter franchisors by. */
export const FRANCHISE_FILTER_FLAGS = [
  'sbaEligible',
  'e2VisaFriendly',
  'veteranDiscount',
  'homeBased',
  'absenteeModel',
  'semiAbsenteeModel',
  'b2b',
  'masterFranchiseOpportunities',
] as const;
export type FranchiseFilterFlag = (typeof FRANCHISE_FILTER_FLAGS)[number];
export const FRANCHISE_FLAG_LABELS: Record<FranchiseFilterFlag, string> = {
  sbaEligible: 'SBA eligible',
  e2VisaFriendly: 'E2 visa friendly',
  veteranDiscount: 'Veteran discount',
  homeBased: 'Home based',
  absenteeModel: 'Absentee model',
  semiAbsenteeModel: 'Semi-absentee model',
  b2b: 'B2B',
  masterFranchiseOpportunities: 'Master franchise opportunities',
};

export const CONSULTANT_SORTS = [
  'relevance',
  'rate_asc',
  'rate_desc',
  'experience_desc',
  'rating_desc',
  'newest',
  'name_asc',
] as const;
export type ConsultantSort = (typeof CONSULTANT_SORTS)[number];
export const FRANCHISOR_SORTS = [
  'relevance',
  'investment_asc',
  'investment_desc',
  'units_desc',
  'newest',
  'name_asc',
] as const;
export type FranchisorSort = (typeof FRANCHISOR_SORTS)[number];

// --- query parsing helpers: URL parameters are strings ------------------------------------------

const numeric = v.pipe(
  v.union([
    v.number(),
    v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/, FIELD_MESSAGES.numbersOnly)),
  ]),
  v.transform(Number),
  v.finite(FIELD_MESSAGES.numbersOnly),
);
const nonNegative = v.pipe(numeric, v.minValue(0, FIELD_MESSAGES.numbersOnly));
const flag = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', '1', '0'])]),
  v.transform((x) => x === true || x === 'true' || x === '1'),
);
/** A list parameter: one value or repeated values. */
const list = <const T extends readonly [string, ...string[]]>(values: T) =>
  v.pipe(
    v.union([v.picklist(values), v.array(v.picklist(values))]),
    v.transform((x) => (Array.isArray(x) ? [...new Set(x)] : [x])),
  );
const experienceList = v.pipe(
  v.union([numeric, v.array(numeric)]),
  v.transform((x) => (Array.isArray(x) ? x : [x])),
  v.array(v.picklist(EXPERIENCE_LEVEL_VALUES, 'Unknown experience level')),
);
const paging = {
  page: v.optional(v.pipe(numeric, v.integer(), v.minValue(1)), 1),
  limit: v.optional(
    v.pipe(numeric, v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE)),
    DEFAULT_PAGE_SIZE,
  ),
};
const text = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)));

/** `GET /api/users?role=consultant` — a franchisor finding consultants. Rates are dollars per 15 minutes. */
export const ConsultantSearchQuerySchema = v.object({
  q: text,
  industry: v.optional(list(INDUSTRY_SPECIALTIES)),
  region: v.optional(list(REGIONS)),
  group: v.optional(list(BROKER_GROUPS)),
  experience: v.optional(experienceList),
  rateMin: v.optional(nonNegative),
  rateMax: v.optional(nonNegative),
  country: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  /** One state or province (code or name); `state` repeats in URLs for franchisors, so the first counts. */
  state: v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())]),
      v.transform((x) => (Array.isArray(x) ? (x[0] ?? '') : x).trim()),
      v.maxLength(60),
    ),
  ),
  city: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80))),
  favoritesOnly: v.optional(flag, false),
  sort: v.optional(v.picklist(CONSULTANT_SORTS), 'relevance'),
  ...paging,
});
export type ConsultantSearchQuery = v.InferInput<typeof ConsultantSearchQuerySchema>;
export type ConsultantSearchParams = v.InferOutput<typeof ConsultantSearchQuerySchema>;

/**
 * `GET /api/users?role=franchisor` — a consultant finding franchisors. Money in whole dollars.
 * Cash required modes (user-area §5): `range` (cashMin..cashMax), `less` (0..cashMax), `more` (cashMin..∞).
 */
export const FranchisorSearchQuerySchema = v.object({
  q: text,
  investment: v.optional(v.picklist(INVESTMENT_RANGE_VALUES)),
  category: v.optional(list(INDUSTRY_SPECIALTIES)),
  country: v.optional(v.picklist(COUNTRIES)),
  state: v.optional(list(STATE_CODES)),
  /** The investor's net worth: franchises whose minimum net worth is at most this. */
  netWorth: v.optional(nonNegative),
  cashMode: v.optional(v.picklist(CASH_REQUIRED_MODES)),
  cashMin: v.optional(nonNegative),
  cashMax: v.optional(nonNegative),
  franchiseFeeMax: v.optional(nonNegative),
  ...(Object.fromEntries(FRANCHISE_FILTER_FLAGS.map((f) => [f, v.optional(flag)])) as Record<
    FranchiseFilterFlag,
    v.OptionalSchema<typeof flag, undefined>
  >),
  favoritesOnly: v.optional(flag, false),
  sort: v.optional(v.picklist(FRANCHISOR_SORTS), 'relevance'),
  ...paging,
});
export type FranchisorSearchQuery = v.InferInput<typeof FranchisorSearchQuerySchema>;
export type FranchisorSearchParams = v.InferOutput<typeof FranchisorSearchQuerySchema>;

/** Keys whose values repeat in the URL. */
export const LIST_QUERY_KEYS = [
  'industry',
  'region',
  'group',
  'experience',
  'category',
  'state',
] as const;

/**
 * URL search parameters as a query object ready for the schemas above.
 * @example v.parse(ConsultantSearchQuerySchema, fromSearchParams(new URLSearchParams(location.search)))
 */
export function fromSearchParams(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((x) => x !== '');
    if (values.length === 0) continue;
    out[key] = (LIST_QUERY_KEYS as readonly string[]).includes(key)
      ? values
      : (values[0] as string);
  }
  return out;
}

// --- list items and answers -------------------------------------------------------------------

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

// The public profile's fields less its role and verification, taken apart in plain JS: `v.omit`
// would add a valibot function to the runtime every partner page shares (P5).
const {
  role: _role,
  isVerified: _isVerified,
  ...cardFields
} = ConsultantPublicProfileSchema.entries;

/** A consultant card in a list: the public profile's card fields plus the viewer's favourite flag. */
export const ConsultantListItemSchema = v.object({
  ...cardFields,
  isFavorite: v.boolean(),
});
export type ConsultantListItem = v.InferOutput<typeof ConsultantListItemSchema>;

/** `GET /api/users` for consultants (user-area §3). `favoriteConsultants` are the viewer's favourites matching the filters. */
export const ConsultantSearchResultSchema = v.object({
  total: v.number(),
  totalFavorite: v.number(),
  consultants: v.array(ConsultantListItemSchema),
  favoriteConsultants: v.array(ConsultantListItemSchema),
  page: v.number(),
  limit: v.number(),
});
export type ConsultantSearchResult = v.InferOutput<typeof ConsultantSearchResultSchema>;

/** A franchisor (franchisee) card: one per franchise, represented by one of its franchisor users. */
export const FranchisorListItemSchema = v.object({
  /** The franchisor user (for `/franchisors/{id}` and favourites). */
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  profilePhoto: nullableString,
  franchise: v.pick(FranchisePublicSchema, [
    'id',
    'company',
    'logo',
    'country',
    'overview',
    'categories',
    'statesRegisteredIn',
    'minNetWorth',
    'cashRequiredMin',
    'cashRequiredMax',
    'franchiseFee',
    'franchisedUnits',
    'established',
    ...FRANCHISE_FILTER_FLAGS,
  ]),
  isFavorite: v.boolean(),
});
export type FranchisorListItem = v.InferOutput<typeof FranchisorListItemSchema>;

/** `GET /api/users` for franchisors (user-area §3). */
export const FranchisorSearchResultSchema = v.object({
  total: v.number(),
  favoriteTotal: v.number(),
  franchisees: v.array(FranchisorListItemSchema),
  favoriteFranchisees: v.array(FranchisorListItemSchema),
  page: v.number(),
  limit: v.number(),
});
export type FranchisorSearchResult = v.InferOutput<typeof FranchisorSearchResultSchema>;

const countOf = <T extends v.GenericSchema>(value: T) => v.object({ value, count: v.number() });
/** An option whose value is a code and whose text is the server's label (experience, investment, flags). */
const labelledCountOf = <T extends v.GenericSchema>(value: T) =>
  v.object({ value, label: v.string(), count: v.number() });

/** `GET /api/users/filters`: every filter's options with how many visible profiles match each. */
export const SearchFiltersSchema = v.object({
  consultants: v.object({
    industries: v.array(countOf(v.picklist(INDUSTRY_SPECIALTIES))),
    regions: v.array(countOf(v.picklist(REGIONS))),
    groups: v.array(countOf(v.picklist(BROKER_GROUPS))),
    experience: v.array(labelledCountOf(v.picklist(EXPERIENCE_LEVEL_VALUES))),
    countries: v.array(countOf(v.string())),
    rate: v.object({ min: nullableNumber, max: nullableNumber }),
  }),
  franchisors: v.object({
    categories: v.array(countOf(v.picklist(INDUSTRY_SPECIALTIES))),
    countries: v.array(countOf(v.picklist(COUNTRIES))),
    states: v.array(countOf(v.picklist(STATE_CODES))),
    investmentRanges: v.array(labelledCountOf(v.picklist(INVESTMENT_RANGE_VALUES))),
    flags: v.array(labelledCountOf(v.picklist(FRANCHISE_FILTER_FLAGS))),
  }),
});
export type SearchFilters = v.InferOutput<typeof SearchFiltersSchema>;

/** `POST /api/users/favorite-consultant` toggles; the answer says the new state. */
export const FavoriteConsultantInputSchema = v.object({
  consultantId: v.pipe(v.string(), v.nonEmpty()),
});
export const FavoriteFranchisorInputSchema = v.object({
  franchisorId: v.pipe(v.string(), v.nonEmpty()),
});
export const FavoriteToggleResultSchema = v.object({ isFavorite: v.boolean(), total: v.number() });
export type FavoriteToggleResult = v.InferOutput<typeof FavoriteToggleResultSchema>;

// --- AI search ----------------------------------------------------------------------------------

export const AI_MATCH_KINDS = [
  'category',
  'state',
  'investment',
  'flag',
  'country',
  'text',
] as const;
export type AiMatchKind = (typeof AI_MATCH_KINDS)[number];

/** `GET /api/users/ai-franchisees-search?q=…`. */
export const AiSearchQuerySchema = v.object({
  q: v.pipe(
    v.string('Please describe what you are looking for'),
    v.trim(),
    v.nonEmpty('Please describe what you are looking for'),
    v.maxLength(300),
  ),
  ...paging,
});
export type AiSearchQuery = v.InferInput<typeof AiSearchQuerySchema>;

/** What the AI search understood in the sentence. */
export const AiInterpretationSchema = v.object({
  categories: v.array(v.picklist(INDUSTRY_SPECIALTIES)),
  states: v.array(v.picklist(STATE_CODES)),
  country: v.nullable(v.picklist(COUNTRIES)),
  investmentMin: nullableNumber,
  investmentMax: nullableNumber,
  flags: v.array(v.picklist(FRANCHISE_FILTER_FLAGS)),
  terms: v.array(v.string()),
});
export type AiInterpretation = v.InferOutput<typeof AiInterpretationSchema>;

/** One matched part of the request: `text` is the words of the request, `value` what they meant. */
export const AiMatchSchema = v.object({
  kind: v.picklist(AI_MATCH_KINDS),
  text: v.string(),
  value: v.string(),
});
export type AiMatch = v.InferOutput<typeof AiMatchSchema>;

export const AiSearchResultSchema = v.object({
  query: v.string(),
  interpretation: AiInterpretationSchema,
  total: v.number(),
  page: v.number(),
  limit: v.number(),
  franchisees: v.array(
    v.object({
      ...FranchisorListItemSchema.entries,
      score: v.number(),
      matched: v.array(AiMatchSchema),
    }),
  ),
});
export type AiSearchResult = v.InferOutput<typeof AiSearchResultSchema>;

// --- Territory Scout ----------------------------------------------------------------------------

/** `GET /api/territory/states?category&investment`: brands registered and consultants covering each state. */
export const TerritoryQuerySchema = v.object({
  category: v.optional(v.picklist(INDUSTRY_SPECIALTIES)),
  investment: v.optional(v.picklist(INVESTMENT_RANGE_VALUES)),
});
export type TerritoryQuery = v.InferInput<typeof TerritoryQuerySchema>;
export const TerritoryStatsSchema = v.object({
  states: v.array(
    v.object({
      code: v.picklist(STATE_CODES),
      country: v.picklist(COUNTRIES),
      brands: v.number(),
      consultants: v.number(),
    }),
  ),
  maxBrands: v.number(),
  maxConsultants: v.number(),
});
export type TerritoryStats = v.InferOutput<typeof TerritoryStatsSchema>;

/** Searching and favoriting consultants and franchisors (the SDK's `discovery.ts`). */
export const DISCOVERY_OPERATIONS = {
  fetchConsultants: 'Error fetching consultants',
  fetchFilteredConsultants: 'Error fetching filtered consultants',
  fetchFranchisors: 'Error fetching franchisors',
  getFilters: 'Error getting filters',
  addFavoriteConsultant: 'Error adding favorite consultant',
  addFavoriteFranchisor: 'Error adding favorite franchisor',
  aiSearchFranchisors: 'Error searching franchisors',
  fetchTerritory: 'Error fetching territory data',
} as const;
