import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { cents, id, instant, requiredRef, timestamps } from './columns.ts';

/** What a consultant adds to their `user` row. */
export const consultantProfile = sqliteTable(
  'consultant_profile',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Price of 15 minutes, in cents. */
    rateCents: cents('rate_cents'),
    bio: text('bio'),
    company: text('company'),
    experienceLevel: integer('experience_level'),
    country: text('country'),
    stateProvince: text('state_province'),
    city: text('city'),
    address: text('address'),
    profileUrl: text('profile_url'),
    /** The consultant's Stripe Connect (express) account, or the ledger's simulated one. */
    payoutAccountId: text('payout_account_id'),
    /** What the provider last said of that account (`account.updated`): transfers go only to `ready`. */
    payoutAccountStatus: text('payout_account_status', {
      enum: ['onboarding', 'ready', 'restricted'],
    }),
    ...timestamps,
  },
  (t) => [
    index('consultant_rate_idx').on(t.rateCents),
    index('consultant_experience_idx').on(t.experienceLevel),
    index('consultant_location_idx').on(t.country, t.stateProvince),
  ],
);

const tagTable = <N extends string>(name: N, column: string) =>
  sqliteTable(
    name,
    {
      userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
      value: text(column).notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.userId, t.value] }),
      index(`${name}_value_idx`).on(t.value, t.userId),
    ],
  );

export const consultantIndustry = tagTable('consultant_industry', 'industry');
export const consultantRegion = tagTable('consultant_region', 'region');
export const consultantGroup = tagTable('consultant_group', 'broker_group');

/** Favourites: a franchisor's favourite consultants and a consultant's favourite franchisors. */
export const favorite = sqliteTable(
  'favorite',
  {
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    targetUserId: requiredRef('target_user_id', () => user.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetUserId] }),
    index('favorite_target_idx').on(t.targetUserId),
  ],
);

/** A connected Google or Office 365 calendar; secrets are encrypted at rest by the service. */
export const calendarConnection = sqliteTable(
  'calendar_connection',
  {
    id: id(),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'office365'] }).notNull(),
    accountId: text('account_id'),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiry: instant('token_expiry'),
    conferencingProfileId: text('conferencing_profile_id'),
    calendarId: text('calendar_id'),
    ...timestamps,
  },
  (t) => [index('calendar_connection_user_idx').on(t.userId, t.provider)],
);

/** A consultant's calendar settings: weekly hours live in `availability_window`. */
export const availabilitySettings = sqliteTable('availability_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  /** Meeting lengths offered, minutes (multiples of 15). */
  meetingLengths: text('meeting_lengths', { mode: 'json' })
    .$type<number[]>()
    .notNull()
    .default([30]),
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
  bufferMinutes: integer('buffer_minutes').notNull().default(0),
  /** Private iCalendar feed secret (hash). */
  icalFeedTokenHash: text('ical_feed_token_hash'),
  /** Bumped by "Reset link": folded into the feed token, so every earlier URL stops at once. */
  icalFeedVersion: integer('ical_feed_version').notNull().default(0),
  ...timestamps,
});

/** Weekly hours: minutes since local midnight in the consultant's zone, weekday 1 = Monday … 7 = Sunday. */
export const availabilityWindow = sqliteTable(
  'availability_window',
  {
    id: id(),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [index('availability_window_user_idx').on(t.userId, t.weekday)],
);

export const availabilityDateOff = sqliteTable(
  'availability_date_off',
  {
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    /** A local date (YYYY-MM-DD) in the consultant's zone. */
    date: text('date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);
