/**
 * Every enumeration of the product, defined once. Server, party, SDK and UIs import these.
 * Arrays are `as const` so that valibot `picklist`s and TypeScript unions derive from them.
 */

/** Stored role values. The spec's `franchisee` is an input alias of `franchisor` (rule 5). */
export const ROLES = ['franchisor', 'consultant', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a visitor may sign up with; `admin` is never self-assigned. */
export const SIGN_UP_ROLES = ['franchisor', 'consultant'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];
/** Role values accepted on input (query, body). */
export const ROLE_INPUTS = ['franchisor', 'franchisee', 'consultant', 'admin'] as const;
export type RoleInput = (typeof ROLE_INPUTS)[number];
/** Maps an input role (which may be the `franchisee` alias) to its stored value. */
export function normalizeRole(role: RoleInput): Role {
  return role === 'franchisee' ? 'franchisor' : role;
}

/** Meeting (session) states of rule 8. `finished` is accepted on input as `completed`. */
export const BOOKING_STATUSES = ['future', 'pending', 'completed', 'declined'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_INPUTS = [...BOOKING_STATUSES, 'finished'] as const;
export type BookingStatusInput = (typeof BOOKING_STATUS_INPUTS)[number];

/** A payment row's meeting status and its paid flag. */
export const PAYMENT_MEETING_STATUSES = ['pending', 'declined', 'completed'] as const;
export type PaymentMeetingStatus = (typeof PAYMENT_MEETING_STATUSES)[number];
export const PAYMENT_PAID_STATES = ['paid', 'unpaid'] as const;
export type PaymentPaidState = (typeof PAYMENT_PAID_STATES)[number];
/** Buckets of `GET users/payments-total`. */
export const PAYMENT_TOTAL_BUCKETS = ['FUTURE', 'PENDING', 'COMPLETED'] as const;
export type PaymentTotalBucket = (typeof PAYMENT_TOTAL_BUCKETS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Label shown when a franchise has no subscription status. */
export const UNSUBSCRIBED_LABEL = 'Unsubscribed';
/** Statuses that unlock booking and messaging for a franchisor (rule 11). */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

export const BRAND_NAME_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BrandNameStatus = (typeof BRAND_NAME_STATUSES)[number];

export const PROMOTION_STATUSES = ['active', 'inactive'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
/** How a promotion's status is labelled in the admin table. */
export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  active: 'Running',
  inactive: 'Paused',
};
export const PROMOTION_EFFECTS = ['Price', 'Gift'] as const;
export type PromotionEffect = (typeof PROMOTION_EFFECTS)[number];
export const PROMOTION_AFFECTED = ['Franchise', 'Consultant'] as const;
export type PromotionAffected = (typeof PROMOTION_AFFECTED)[number];

export const CALENDAR_PROVIDERS = ['google', 'office365'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];

export const COUNTRIES = ['USA', 'Canada'] as const;
export type Country = (typeof COUNTRIES)[number];

/** Cash-required filter modes (user-area §5). */
export const CASH_REQUIRED_MODES = ['range', 'less', 'more'] as const;
export type CashRequiredMode = (typeof CASH_REQUIRED_MODES)[number];

/** Investment ranges in whole dollars; `max: null` is unbounded. */
export const INVESTMENT_RANGES = [
  { value: 'any', label: 'Any', min: null, max: null },
  { value: 'lt200k', label: 'Less than $200,000', min: null, max: 200_000 },
  { value: '200k-300k', label: '$200,000 - $300,000', min: 200_000, max: 300_000 },
  { value: '300k-400k', label: '$300,000 - $400,000', min: 300_000, max: 400_000 },
  { value: 'gt400k', label: 'More than $400,000', min: 400_000, max: null },
] as const;
export type InvestmentRange = (typeof INVESTMENT_RANGES)[number]['value'];
export const INVESTMENT_RANGE_VALUES = INVESTMENT_RANGES.map((r) => r.value) as [
  InvestmentRange,
  ...InvestmentRange[],
];

export const EXPERIENCE_LEVELS = [
  { value: 1, label: 'less than 1 year' },
  { value: 2, label: 'greater than 1 year' },
  { value: 3, label: '3 years' },
  { value: 5, label: '5 years' },
  { value: 10, label: '10 years' },
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]['value'];
export const EXPERIENCE_LEVEL_VALUES = EXPERIENCE_LEVELS.map((e) => e.value) as [
  ExperienceLevel,
  ...ExperienceLevel[],
];

export const REGIONS = [
  'USA',
  'Canada',
  'Europe',
  'Middle East and North Africa',
  'Asia',
  'South and Central America',
] as const;
export type Region = (typeof REGIONS)[number];

/** The 16 broker groups, ending with Others. */
export const BROKER_GROUPS = [
  'FranNet',
  'FranChoice',
  'IFPG',
  'Franchise Brokers Association',
  "The Entrepreneur's Source",
  'Business Alliance',
  'FranServe',
  'Franchise Empire',
  'The Franchise Consulting Company',
  'Frannexus',
  'International Franchise Association',
  'Canadian Franchise Association',
  'Franchise Experts Network',
  'Franchise Matchmakers',
  'Independent',
  'Others',
] as const;
export type BrokerGroup = (typeof BROKER_GROUPS)[number];

/** The 39 industry specialties (also the franchise categories), ending with Others. */
export const INDUSTRY_SPECIALTIES = [
  'Advertising & Marketing',
  'Automotive',
  'Bakery & Bagels',
  'Beauty & Spa',
  'Business Services',
  'Child Care',
  "Children's Enrichment",
  'Cleaning & Maintenance',
  'Coffee & Tea',
  'Computer & Technology',
  'Construction & Remodeling',
  'Dental & Medical',
  'Education',
  'Entertainment',
  'Fitness',
  'Food & Restaurants',
  'Frozen Desserts',
  'Health & Wellness',
  'Home Improvement',
  'Home Services',
  'Hotels & Lodging',
  'Insurance',
  'Lawn & Garden',
  'Mailing & Shipping',
  'Moving & Storage',
  'Personal Services',
  'Pest Control',
  'Pet Services',
  'Printing & Signs',
  'Real Estate',
  'Restoration',
  'Retail',
  'Security',
  'Senior Care',
  'Sports & Recreation',
  'Staffing & Recruiting',
  'Tax & Financial Services',
  'Travel',
  'Others',
] as const;
export type IndustrySpecialty = (typeof INDUSTRY_SPECIALTIES)[number];

export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export const CANADIAN_PROVINCES = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
] as const;

export type UsStateCode = (typeof US_STATES)[number]['code'];
export type ProvinceCode = (typeof CANADIAN_PROVINCES)[number]['code'];
export type StateCode = UsStateCode | ProvinceCode;
/** Every state and province code, for validating `statesRegisteredIn`. */
export const STATE_CODES = [...US_STATES, ...CANADIAN_PROVINCES].map((s) => s.code) as [
  StateCode,
  ...StateCode[],
];
/** States and provinces by country: the form filters `statesRegisteredIn` by the chosen country. */
export const STATES_BY_COUNTRY: Record<Country, readonly { code: StateCode; name: string }[]> = {
  USA: US_STATES,
  Canada: CANADIAN_PROVINCES,
};

/** The 13 selectable time zones of user-area §9. */
export const TIME_ZONES = [
  'Europe/London',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Winnipeg',
  'America/Edmonton',
  'America/Vancouver',
  'America/Halifax',
  'America/St_Johns',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
/**
 * A zone's name as people read it, wherever a time names its zone.
 * @example timeZoneLabel('America/Los_Angeles'); // 'America/Los Angeles'
 */
export const timeZoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/** Commission kinds of a franchise's referral fee (domestic and international). */
export const COMMISSION_KINDS = [
  'singleUnit',
  'veteran',
  'areaMaster',
  'resale',
  'multipleUnit',
] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** Profile-completeness steps (user-area §4). */
export const FRANCHISOR_PROFILE_STEPS = [
  'Franchise Details',
  'Gallery',
  'Contact',
  'Investment Profile',
  'Training and Support',
  'Referral Fee',
] as const;
export const CONSULTANT_PROFILE_STEPS = ['General Info', 'Payment Details', 'Rate'] as const;
export type ProfileStep =
  | (typeof FRANCHISOR_PROFILE_STEPS)[number]
  | (typeof CONSULTANT_PROFILE_STEPS)[number];

/** Display statuses of accounts (user-area §4, admin-panel §4). */
export const FRANCHISOR_DISPLAY_STATUSES = [
  'Inactive',
  'Deleted',
  'Deactivated',
  'Hidden',
  'Activated',
] as const;
export type FranchisorDisplayStatus = (typeof FRANCHISOR_DISPLAY_STATUSES)[number];
