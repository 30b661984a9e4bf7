/**
 * The labelled set of the AI search: requests a consultant could type, each with the companies of
 * `quality-fixture.ts` a careful reader would accept as answers (all of the request's conditions
 * hold: category or the specific kind of business, place, money, flags). Near-misses are left out
 * on purpose. Invisible fixture brands are never relevant.
 *
 * The queries marked `blind` were written afterwards, phrased as a user would without looking at
 * the lexicon, to measure what the first ones (written beside it) cannot.
 */
export interface LabelledQuery {
  q: string;
  relevant: string[];
  /** Why the query is in the set, when it tests something particular. */
  note?: string;
  blind?: true;
}

export const LABELLED_QUERIES: LabelledQuery[] = [
  {
    q: 'home-based senior care under $150k in Texas or Florida, veteran discount',
    relevant: ['Golden Years Home Care', 'Silver Lining Companions'],
    note: "the issue's example",
  },
  {
    q: 'senior care in Ohio',
    relevant: ['Evergreen Elder Care', 'Buckeye Senior Helpers'],
  },
  {
    q: 'elderly home care franchise in California',
    relevant: ['Harbor Light Home Health', 'Pacific Comfort Care'],
  },
  {
    q: 'home care in ca or az',
    relevant: ['Harbor Light Home Health', 'Pacific Comfort Care'],
    note: 'lower-case codes after "in"',
  },
  {
    q: 'pizza restaurant in Texas',
    relevant: ['Lone Star Pizza Co.', 'Alamo Pizza Kitchen'],
  },
  {
    q: 'burger franchise under $500k',
    relevant: ['Smokehouse Burger Bar', 'Patty Wagon Burgers', 'Great White North Poutine'],
  },
  {
    q: 'fast food chain with veteran discount in Ohio or Michigan',
    relevant: ['Patty Wagon Burgers', 'Midwest Wings'],
  },
  {
    q: 'burgers or pizza in OH',
    relevant: ['Patty Wagon Burgers'],
    note: 'two specific words behind one category',
  },
  {
    q: 'coffee shop in Canada',
    relevant: ['Maple Leaf Coffee House', 'Northern Bean Roasters'],
  },
  {
    q: 'espresso cafe in British Columbia',
    relevant: ['Maple Leaf Coffee House', 'Northern Bean Roasters'],
  },
  {
    q: 'drive-thru coffee',
    relevant: ['Sunrise Drive-Thru Coffee'],
  },
  {
    q: 'gym in Florida',
    relevant: [
      'Iron Temple Gym',
      'Zen Flow Yoga',
      'FitCamp Outdoor Bootcamp',
      'Barre Balance Studio',
    ],
  },
  {
    q: 'yoga or pilates studio',
    relevant: ['Zen Flow Yoga', 'Core Pilates Studio'],
  },
  {
    q: 'boutique fitness with an absentee owner model',
    relevant: ['Knockout Boxing Club', 'Barre Balance Studio'],
  },
  {
    q: 'Less than $200,000 fitness franchise',
    relevant: ['Knockout Boxing Club', 'FitCamp Outdoor Bootcamp', 'Barre Balance Studio'],
    note: "the contracts' investment-range label",
  },
  {
    q: 'daycare in the Midwest',
    relevant: ['Little Explorers Daycare', 'Sprout Academy Preschool'],
    note: 'a US region',
  },
  {
    q: 'CHILD CARE IN TX OR FL',
    relevant: ['Sunny Days Child Care'],
    note: 'a shouted sentence: codes read as in prose',
  },
  {
    q: 'tutoring for kids, home-based',
    relevant: ['Bright Minds Tutoring', 'Harbourfront Tutoring'],
  },
  {
    q: 'STEM enrichment programs for children',
    relevant: ['RoboBuilders STEM Lab', 'Code Crafters Kids'],
  },
  {
    q: 'swim lessons for kids',
    relevant: ['Splash Swim School'],
  },
  {
    q: 'handyman business I can run from home',
    relevant: ['Handy Pros Home Repair'],
  },
  {
    q: 'plumbing or HVAC services in Georgia',
    relevant: ['Peach State Plumbing & HVAC'],
    note: 'a GA handyman is a near-miss',
  },
  {
    q: 'commercial cleaning B2B franchise',
    relevant: ['ShineBright Commercial Cleaning', 'Pristine Office Janitorial'],
  },
  {
    q: 'residential maid service under $100k',
    relevant: ['Sparkle Maids'],
    note: 'a commercial cleaner under $100k is a near-miss',
  },
  {
    q: 'roofing and remodeling in the Southeast',
    relevant: ['Summit Roofing & Remodeling'],
    note: 'a US region',
  },
  {
    q: 'dog grooming franchise',
    relevant: ['Pampered Paws Grooming', 'Mobile Mutts Grooming Van'],
  },
  {
    q: 'pet services in New York under $200k',
    relevant: ['Pampered Paws Grooming'],
  },
  {
    q: 'oil change and car wash',
    relevant: ['QuickLube Express', 'Crystal Clear Car Wash'],
  },
  {
    q: 'auto repair franchise with SBA financing',
    relevant: ['Precision Auto Repair'],
  },
  {
    q: 'hair salon suites, semi-absentee',
    relevant: ['Luxe Salon Suites'],
  },
  {
    q: 'med spa in Arizona',
    relevant: ['Glow Med Spa'],
  },
  {
    q: 'real estate brokerage franchise',
    relevant: ['Keystone Realty Partners'],
  },
  {
    q: 'staffing agency B2B in Illinois',
    relevant: ['TalentBridge Staffing'],
  },
  {
    q: 'tax preparation franchise, part-time',
    relevant: ['Ledger & Line Tax Service'],
  },
  {
    q: 'print and sign shop',
    relevant: ['SignPost Print & Signs', 'ShipRight Pack & Print'],
  },
  {
    q: 'moving company in the Pacific Northwest',
    relevant: ['Northwest Movers'],
    note: 'a region; junk removal in WA is a near-miss',
  },
  {
    q: 'pest control in TX',
    relevant: ['Bug Busters Pest Control', 'Skeeter Shield Mosquito'],
  },
  {
    q: 'mosquito control for backyards',
    relevant: ['Skeeter Shield Mosquito'],
  },
  {
    q: 'ice cream or frozen yogurt shop in New England',
    relevant: ['Polar Scoop Ice Cream'],
  },
  {
    q: 'bagel bakery in New Jersey',
    relevant: ['Rise & Knead Bagels'],
  },
  {
    q: 'E-2 visa friendly franchise under $200k',
    relevant: [
      'Global Bites Food Hall',
      'Maple Leaf Coffee House',
      'Tea Garden Boba',
      'YoBerry Frozen Yogurt',
    ],
    note: 'flag and money only',
  },
  {
    q: 'master franchise opportunities in Canada',
    relevant: ['Great White North Poutine', 'Maple Leaf Coffee House'],
  },
  {
    q: 'low cost home-based franchise for veterans',
    relevant: [
      'Golden Years Home Care',
      'Silver Lining Companions',
      'Evergreen Elder Care',
      'Handy Pros Home Repair',
      'Mobile Mutts Grooming Van',
      'Bug Busters Pest Control',
    ],
    note: '"low cost" reads as \u2264 $100,000',
  },
  {
    q: 'franchise between $300k and $400k in Nevada',
    relevant: ['Green Bowl Salads', 'Precision Auto Repair', 'Glow Med Spa'],
    note: 'a range: overlapping cash ranges count',
  },
  {
    q: 'hotel investment over $1M',
    relevant: ['Lakeside Inn & Suites', 'Roadside Motor Lodge'],
    note: 'a lower bound',
  },
  {
    q: 'something with drones',
    relevant: ['SkyView Drone Services'],
    note: 'text only: no category, place, money or flag',
  },
  {
    q: 'escape room entertainment',
    relevant: ['Enigma Escape Rooms'],
  },
  {
    q: 'franchise in the Maritimes',
    relevant: ['Atlantic Lobster Shack', 'Harbourfront Tutoring'],
    note: 'a Canadian region',
  },
  {
    q: 'lawn care and landscaping in NC',
    relevant: ['GreenBlade Lawn Care', 'Terra Firma Landscaping'],
  },
  {
    q: 'travel agency I can run from home',
    relevant: ['Wanderlust Travel Advisors'],
  },
  {
    q: 'insurance agency in Quebec',
    relevant: ['Shield Insurance Agency'],
  },
  {
    q: 'cell phone repair',
    relevant: ['FixIt Phone Repair'],
  },
  {
    q: 'water damage restoration with SBA loan',
    relevant: ['RestoreRight Water & Fire'],
  },
  {
    q: 'security guard services for businesses',
    relevant: ['Sentinel Guard Services'],
  },
  {
    q: 'not food, under $80k, home-based',
    relevant: [
      'Golden Years Home Care',
      'Silver Lining Companions',
      'Bright Path Home Care',
      'Maple Grove Caregivers',
      'FitCamp Outdoor Bootcamp',
      'Bright Minds Tutoring',
      'RoboBuilders STEM Lab',
      'Code Crafters Kids',
      'Harbourfront Tutoring',
      'Handy Pros Home Repair',
      'ShineBright Commercial Cleaning',
      'Sparkle Maids',
      'FloorCraft Flooring',
      'Shine Mobile Detailing',
      'Keystone Realty Partners',
      'Urban Property Management',
      'Ledger & Line Tax Service',
      'Box & Haul Junk Removal',
      'Bug Busters Pest Control',
      'Skeeter Shield Mosquito',
      'SkyView Drone Services',
      'GreenBlade Lawn Care',
      'Wanderlust Travel Advisors',
      'Guardian Insurance Partners',
      'SafeHome Alarm Systems',
    ],
    note: 'negation',
  },
  {
    q: 'SBA eligible franchise in Tennessee',
    relevant: ['Summit Roofing & Remodeling', 'QuickLube Express', 'Lakeside Inn & Suites'],
  },
  {
    q: 'semi-absentee franchise in Ontario',
    relevant: ['Maple Grove Caregivers', 'Maple Leaf Coffee House'],
  },
  {
    q: 'B2B franchise in Ohio',
    relevant: ['Pristine Office Janitorial', 'TalentBridge Staffing', 'SignPost Print & Signs'],
  },
  {
    q: 'membership based business',
    relevant: ['Zen Flow Yoga', 'Crystal Clear Car Wash'],
    note: 'text only',
  },
  {
    q: 'seafood restaurant',
    relevant: ['Atlantic Lobster Shack'],
  },
  {
    q: 'Canadian home care franchise',
    relevant: ['Maple Grove Caregivers'],
  },
  {
    q: 'I want to help elderly people stay at home',
    relevant: [
      'Golden Years Home Care',
      'Silver Lining Companions',
      'Harbor Light Home Health',
      'Pacific Comfort Care',
      'Evergreen Elder Care',
      'Buckeye Senior Helpers',
      'Bright Path Home Care',
      'Maple Grove Caregivers',
    ],
    blind: true,
  },
  {
    q: 'restaurant franchise in Texas for about 250 thousand dollars',
    relevant: ['Lone Star Pizza Co.', 'Alamo Pizza Kitchen', 'Taco Fiesta Express'],
    blind: true,
  },
  {
    q: 'a dog business',
    relevant: ['Pampered Paws Grooming', 'Wagging Tails Dog Daycare', 'Mobile Mutts Grooming Van'],
    blind: true,
  },
  {
    q: 'something in beauty for an investor who does not want to be there every day',
    relevant: ['Luxe Salon Suites', 'Glow Med Spa'],
    blind: true,
  },
  {
    q: 'franchises for veterans in the Lone Star State',
    relevant: [
      'Golden Years Home Care',
      'Silver Lining Companions',
      'Lone Star Pizza Co.',
      'Smokehouse Burger Bar',
      'Knockout Boxing Club',
      'Sunny Days Child Care',
      'Mobile Mutts Grooming Van',
      'Bug Busters Pest Control',
    ],
    blind: true,
  },
  {
    q: 'home-based business with no storefront for a stay at home mom',
    relevant: [
      'Golden Years Home Care',
      'Silver Lining Companions',
      'Harbor Light Home Health',
      'Pacific Comfort Care',
      'Evergreen Elder Care',
      'Bright Path Home Care',
      'Maple Grove Caregivers',
      'Kitchen Table Meal Prep',
      'FitCamp Outdoor Bootcamp',
      'Bright Minds Tutoring',
      'RoboBuilders STEM Lab',
      'Code Crafters Kids',
      'Harbourfront Tutoring',
      'Handy Pros Home Repair',
      'ShineBright Commercial Cleaning',
      'Sparkle Maids',
      'FloorCraft Flooring',
      'Mobile Mutts Grooming Van',
      'Shine Mobile Detailing',
      'Keystone Realty Partners',
      'Urban Property Management',
      'Ledger & Line Tax Service',
      'Box & Haul Junk Removal',
      'Bug Busters Pest Control',
      'Skeeter Shield Mosquito',
      'SkyView Drone Services',
      'GreenBlade Lawn Care',
      'Wanderlust Travel Advisors',
      'Guardian Insurance Partners',
      'SafeHome Alarm Systems',
    ],
    blind: true,
  },
  {
    q: 'I want a gym but I need to keep my 9-5',
    relevant: [
      'Zen Flow Yoga',
      'Core Pilates Studio',
      'Knockout Boxing Club',
      'Barre Balance Studio',
    ],
    blind: true,
  },
  {
    q: "senior care, I'm ex-Army",
    relevant: [
      'Golden Years Home Care',
      'Silver Lining Companions',
      'Heritage Senior Living Services',
      'Evergreen Elder Care',
    ],
    blind: true,
  },
  {
    q: 'anything I can run part time in Florida for under 100k',
    relevant: [
      'ShineBright Commercial Cleaning',
      'Ledger & Line Tax Service',
      'Skeeter Shield Mosquito',
      'Wanderlust Travel Advisors',
    ],
    blind: true,
  },
  {
    q: "children's birthday party place",
    relevant: ['Galaxy Fun Zone'],
    blind: true,
  },
  {
    q: 'hvac or plumbing under $200k with sba',
    relevant: ['Peach State Plumbing & HVAC', 'Desert Air HVAC'],
    blind: true,
  },
  {
    q: 'fitness studios in the sunshine state',
    relevant: [
      'Iron Temple Gym',
      'Zen Flow Yoga',
      'FitCamp Outdoor Bootcamp',
      'Barre Balance Studio',
    ],
    blind: true,
  },
  {
    q: "I'm on an E2 visa and want a frozen yogurt shop",
    relevant: ['YoBerry Frozen Yogurt'],
    blind: true,
  },
  {
    q: 'Montreal or Toronto coffee',
    relevant: ['Maple Leaf Coffee House'],
    blind: true,
  },
  {
    q: 'car stuff in Florida',
    relevant: ['Crystal Clear Car Wash', 'Shine Mobile Detailing'],
    blind: true,
  },
  {
    q: 'franchise for nurses',
    relevant: ['Apex Medical Staffing'],
    blind: true,
  },
  {
    q: 'tutoring in Nova Scotia',
    relevant: ['Harbourfront Tutoring'],
    blind: true,
  },
  {
    q: 'pet grooming I can do from a van',
    relevant: ['Mobile Mutts Grooming Van'],
    blind: true,
  },
  {
    q: 'bakery with cupcakes in GA',
    relevant: ['Sweet Crumb Bakery'],
    blind: true,
  },
  {
    q: 'bubble tea under 300k in California',
    relevant: ['Tea Garden Boba'],
  },
];
