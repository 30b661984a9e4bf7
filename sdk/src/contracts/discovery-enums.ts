/**
 * The discovery filters' enumerations: apart from the other enumerations so that only the pages
 * that search or show franchises load them (P5).
 */
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
