import { EARLY_ACCESS_PROMO_CODE, REFERRAL_INVITES_FOR_PREMIUM } from '@fm/sdk/contracts';
import type { SeededConsultant } from './consultants.ts';
import type { SeededFranchisor } from './franchises.ts';
import { DAY_MS, HOUR_MS, seededFaker, seedId } from './random.ts';
import type { DemoData, Row } from './tables.ts';

interface PromotionSeed {
  key: string;
  name: string;
  description: string;
  effect: Row<'promotion'>['effect'];
  affected: Row<'promotion'>['affected'];
  status: 'active' | 'inactive';
  /** Days from `now`. */
  startDays: number;
  endDays: number;
}

const PROMOTIONS: PromotionSeed[] = [
  {
    key: 'early-access-pricing',
    name: 'Early Access Pricing',
    description: `Subscribe with the code ${EARLY_ACCESS_PROMO_CODE} and pay $300 a month for your 12-month term instead of $497.`,
    effect: 'Price',
    affected: 'Franchise',
    status: 'active',
    startDays: -45,
    endDays: 120,
  },
  {
    key: 'premium-profile-visibility',
    name: 'Premium Profile Visibility',
    description: `Invite ${REFERRAL_INVITES_FOR_PREMIUM} fellow consultants to Franchise Meet and your profile is featured at the top of search results for three months.`,
    effect: 'Gift',
    affected: 'Consultant',
    status: 'active',
    startDays: -30,
    endDays: 150,
  },
  {
    key: 'first-meeting-welcome-gift',
    name: 'First Meeting Welcome Gift',
    description:
      'Complete your first paid meeting this month and receive a branded Franchise Meet welcome kit.',
    effect: 'Gift',
    affected: 'Consultant',
    status: 'active',
    startDays: -10,
    endDays: 50,
  },
  {
    key: 'discovery-day-bundle',
    name: 'Discovery Day Bundle',
    description:
      'Book three 60-minute meetings before your next Discovery Day and the third one is on us.',
    effect: 'Price',
    affected: 'Franchise',
    status: 'active',
    startDays: -5,
    endDays: 60,
  },
  {
    key: 'spring-referral-bonus',
    name: 'Spring Referral Bonus',
    description:
      'A bonus on every referral fee earned through the platform during the spring season.',
    effect: 'Price',
    affected: 'Consultant',
    status: 'inactive',
    startDays: -150,
    endDays: -90,
  },
  {
    key: 'franchise-expo-giveaway',
    name: 'Franchise Expo Giveaway',
    description:
      'Franchise brands that subscribed at the expo received a free profile photo shoot.',
    effect: 'Gift',
    affected: 'Franchise',
    status: 'inactive',
    startDays: -120,
    endDays: -100,
  },
  {
    key: 'annual-upfront-discount',
    name: 'Annual Upfront Discount',
    description: 'Pay the 12-month term upfront and save one month. Launching soon.',
    effect: 'Price',
    affected: 'Franchise',
    status: 'inactive',
    startDays: 30,
    endDays: 210,
  },
];

const NEW_BRAND_NAMES = [
  'Sparkle Squad Cleaning',
  'Tiny Titans Gym',
  'Harvest Table Bistro',
  'Paws & Relax Pet Resort',
  'FixIt Friday Handyman',
  'Crumb & Co. Bakery',
  'Canopy Tree Care',
  'BrightPath Tutoring',
  'Velocity Car Wash',
  'Stillwater Float Spa',
  'Ember Hot Yoga',
  'Northline Logistics',
];

const REJECTED_BRAND_NAMES = [
  'Home Care',
  'Best Franchise Ever',
  'Test Company 123',
  'Franchise Meet Official',
  'The Pizza',
];

const SUPPORT_DETAILS = [
  'I cannot find where to change the time zone of my calendar. Could you point me to the right page?',
  'Our franchise has two locations registered by mistake. Can you merge them into one profile?',
  'The consultant I met marked the meeting complete, but I was charged twice on my statement.',
  'How do I add a second franchisor user to our brand so our sales director can book meetings?',
  'I would like to know when consultant payouts are sent each month.',
  'We are a franchise brand interested in listing on Franchise Meet. Who can walk us through onboarding?',
  'My activation link expired before I could use it. Please send a new one.',
  'Is there an API or embeddable widget we can use on our own franchise development site?',
];

const USER_REQUESTS: { type: string; details: string; status: Row<'userRequest'>['status'] }[] = [
  {
    type: 'account_deletion',
    details: 'Please delete my account and all personal data.',
    status: 'pending',
  },
  {
    type: 'email_change',
    details: 'I moved to a new company e-mail address and cannot update it myself.',
    status: 'pending',
  },
  {
    type: 'brand_transfer',
    details: 'Please move my user to our parent brand after the acquisition.',
    status: 'approved',
  },
  {
    type: 'data_export',
    details: 'Requesting an export of all meetings and payments for our accountant.',
    status: 'approved',
  },
  {
    type: 'profile_review',
    details: 'Please review our updated FDD documents before they go public.',
    status: 'pending',
  },
  {
    type: 'rate_change',
    details: 'I would like to raise my rate above $150 for enterprise clients.',
    status: 'rejected',
  },
  {
    type: 'account_reactivation',
    details: 'My account was deactivated while I was on leave; please reactivate it.',
    status: 'pending',
  },
  {
    type: 'refund',
    details: 'The meeting on my statement was cancelled by the consultant; please refund it.',
    status: 'rejected',
  },
];

