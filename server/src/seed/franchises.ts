import type { Faker } from '@faker-js/faker';
import {
  COMMISSION_KINDS,
  type CommissionKind,
  type Country,
  EARLY_ACCESS_PRICE_CENTS,
  EARLY_ACCESS_PROMO_CODE,
  FRANCHISOR_PROFILE_STEPS,
  INDUSTRY_SPECIALTIES,
  type IndustrySpecialty,
  STATES_BY_COUNTRY,
  type StateCode,
  SUBSCRIPTION_PRICE_CENTS,
  SUBSCRIPTION_TERM_MONTHS,
  type SubscriptionStatus,
  type TimeZone,
} from '@fm/sdk/contracts';
import { addMonths } from 'date-fns';
import { hashToken } from '../auth/tokens.ts';
import {
  credentialRow,
  demoActivationToken,
  type EmailRegistry,
  phoneNumber,
  pickPlace,
  STATE_NAMES,
  streetAddress,
} from './consultants.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DAY_MS, SEED_EPOCH, seededFaker, seedId, slug } from './random.ts';
import {
  BRAND_PREFIXES,
  BRAND_SUFFIXES,
  FIRST_NAMES,
  LAST_NAMES,
  RELATED_INDUSTRIES,
  ZONE_BY_STATE,
} from './reference-data.ts';
import type { DemoData, Row } from './tables.ts';

/** Franchise brands, the demo's BrightNest Home Care included. */
export const FRANCHISE_COUNT = 120;

export const DEMO_FRANCHISE_NAME = 'BrightNest Home Care';

/** What later sections (meetings, chats) need to know about a franchisor user. */
export interface SeededFranchisor {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  franchiseId: string;
  brand: string;
  category: IndustrySpecialty;
  state: StateCode;
  zone: TimeZone;
  /** May book now: verified, franchise visible and active, subscription active or trialing. */
  canBook: boolean;
  /** Booked in earlier months (a canceled subscription too). */
  bookedBefore: boolean;
}

const POSITIONS = [
  'Founder & CEO',
  'VP of Franchise Development',
  'Director of Franchise Sales',
  'Chief Operating Officer',
  'Franchise Development Manager',
  'Marketing Director',
  'President',
] as const;

const FRANCHISOR_STEPS = FRANCHISOR_PROFILE_STEPS.filter((s) => s !== 'Gallery');

/** Prefixes that only suit some categories ("Little Sprouts" is for children, not for junk removal). */
const THEMED_PREFIXES: Record<string, readonly IndustrySpecialty[]> = {
  'Little Sprouts': ['Child Care', "Children's Enrichment", 'Education'],
  'Happy Tails': ['Pet Services'],
  'Copper Kettle': ['Food & Restaurants', 'Coffee & Tea', 'Bakery & Bagels'],
  Honeycomb: ['Bakery & Bagels', 'Frozen Desserts', 'Coffee & Tea', "Children's Enrichment"],
  'Polar Bear': ['Frozen Desserts', 'Moving & Storage', 'Home Services'],
  'Crimson Fox': ['Advertising & Marketing', 'Entertainment', 'Fitness', 'Retail'],
  Rocket: ['Mailing & Shipping', 'Computer & Technology', 'Moving & Storage', 'Fitness'],
  Velvet: ['Beauty & Spa', 'Personal Services', 'Hotels & Lodging'],
  Patriot: ['Security', 'Home Services', 'Restoration', 'Pest Control'],
};

