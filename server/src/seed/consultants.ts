import type { Faker } from '@faker-js/faker';
import {
  BROKER_GROUPS,
  CANADIAN_PROVINCES,
  CONSULTANT_PROFILE_STEPS,
  type Country,
  EXPERIENCE_LEVEL_VALUES,
  type ExperienceLevel,
  INDUSTRY_SPECIALTIES,
  type IndustrySpecialty,
  REGIONS,
  type Region,
  type StateCode,
  type TimeZone,
  US_STATES,
} from '@fm/sdk/contracts';
import { hashToken } from '../auth/tokens.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DAY_MS, type emailRegistry, SEED_EPOCH, seededFaker, seedId, slug } from './random.ts';
import {
  AREA_CODES,
  CA_PROVINCE_WEIGHTS,
  CITIES,
  FIRST_NAMES,
  FORMER_CAREERS,
  LAST_NAMES,
  STREET_NAMES,
  US_STATE_WEIGHTS,
  ZONE_BY_STATE,
} from './reference-data.ts';
import type { DemoData, Row } from './tables.ts';

/** Generated consultants besides the demo one: ~1,020 of them end up verified and visible. */
export const CONSULTANT_COUNT = 1_120;

export type EmailRegistry = ReturnType<typeof emailRegistry>;

export interface WeeklyWindow {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** What later sections (meetings, chats) need to know about a seeded consultant. */
export interface SeededConsultant {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  zone: TimeZone;
  rateCents: number;
  meetingLengths: number[];
  windows: WeeklyWindow[];
  /** Verified, visible, neither deleted nor deactivated: can be booked. */
  bookable: boolean;
  industries: IndustrySpecialty[];
  state: StateCode;
}

/**
 * The raw activation token of a seeded invited account (only its hash is stored), so that demos and
 * end-to-end tests can open `/activate-profile?token=…` for it.
 * @example demoActivationToken('consultant', 7)
 */
export const demoActivationToken = (kind: 'consultant' | 'franchisor', n: number) =>
  `demo-invite-${kind}-${n}`;

const weighted = <T extends string>(
  faker: Faker,
  weights: Partial<Record<T, number>>,
  all: readonly T[],
) =>
  faker.helpers.weightedArrayElement(all.map((value) => ({ value, weight: weights[value] ?? 1 })));

/** A state or province of the country (weighted by population) and a real city in it. */
export function pickPlace(faker: Faker, country: Country) {
  const state =
    country === 'USA'
      ? weighted<StateCode>(
          faker,
          US_STATE_WEIGHTS,
          US_STATES.map((s) => s.code),
        )
      : weighted<StateCode>(
          faker,
          CA_PROVINCE_WEIGHTS,
          CANADIAN_PROVINCES.map((s) => s.code),
        );
  return { state, city: faker.helpers.arrayElement(CITIES[state]) };
}

/** A fictional phone number (555-01xx is reserved for fiction) with a real area code. */
export function phoneNumber(faker: Faker, state: StateCode) {
  const area = faker.helpers.arrayElement(AREA_CODES[state] ?? ['201', '302', '612', '720', '843']);
  return `+1 (${area}) 555-01${String(faker.number.int({ min: 0, max: 99 })).padStart(2, '0')}`;
}

export function streetAddress(faker: Faker) {
  const suite = faker.datatype.boolean({ probability: 0.3 })
    ? `, Suite ${faker.number.int({ min: 100, max: 950 })}`
    : '';
  return `${faker.number.int({ min: 12, max: 9800 })} ${faker.helpers.arrayElement(STREET_NAMES)}${suite}`;
}

export const STATE_NAMES: Record<string, string> = Object.fromEntries(
  [...US_STATES, ...CANADIAN_PROVINCES].map((s) => [s.code, s.name]),
);

const WEEKLY_PATTERNS: { weight: number; windows: WeeklyWindow[] }[] = [
  {
    weight: 40,
    windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })),
  },
  {
    weight: 15,
    windows: [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, startMinute: 480, endMinute: 720 },
      { weekday, startMinute: 780, endMinute: 1020 },
    ]),
  },
  {
    weight: 15,
    windows: [1, 2, 3, 4].map((weekday) => ({ weekday, startMinute: 600, endMinute: 1080 })),
  },
  {
    weight: 10,
    windows: [2, 3, 4].map((weekday) => ({ weekday, startMinute: 540, endMinute: 900 })),
  },
  {
    weight: 10,
    windows: [1, 3, 5].map((weekday) => ({ weekday, startMinute: 720, endMinute: 1200 })),
  },
  {
    weight: 10,
    windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 420, endMinute: 660 })),
  },
];