/**
 * What the admin panel manages besides users and meetings: promotions (both effects, both audiences,
 * running and paused), brand-name requests (pending, approved, rejected), support and user requests.
 */
export function buildAdminData(
  data: DemoData,
  ctx: {
    now: Date;
    adminId: string;
    franchisors: SeededFranchisor[];
    consultants: SeededConsultant[];
  },
) {
  const faker = seededFaker(5);
  const now = ctx.now.getTime();
  const daysAgo = (min: number, max: number) =>
    new Date(now - faker.number.int({ min: min * 24, max: max * 24 }) * HOUR_MS);

  PROMOTIONS.forEach((p, n) => {
    const createdAt = new Date(now + Math.min(p.startDays, 0) * DAY_MS - 2 * DAY_MS);
    data.promotion.push({
      id: seedId('promotion', p.key),
      key: p.key,
      name: p.name,
      description: p.description,
      effect: p.effect,
      affected: p.affected,
      startDate: new Date(now + p.startDays * DAY_MS),
      endDate: new Date(now + p.endDays * DAY_MS),
      status: p.status,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + n * HOUR_MS),
    });
  });

  const requesters = faker.helpers.arrayElements(ctx.franchisors, 30);
  let brandCount = 0;
  const addBrand = (name: string, status: Row<'brandName'>['status'], by: SeededFranchisor) => {
    brandCount += 1;
    const createdAt = daysAgo(status === 'pending' ? 0 : 5, status === 'pending' ? 12 : 90);
    const id = seedId('brand-name', brandCount);
    data.brandName.push({
      id,
      name,
      status,
      userId: by.id,
      userRegisteredName: `${by.firstName} ${by.lastName}`,
      userRegisteredEmail: by.email,
      createdAt,
      updatedAt: status === 'pending' ? createdAt : new Date(createdAt.getTime() + 20 * HOUR_MS),
    });
    if (status === 'pending') {
      data.notification.push({
        id: seedId('admin-notification', id),
        userId: ctx.adminId,
        actorId: by.id,
        type: 'brand_name_requested',
        message: `${by.firstName} ${by.lastName} requested the brand name "${name}".`,
        link: '/control-panel/brand-names',
        isRead: brandCount % 3 === 0,
        createdAt,
      });
    }
  };
  // Approved: the brands of the first franchisors, as registered; pending and rejected: new names.
  const seen = new Set<string>();
  for (const f of ctx.franchisors) {
    if (seen.size >= 10) break;
    if (seen.has(f.franchiseId)) continue;
    seen.add(f.franchiseId);
    addBrand(f.brand, 'approved', f);
  }
  NEW_BRAND_NAMES.forEach((name, n) => {
    const by = requesters[n % requesters.length];
    if (by) addBrand(name, n < 9 ? 'pending' : 'approved', by);
  });
  REJECTED_BRAND_NAMES.forEach((name, n) => {
    const by = requesters[(n + 12) % requesters.length];
    if (by) addBrand(name, 'rejected', by);
  });

  SUPPORT_DETAILS.forEach((details, n) => {
    const fromCompany = n === 5 || n === 7;
    const asker =
      n % 2 === 0
        ? ctx.franchisors[(n * 7) % ctx.franchisors.length]
        : ctx.consultants[(n * 13) % ctx.consultants.length];
    data.supportRequest.push({
      id: seedId('support-request', n),
      userId: fromCompany ? null : (asker?.id ?? null),
      kind: fromCompany ? 'company' : 'user',
      email: fromCompany
        ? `partnerships@${['lumenfitness', 'coastalcare'][n % 2]}.example.org`
        : (asker?.email ?? 'someone@example.org'),
      details,
      createdAt: daysAgo(0, 40),
    });
  });

  USER_REQUESTS.forEach((r, n) => {
    const by =
      n % 2 === 0
        ? ctx.consultants[(n * 17 + 3) % ctx.consultants.length]
        : ctx.franchisors[(n * 11 + 5) % ctx.franchisors.length];
    const createdAt = daysAgo(0, 30);
    data.userRequest.push({
      id: seedId('user-request', n),
      userId: by?.id ?? null,
      type: r.type,
      details: r.details,
      status: r.status,
      createdAt,
      updatedAt: r.status === 'pending' ? createdAt : new Date(createdAt.getTime() + 30 * HOUR_MS),
    });
  });
}