/** An invented brand name for the category; prefixes are used as evenly as possible. */
function brandName(
  faker: Faker,
  category: IndustrySpecialty,
  used: Set<string>,
  prefixUse: Map<string, number>,
): string {
  const fitting = BRAND_PREFIXES.filter((p) => THEMED_PREFIXES[p]?.includes(category) ?? true);
  for (;;) {
    const least = Math.min(...fitting.map((p) => prefixUse.get(p) ?? 0));
    const prefix = faker.helpers.arrayElement(
      fitting.filter((p) => (prefixUse.get(p) ?? 0) === least),
    );
    const name = `${prefix} ${faker.helpers.arrayElement(BRAND_SUFFIXES[category])}`;
    prefixUse.set(prefix, (prefixUse.get(prefix) ?? 0) + 1);
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

function overview(
  faker: Faker,
  f: {
    name: string;
    category: IndustrySpecialty;
    established: number;
    started: number;
    units: number;
    city: string;
    stateName: string;
  },
) {
  const first = `Founded in ${f.city}, ${f.stateName} in ${f.established}, ${f.name} began franchising in ${f.started} and now counts ${f.units} franchised locations. ${faker.helpers.arrayElement(
    [
      `The brand brings a proven ${f.category.toLowerCase()} model to communities that want a trusted local provider.`,
      `Owners run a ${f.category.toLowerCase()} business with recurring revenue, simple operations and a recognizable brand.`,
      `Its owners combine a national playbook with deep roots in their own neighborhoods.`,
    ],
  )}`;
  const second = faker.helpers.arrayElement([
    'Franchisees get a protected territory, a central booking and marketing engine, and a field team that visits every location in its first year.',
    'The support model covers site selection, grand-opening marketing, vendor pricing and a technology platform that runs scheduling, billing and reporting.',
    'A lean build-out, a short ramp-up and strong unit-level margins make it a popular choice for both first-time owners and multi-unit investors.',
  ]);
  return `${first}\n\n${second}`;
}

function trainingText(faker: Faker, city: string) {
  const online = faker.number.int({ min: 1, max: 4 });
  const onsite = faker.number.int({ min: 1, max: 3 });
  return `New owners complete ${online + onsite} weeks of training: ${online} week${online > 1 ? 's' : ''} online and ${onsite} week${onsite > 1 ? 's' : ''} at our headquarters in ${city}, followed by on-site support during opening week. Ongoing coaching, an annual conference and a private owners' community keep every franchisee learning.`;
}

function dayInTheLife(faker: Faker, category: IndustrySpecialty) {
  return faker.helpers.arrayElement([
    `Owners start the day with a short team huddle, review the schedule and key numbers, then spend most of their time on local networking, hiring and customer relationships rather than doing the ${category.toLowerCase()} work themselves.`,
    'A typical day is about leading people: coaching the manager, checking service quality, meeting referral partners and reviewing weekly performance with the franchise support team.',
    'Semi-absentee owners spend 10–15 hours a week on the business — weekly meetings with their general manager, reviewing the dashboard and growing local partnerships.',
  ]);
}

function idealCandidate(faker: Faker) {
  return faker.helpers.arrayElement([
    'A people-first leader with management experience, strong local ties and the drive to build a team. Industry experience is not required; following a proven system is.',
    'Career changers and investors who enjoy sales and relationship-building, have at least $100,000 in liquid capital and want to grow to multiple territories.',
    'Community-minded owner-operators who care about service quality, are comfortable with numbers and can commit full time during the first year.',
  ]);
}

/** Referral fees in cents, derived from the franchise fee (domestic; international pays 75%). */
function commissions(faker: Faker, franchiseFeeCents: number) {
  const single = roundTo(franchiseFeeCents * faker.number.float({ min: 0.35, max: 0.6 }), 50_000);
  const factors: Record<CommissionKind, number> = {
    singleUnit: 1,
    veteran: 0.8,
    areaMaster: 2.5,
    resale: 0.5,
    multipleUnit: 1.6,
  };
  return COMMISSION_KINDS.flatMap((kind) => [
    { kind, scope: 'domestic' as const, amountCents: roundTo(single * factors[kind], 10_000) },
    {
      kind,
      scope: 'international' as const,
      amountCents: roundTo(single * factors[kind] * 0.75, 10_000),
    },
  ]);
}

type FranchiseState = 'active' | 'notActivated' | 'hidden' | 'deactivated' | 'deleted';

function franchiseState(i: number): FranchiseState {
  if (i === 0) return 'active';
  if (i % 60 === 23) return 'deleted';
  if (i % 40 === 17) return 'deactivated';
  if (i % 30 === 11) return 'hidden';
  if (i % 24 === 5) return 'notActivated';
  return 'active';
}

/**
 * The franchises of rule 3 with their franchisor users (the first one is the billing contact), categories,
 * registered states, commissions, cards, subscriptions and the early-access promo code.
 */
export function buildFranchises(
  data: DemoData,
  ctx: { now: Date; passwordHash: string; email: EmailRegistry; adminId: string },
): SeededFranchisor[] {
  const faker = seededFaker(2);
  const franchisors: SeededFranchisor[] = [];
  const usedNames = new Set<string>([DEMO_FRANCHISE_NAME]);
  const prefixUse = new Map<string, number>([['BrightNest', 1]]);
  const promoId = seedId('promo-code', EARLY_ACCESS_PROMO_CODE);
  let promoRedemptions = 0;

  for (let i = 0; i < FRANCHISE_COUNT; i += 1) {
    const isDemo = i === 0;
    const id = seedId('franchise', i);
    const category: IndustrySpecialty = isDemo
      ? 'Senior Care'
      : INDUSTRY_SPECIALTIES[(i - 1) % INDUSTRY_SPECIALTIES.length]!;
    const name = isDemo ? DEMO_FRANCHISE_NAME : brandName(faker, category, usedNames, prefixUse);
    const related =
      RELATED_INDUSTRIES[category] ?? INDUSTRY_SPECIALTIES.filter((c) => c !== 'Others');
    const categories = [
      ...new Set<string>([
        category,
        ...faker.helpers.arrayElements(
          related.filter((c) => c !== category),
          { min: 0, max: 2 },
        ),
      ]),
    ];
    if (isDemo) categories.splice(1, categories.length - 1, 'Home Services', 'Health & Wellness');
    const country: Country =
      isDemo || faker.datatype.boolean({ probability: 0.85 }) ? 'USA' : 'Canada';
    const place = isDemo
      ? { state: 'NC' as StateCode, city: 'Charlotte' }
      : pickPlace(faker, country);
    const stateName = STATE_NAMES[place.state] ?? place.state;
    const established = faker.number.int({ min: 1978, max: 2019 });
    const started = Math.min(2023, established + faker.number.int({ min: 1, max: 12 }));
    const franchisedUnits = faker.helpers.weightedArrayElement([
      { weight: 35, value: faker.number.int({ min: 5, max: 40 }) },
      { weight: 40, value: faker.number.int({ min: 41, max: 250 }) },
      { weight: 25, value: faker.number.int({ min: 251, max: 1200 }) },
    ]);
    const history = isDemo
      ? { established: 2009, started: 2014, units: 186 }
      : { established, started, units: franchisedUnits };
    const cashMin = roundTo(faker.number.int({ min: 25_000, max: 300_000 }), 5_000);
    const cashMax = cashMin + roundTo(faker.number.int({ min: 20_000, max: 400_000 }), 5_000);
    const franchiseFee = roundTo(faker.number.int({ min: 25_000, max: 60_000 }), 2_500);
    const domain = `${slug(name, '')}.example.com`;
    const registrable = STATES_BY_COUNTRY[country].map((s) => s.code);
    const states = faker.helpers.arrayElements(registrable, {
      min: 3,
      max: Math.min(30, registrable.length),
    });
    if (!states.includes(place.state)) states.push(place.state);
    const subscriptionStatus: SubscriptionStatus | null = isDemo
      ? 'active'
      : faker.helpers.weightedArrayElement([
          { weight: 55, value: 'active' as const },
          { weight: 15, value: 'trialing' as const },
          { weight: 15, value: 'canceled' as const },
          { weight: 15, value: null },
        ]);
    const fState = franchiseState(i);
    const createdAt = isDemo
      ? new Date(SEED_EPOCH.getTime() - 200 * DAY_MS)
      : new Date(SEED_EPOCH.getTime() - faker.number.int({ min: 0, max: 500 }) * DAY_MS);
    const row: Row<'franchise'> = {
      id,
      company: name,
      logo: null,
      country,
      established: history.established,
      startedFranchising: history.started,
      franchisedUnits: history.units,
      corporateUnits: faker.number.int({ min: 0, max: 25 }),
      franchisesInCanada: country === 'Canada' || faker.datatype.boolean({ probability: 0.25 }),
      otherInternationalFranchises: faker.datatype.boolean({ probability: 0.15 }),
      overview: overview(faker, { name, category, ...history, city: place.city, stateName }),
      email: `franchising@${domain}`,
      phone: phoneNumber(faker, place.state),
      workPhone: phoneNumber(faker, place.state),
      corporateAddress: `${streetAddress(faker)}, ${place.city}, ${place.state}`,
      corporateWebsite: `https://www.${domain}`,
      minNetWorthCents: roundTo(faker.number.int({ min: 100_000, max: 1_500_000 }), 25_000) * 100,
      cashRequiredMinCents: cashMin * 100,
      cashRequiredMaxCents: cashMax * 100,
      franchiseFeeCents: franchiseFee * 100,
      royaltyBp: faker.number.int({ min: 16, max: 32 }) * 25,
      adFeeBp: faker.number.int({ min: 4, max: 16 }) * 25,
      avgNumberOfStaff: faker.number.int({ min: 2, max: 35 }),
      specialDiscountPrograms: faker.helpers.arrayElement([
        '10% off the franchise fee for veterans and first responders.',
        'Reduced franchise fee for second and third territories.',
        '$10,000 off the franchise fee for women and minority entrepreneurs.',
        'No discount programs at this time.',
      ]),
      item19: faker.datatype.boolean({ probability: 0.7 }),
      visaCandidates: faker.datatype.boolean({ probability: 0.3 }),
      absenteeModel: faker.datatype.boolean({ probability: 0.2 }),
      semiAbsenteeModel: faker.datatype.boolean({ probability: 0.5 }),
      b2b: faker.datatype.boolean({ probability: 0.3 }),
      homeBased: faker.datatype.boolean({ probability: 0.35 }),
      masterFranchiseOpportunities: faker.datatype.boolean({ probability: 0.2 }),
      veteranDiscount: faker.datatype.boolean({ probability: 0.6 }),
      sbaEligible: faker.datatype.boolean({ probability: 0.75 }),
      e2VisaFriendly: faker.datatype.boolean({ probability: 0.3 }),
      financialAssistance: faker.datatype.boolean({ probability: 0.5 }),
      siteSelectionAssistance: faker.datatype.boolean({ probability: 0.6 }),
      leaseNegotiationAssistance: faker.datatype.boolean({ probability: 0.55 }),
      recruitmentAssistance: faker.datatype.boolean({ probability: 0.5 }),
      coopAdvertising: faker.datatype.boolean({ probability: 0.45 }),
      training: trainingText(faker, place.city),
      dayInTheLifeOfTheOwner: dayInTheLife(faker, category),
      whoIsAnIdealCandidate: idealCandidate(faker),
      averageRevenue: faker.number.int({ min: 4, max: 40 }),
      minInitialInvestment: Math.round(cashMin / 1_000),
      maxInitialInvestment: Math.round(cashMax / 1_000),
      stripeSubscriptionStatus: subscriptionStatus,
      isActivated: fState !== 'notActivated',
      isDeactivated: fState === 'deactivated',
      isDeleted: fState === 'deleted',
      status: fState !== 'hidden',
      activatedBy: fState === 'notActivated' ? null : ctx.adminId,
      createdAt,
      updatedAt: createdAt,
    };
    if (isDemo) {
      Object.assign(row, {
        corporateUnits: 4,
        franchisesInCanada: true,
        item19: true,
        semiAbsenteeModel: true,
        homeBased: false,
        veteranDiscount: true,
        sbaEligible: true,
        specialDiscountPrograms: '10% off the franchise fee for veterans and first responders.',
      } satisfies Partial<Row<'franchise'>>);
    }
    data.franchise.push(row);
    for (const c of categories) data.franchiseCategory.push({ franchiseId: id, category: c });
    for (const s of states) data.franchiseState.push({ franchiseId: id, stateCode: s });
    for (const c of commissions(faker, franchiseFee * 100))
      data.franchiseCommission.push({ franchiseId: id, ...c });

    // Members: 1–3 franchisor users; the first is the billing contact.
    const memberCount = isDemo
      ? 2
      : faker.helpers.weightedArrayElement([
          { weight: 45, value: 1 },
          { weight: 40, value: 2 },
          { weight: 15, value: 3 },
        ]);
    const memberIds: string[] = [];
    for (let m = 0; m < memberCount; m += 1) {
      const demoMember = isDemo && m === 0;
      const firstName = demoMember
        ? DEMO_ACCOUNTS.franchisor.firstName
        : isDemo
          ? 'Daniel'
          : faker.helpers.arrayElement(FIRST_NAMES);
      const lastName = demoMember
        ? DEMO_ACCOUNTS.franchisor.lastName
        : isDemo
          ? 'Park'
          : faker.helpers.arrayElement(LAST_NAMES);
      const userId = seedId('user', demoMember ? 'demo-franchisor' : `franchisor-${i}-${m}`);
      const email = demoMember
        ? ctx.email('franchisor', 'example.com')
        : ctx.email(`${slug(firstName, '')}.${slug(lastName, '')}`, domain);
      // Users of a franchise an admin has not activated yet are still invited, and so are some others.
      const invited =
        fState === 'notActivated' || (m > 0 && faker.datatype.boolean({ probability: 0.08 }));
      const tokenNumber = i * 10 + m;
      const expiry = invited
        ? new Date(ctx.now.getTime() + (tokenNumber % 2 === 0 ? 3 : -4) * DAY_MS)
        : null;
      const at =
        invited && expiry
          ? new Date(expiry.getTime() - 7 * DAY_MS)
          : new Date(createdAt.getTime() + m * DAY_MS);
      data.user.push({
        id: userId,
        name: `${firstName} ${lastName}`,
        email,
        emailVerified: !invited,
        role: 'franchisor',
        firstName,
        lastName,
        phone: phoneNumber(faker, place.state),
        position: demoMember
          ? 'VP of Franchise Development'
          : faker.helpers.arrayElement(POSITIONS),
        smsConsent: faker.datatype.boolean({ probability: 0.5 }),
        isVerified: !invited,
        tokenActivation: invited ? hashToken(demoActivationToken('franchisor', tokenNumber)) : null,
        tokenActivationExpiresAt: expiry,
        franchiseId: id,
        ageConfirmedAt: invited ? null : at,
        profileCompleteness: m === 0 && !invited ? [...FRANCHISOR_STEPS] : [],
        createdAt: at,
        updatedAt: at,
      });
      if (!invited) data.account.push(credentialRow(userId, ctx.passwordHash, at));
      memberIds.push(userId);
      const live = fState === 'active' && !invited;
      franchisors.push({
        id: userId,
        firstName,
        lastName,
        email,
        franchiseId: id,
        brand: name,
        category,
        state: place.state,
        zone: ZONE_BY_STATE[place.state],
        canBook: live && (subscriptionStatus === 'active' || subscriptionStatus === 'trialing'),
        bookedBefore: live && subscriptionStatus !== null,
      });
    }
    const billing = memberIds[0] ?? null;
    row.billingContactUserId = billing;

    // A card and a subscription for every franchise that has subscribed at some point.
    if (subscriptionStatus && billing) {
      const visa = isDemo || faker.datatype.boolean({ probability: 0.7 });
      const methodId = seedId('payment-method', i);
      data.paymentMethod.push({
        id: methodId,
        franchiseId: id,
        userId: billing,
        provider: 'ledger',
        providerMethodId: visa ? 'pm_card_visa' : 'pm_card_mastercard',
        stripePaymentMethodType: 'card',
        brand: visa ? 'visa' : 'mastercard',
        last4: visa ? '4242' : '4444',
        expMonth: isDemo ? 12 : faker.number.int({ min: 1, max: 12 }),
        expYear: isDemo ? 2030 : faker.number.int({ min: 2027, max: 2031 }),
        isDefault: true,
        createdAt,
        updatedAt: createdAt,
      });
      row.primaryPaymentMethodId = methodId;
      const early = !isDemo && faker.datatype.boolean({ probability: 0.2 });
      if (early) promoRedemptions += 1;
      const daysIntoPeriod = faker.number.int({ min: 1, max: 27 });
      const monthsIntoTerm = faker.number.int({ min: 0, max: 10 });
      const periodStart = new Date(ctx.now.getTime() - (isDemo ? 10 : daysIntoPeriod) * DAY_MS);
      const termStart = addMonths(periodStart, isDemo ? 0 : -monthsIntoTerm);
      const base = {
        id: seedId('subscription', i),
        franchiseId: id,
        provider: 'ledger' as const,
        providerSubscriptionId: `sub_ledger_${id.slice(0, 8)}`,
        status: subscriptionStatus,
        priceCents: early ? EARLY_ACCESS_PRICE_CENTS : SUBSCRIPTION_PRICE_CENTS,
        promoCodeId: early ? promoId : null,
        termEndsAt: addMonths(termStart, SUBSCRIPTION_TERM_MONTHS),
        createdAt: termStart,
        updatedAt: periodStart,
      };
      if (subscriptionStatus === 'canceled') {
        const canceledAt = new Date(
          ctx.now.getTime() - faker.number.int({ min: 20, max: 80 }) * DAY_MS,
        );
        data.subscription.push({
          ...base,
          currentPeriodStart: addMonths(canceledAt, -1),
          currentPeriodEnd: canceledAt,
          canceledAt,
          createdAt: addMonths(canceledAt, -faker.number.int({ min: 2, max: 8 })),
          updatedAt: canceledAt,
        });
      } else if (subscriptionStatus === 'trialing') {
        const trialStart = new Date(
          ctx.now.getTime() - faker.number.int({ min: 1, max: 12 }) * DAY_MS,
        );
        data.subscription.push({
          ...base,
          currentPeriodStart: trialStart,
          currentPeriodEnd: new Date(trialStart.getTime() + 14 * DAY_MS),
          termEndsAt: addMonths(trialStart, SUBSCRIPTION_TERM_MONTHS),
          createdAt: trialStart,
          updatedAt: trialStart,
        });
      } else {
        data.subscription.push({
          ...base,
          currentPeriodStart: periodStart,
          currentPeriodEnd: addMonths(periodStart, 1),
        });
      }
    }
  }

  data.promoCode.push({
    id: promoId,
    code: EARLY_ACCESS_PROMO_CODE,
    description: 'Early-access pricing: $300 a month for the 12-month term instead of $497.',
    priceCents: EARLY_ACCESS_PRICE_CENTS,
    active: true,
    maxRedemptions: null,
    redemptions: promoRedemptions,
    expiresAt: null,
    createdAt: SEED_EPOCH,
    updatedAt: SEED_EPOCH,
  });
  return franchisors;
}