const MEETING_LENGTHS: { weight: number; value: number[] }[] = [
  { weight: 45, value: [30, 60] },
  { weight: 20, value: [30] },
  { weight: 15, value: [15, 30, 60] },
  { weight: 10, value: [60] },
  { weight: 10, value: [45, 90] },
];

function experienceText(first: string, level: ExperienceLevel, career: string, area: string) {
  switch (level) {
    case 1:
      return `${first} recently moved into franchise consulting after more than a decade as a ${career}.`;
    case 2:
      return `${first} has been a franchise consultant for over a year, building on a background as a ${career}.`;
    case 3:
      return `${first} has spent three years helping first-time owners across ${area} find the right franchise brand.`;
    case 5:
      return `A former ${career}, ${first} has guided career changers and investors through franchise discovery for five years.`;
    default:
      return `${first} has more than ten years of experience matching entrepreneurs with franchise opportunities across ${area}.`;
  }
}

/** 2–4 sentences about franchise consulting, built from the consultant's own data. */
function consultantBio(
  faker: Faker,
  c: {
    first: string;
    level: ExperienceLevel;
    industries: IndustrySpecialty[];
    city: string;
    stateName: string;
    area: string;
  },
) {
  const career = faker.helpers.arrayElement(FORMER_CAREERS);
  const [a, b] = c.industries;
  const focus = b ? `${a} and ${b}` : a;
  const middle = [
    `Specializes in ${focus} concepts, with a focus on owner-operator and semi-absentee models.`,
    `Known for a practical approach to reviewing FDDs, validating unit economics and talking with existing franchisees before anyone signs.`,
    `Works closely with SBA lenders and 401(k) rollover providers to help candidates structure their investment.`,
    `Before consulting, ${c.first} owned and sold a franchise in the ${a} category, so every recommendation comes from first-hand experience.`,
    `Helps franchise brands refine their ideal-candidate profile and introduces pre-qualified candidates in ${focus}.`,
  ];
  const sentences = [
    experienceText(c.first, c.level, career, c.area),
    ...faker.helpers.arrayElements(middle, { min: 1, max: 2 }),
  ];
  if (faker.datatype.boolean({ probability: 0.6 })) {
    sentences.push(
      `Based in ${c.city}, ${c.stateName}, ${c.first} works with candidates throughout ${c.area}.`,
    );
  }
  return sentences.join(' ');
}

function companyName(faker: Faker, last: string, city: string, group: string) {
  return faker.helpers.arrayElement([
    `${last} Franchise Consulting`,
    `${last} Franchise Advisors`,
    `${city} Franchise Partners`,
    `${group === 'Independent' || group === 'Others' ? last : group} Franchise Group`,
    `${faker.helpers.arrayElement(['Summit', 'Keystone', 'Compass', 'Bridge', 'True North', 'Pathway', 'Launch'])} Franchise ${faker.helpers.arrayElement(['Advisors', 'Consulting', 'Partners', 'Solutions'])}`,
    `${last} & Associates`,
  ]);
}

/** Rates from $25 to $150 per 15 minutes, in $5 steps, most between $40 and $90. */
function rateCents(faker: Faker) {
  const dollars = faker.helpers.weightedArrayElement([
    { weight: 30, value: faker.number.int({ min: 5, max: 9 }) * 5 },
    { weight: 40, value: faker.number.int({ min: 10, max: 15 }) * 5 },
    { weight: 20, value: faker.number.int({ min: 16, max: 22 }) * 5 },
    { weight: 10, value: faker.number.int({ min: 23, max: 30 }) * 5 },
  ]);
  return dollars * 100;
}

type AccountState =
  | 'active'
  | 'invited'
  | 'invitationExpired'
  | 'hidden'
  | 'deactivated'
  | 'deleted';

/** Fixed patterns (not chance) so that every state exists in known numbers. */
function accountState(i: number): AccountState {
  if (i % 22 === 7) return i % 44 === 7 ? 'invited' : 'invitationExpired';
  if (i % 93 === 41) return 'deleted';
  if (i % 75 === 29) return 'deactivated';
  if (i % 56 === 13) return 'hidden';
  return 'active';
}

function addTags(
  data: DemoData,
  userId: string,
  industries: string[],
  regions: string[],
  groups: string[],
) {
  for (const value of industries) data.consultantIndustry.push({ userId, value });
  for (const value of regions) data.consultantRegion.push({ userId, value });
  for (const value of groups) data.consultantGroup.push({ userId, value });
}

/** A sign-in with the demo password (better-auth's credential account). */
export function credentialRow(userId: string, passwordHash: string, at: Date): Row<'account'> {
  return {
    id: seedId('account', userId),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: passwordHash,
    createdAt: at,
    updatedAt: at,
  };
}

function addAvailability(
  data: DemoData,
  userId: string,
  settings: {
    zone: TimeZone;
    lengths: number[];
    minNotice: number;
    windows: WeeklyWindow[];
    at: Date;
  },
) {
  data.availabilitySettings.push({
    userId,
    timeZone: settings.zone,
    meetingLengths: settings.lengths,
    minNoticeMinutes: settings.minNotice,
    bufferMinutes: 0,
    createdAt: settings.at,
    updatedAt: settings.at,
  });
  settings.windows.forEach((w, n) => {
    data.availabilityWindow.push({
      id: seedId('availability-window', `${userId}:${n}`),
      userId,
      ...w,
    });
  });
}

/** Marcus Reed, the demo consultant of rule 3: $50 per 15 minutes, Monday–Friday 09:00–17:00 New York. */
function demoConsultant(
  data: DemoData,
  ctx: { passwordHash: string; email: EmailRegistry },
): SeededConsultant {
  const { firstName, lastName, email } = DEMO_ACCOUNTS.consultant;
  const id = seedId('user', 'demo-consultant');
  const at = new Date(SEED_EPOCH.getTime() - 120 * DAY_MS);
  ctx.email(email.split('@')[0] ?? email, 'example.com');
  const industries: IndustrySpecialty[] = [
    'Senior Care',
    'Home Services',
    'Fitness',
    'Food & Restaurants',
  ];
  data.user.push({
    id,
    name: `${firstName} ${lastName}`,
    email,
    emailVerified: true,
    role: 'consultant',
    firstName,
    lastName,
    phone: '+1 (718) 555-0142',
    position: 'Principal Consultant',
    isVerified: true,
    ageConfirmedAt: at,
    profileCompleteness: [...CONSULTANT_PROFILE_STEPS],
    createdAt: at,
    updatedAt: at,
  });
  data.account.push(credentialRow(id, ctx.passwordHash, at));
  data.consultantProfile.push({
    userId: id,
    rateCents: 5_000,
    bio: 'Marcus has more than ten years of experience matching entrepreneurs with franchise opportunities across the East Coast and Ontario. A former multi-unit franchisee, he specializes in senior care, home services and fitness concepts, with a focus on semi-absentee models. He works closely with SBA lenders to help candidates structure their investment, and he introduces brands only to candidates he has met in person.',
    company: 'Reed Franchise Advisory',
    experienceLevel: 10,
    country: 'USA',
    stateProvince: 'NY',
    city: 'Brooklyn',
    address: '175 Atlantic Avenue, Suite 410',
    profileUrl: 'https://reedfranchiseadvisory.example.com',
    payoutAccountId: `ledger_payee_${id.slice(0, 8)}`,
    payoutAccountStatus: 'ready',
    createdAt: at,
    updatedAt: at,
  });
  addTags(data, id, industries, ['USA', 'Canada'], ['FranNet', 'IFPG']);
  const windows = [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    startMinute: 540,
    endMinute: 1020,
  }));
  addAvailability(data, id, {
    zone: 'America/New_York',
    lengths: [30, 60],
    minNotice: 0,
    windows,
    at,
  });
  return {
    id,
    firstName,
    lastName,
    email,
    zone: 'America/New_York',
    rateCents: 5_000,
    meetingLengths: [30, 60],
    windows,
    bookable: true,
    industries,
    state: 'NY',
  };
}

/**
 * The consultants of rule 3: the demo consultant first, then `CONSULTANT_COUNT` generated ones covering
 * every region, broker group, industry and experience level, in every account state.
 */
export function buildConsultants(
  data: DemoData,
  ctx: { now: Date; passwordHash: string; email: EmailRegistry },
): SeededConsultant[] {
  const faker = seededFaker(1);
  const seeded = [demoConsultant(data, ctx)];
  for (let i = 0; i < CONSULTANT_COUNT; i += 1) {
    const id = seedId('user', `consultant-${i}`);
    const firstName = faker.helpers.arrayElement(FIRST_NAMES);
    const lastName = faker.helpers.arrayElement(LAST_NAMES);
    const country: Country = faker.datatype.boolean({ probability: 0.82 }) ? 'USA' : 'Canada';
    const { state, city } = pickPlace(faker, country);
    const level: ExperienceLevel =
      i < EXPERIENCE_LEVEL_VALUES.length
        ? EXPERIENCE_LEVEL_VALUES[i]!
        : faker.helpers.weightedArrayElement([
            { weight: 10, value: 1 },
            { weight: 20, value: 2 },
            { weight: 25, value: 3 },
            { weight: 25, value: 5 },
            { weight: 20, value: 10 },
          ] as const);
    // Round-robin first picks guarantee that every enum value appears; the rest is chance.
    const industries = [
      ...new Set<IndustrySpecialty>([
        INDUSTRY_SPECIALTIES[i % INDUSTRY_SPECIALTIES.length]!,
        ...faker.helpers.arrayElements(INDUSTRY_SPECIALTIES, { min: 0, max: 3 }),
      ]),
    ];
    const regions = [
      ...new Set<Region>([
        country,
        REGIONS[i % REGIONS.length]!,
        ...(faker.datatype.boolean({ probability: 0.15 })
          ? [faker.helpers.arrayElement(REGIONS)]
          : []),
      ]),
    ];
    const groups = [
      ...new Set<string>([
        BROKER_GROUPS[i % BROKER_GROUPS.length]!,
        ...(faker.datatype.boolean({ probability: 0.2 })
          ? [faker.helpers.arrayElement(BROKER_GROUPS)]
          : []),
      ]),
    ];
    const zone: TimeZone =
      regions.includes('Europe') && faker.datatype.boolean({ probability: 0.15 })
        ? 'Europe/London'
        : ZONE_BY_STATE[state];
    const stateName = STATE_NAMES[state] ?? state;
    const area = faker.helpers.arrayElement(
      country === 'USA'
        ? [
            stateName,
            `the greater ${city} area`,
            'the United States',
            `${stateName} and neighboring states`,
          ]
        : [
            stateName,
            `the greater ${city} area`,
            'Canada',
            'Canada and the northern United States',
          ],
    );
    const rate = rateCents(faker);
    const company = companyName(faker, lastName, city, groups[0] ?? 'Independent');
    const bio = consultantBio(faker, {
      first: firstName,
      level,
      industries,
      city,
      stateName,
      area,
    });
    const state_ = accountState(i);
    const verified = state_ !== 'invited' && state_ !== 'invitationExpired';
    const hasPayout = verified && faker.datatype.boolean({ probability: 0.7 });
    const createdAt = new Date(
      SEED_EPOCH.getTime() - faker.number.int({ min: 0, max: 700 }) * DAY_MS,
    );
    const email = ctx.email(`${slug(firstName, '')}.${slug(lastName, '')}`, 'example.net');
    const invitationExpiry =
      state_ === 'invited'
        ? new Date(ctx.now.getTime() + faker.number.int({ min: 1, max: 6 * 24 }) * 3_600_000)
        : state_ === 'invitationExpired'
          ? new Date(ctx.now.getTime() - faker.number.int({ min: 1, max: 30 * 24 }) * 3_600_000)
          : null;
    const userCreatedAt = invitationExpiry
      ? new Date(invitationExpiry.getTime() - 7 * DAY_MS)
      : createdAt;
    const pattern = faker.helpers.weightedArrayElement(
      WEEKLY_PATTERNS.map((p) => ({ weight: p.weight, value: p.windows })),
    );
    const lengths = faker.helpers.weightedArrayElement(MEETING_LENGTHS);
    const minNotice = faker.helpers.arrayElement([0, 0, 60, 120, 1440]);
    const phone = phoneNumber(faker, state);
    const address = streetAddress(faker);
    const profileUrl = faker.datatype.boolean({ probability: 0.2 })
      ? `https://${slug(company)}.example.com`
      : null;

    data.user.push({
      id,
      name: `${firstName} ${lastName}`,
      email,
      emailVerified: verified,
      role: 'consultant',
      firstName,
      lastName,
      phone,
      smsConsent: faker.datatype.boolean({ probability: 0.4 }),
      isVerified: verified,
      isDeleted: state_ === 'deleted',
      isDeactivated: state_ === 'deactivated',
      status: state_ !== 'hidden',
      tokenActivation: verified ? null : hashToken(demoActivationToken('consultant', i)),
      tokenActivationExpiresAt: invitationExpiry,
      ageConfirmedAt: verified ? userCreatedAt : null,
      profileCompleteness: verified
        ? CONSULTANT_PROFILE_STEPS.filter((s) => s !== 'Payment Details' || hasPayout)
        : [],
      deletedAt: state_ === 'deleted' ? new Date(SEED_EPOCH.getTime() - 3 * DAY_MS) : null,
      createdAt: userCreatedAt,
      updatedAt: userCreatedAt,
    });
    data.consultantProfile.push({
      userId: id,
      rateCents: rate,
      bio,
      company,
      experienceLevel: level,
      country,
      stateProvince: state,
      city,
      address,
      profileUrl,
      payoutAccountId: hasPayout ? `ledger_payee_${id.slice(0, 8)}` : null,
      payoutAccountStatus: hasPayout ? 'ready' : null,
      createdAt: userCreatedAt,
      updatedAt: userCreatedAt,
    });
    addTags(data, id, industries, regions, groups);
    if (verified) {
      // Every verified seeded account signs in with the demo password.
      data.account.push(credentialRow(id, ctx.passwordHash, userCreatedAt));
      addAvailability(data, id, { zone, lengths, minNotice, windows: pattern, at: userCreatedAt });
    }
    seeded.push({
      id,
      firstName,
      lastName,
      email,
      zone,
      rateCents: rate,
      meetingLengths: lengths,
      windows: pattern,
      bookable: state_ === 'active',
      industries,
      state,
    });
  }
  return seeded;
}
