import {
  type AnySQLiteColumn,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { bool, instant, requiredRef, timestamps } from './columns.ts';
import { franchise } from './franchises.ts';

/**
 * The person behind every account (better-auth's `user` model plus the fields every role shares).
 * Role-specific data lives in `consultant_profile` and `franchise`.
 */
export const user = sqliteTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: bool('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps,
    // better-auth admin plugin
    role: text('role', { enum: ['franchisor', 'consultant', 'admin'] })
      .notNull()
      .default('franchisor'),
    banned: bool('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: instant('ban_expires'),
    // product fields
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    position: text('position'),
    profilePhoto: text('profile_photo'),
    smsConsent: bool('sms_consent').notNull().default(false),
    /** Verified = activated (sign-up, or an admin-created account's token link). */
    isVerified: bool('is_verified').notNull().default(false),
    isDeleted: bool('is_deleted').notNull().default(false),
    isDeactivated: bool('is_deactivated').notNull().default(false),
    /** Visible in search and public profiles; false means hidden. */
    status: bool('status').notNull().default(true),
    /** SHA-256 of the activation token sent by e-mail; the token itself is never stored. */
    tokenActivation: text('token_activation'),
    tokenActivationExpiresAt: instant('token_activation_expires_at'),
    /** The same token sealed with a key from AUTH_SECRET, so an admin can show the link again. */
    tokenActivationSealed: text('token_activation_sealed'),
    /** A franchisor user's franchise (one franchise per franchisor user). */
    franchiseId: text('franchise_id').references((): AnySQLiteColumn => franchise.id, {
      onDelete: 'set null',
    }),
    ageConfirmedAt: instant('age_confirmed_at'),
    /**
     * The IANA zone the person reads times in (rule 20: one zone per person on every page, e-mail
     * and invitation); null until chosen, when a consultant's availability zone or the zone a
     * franchisor books in stands for it.
     */
    timeZone: text('time_zone'),
    /** The e-mail the payment provider sends receipts to (user-area §7 change-stripe-email). */
    paymentEmail: text('payment_email'),
    /** Completed profile steps (user-area §4), kept with the user. */
    profileCompleteness: text('profile_completeness', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default([]),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('user_email_uq').on(t.email),
    index('user_role_idx').on(t.role, t.isVerified, t.isDeleted, t.isDeactivated, t.status),
    index('user_franchise_idx').on(t.franchiseId),
    // The AI search's change check: max(updated_at) of the franchisors, every second.
    index('user_role_updated_idx').on(t.role, t.updatedAt),
    uniqueIndex('user_token_activation_uq').on(t.tokenActivation),
    // Admin dashboard: consultants new this month, sign-ups per day.
    index('user_role_created_idx').on(t.role, t.createdAt),
  ],
);

export const session = sqliteTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
    token: text('token').notNull(),
    ...timestamps,
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [uniqueIndex('session_token_uq').on(t.token), index('session_user_idx').on(t.userId)],
);

export const account = sqliteTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: instant('access_token_expires_at'),
    refreshTokenExpiresAt: instant('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = sqliteTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Long-lived refresh tokens (rule 6): when an access token (a better-auth session) has expired,
 * a valid refresh token buys a new session and is rotated. Only hashes are stored.
 */
export const refreshToken = sqliteTable(
  'refresh_token',
  {
    id: text('id').primaryKey(),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Set when rotated or revoked; a reused rotated token revokes the whole family. */
    revokedAt: instant('revoked_at'),
    /** `rotated` tokens get a short grace window for parallel requests; `revoked` ones never do. */
    revokedReason: text('revoked_reason', { enum: ['rotated', 'revoked'] }),
    familyId: text('family_id').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('refresh_token_hash_uq').on(t.tokenHash),
    index('refresh_token_user_idx').on(t.userId),
    index('refresh_token_family_idx').on(t.familyId),
  ],
);

/**
 * Counters shared by every API process (rule 2: limits hold across processes): a limiter's window
 * (from its first hit) or a backoff's count (`window_start` is then the time of the last one).
 */
export const rateLimit = sqliteTable(
  'rate_limit',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: integer('window_start').notNull(),
    /** When the row stops counting: the window's end, or when a backoff forgets. */
    expiresAt: integer('expires_at').notNull().default(0),
  },
  // The pruning job deletes the rows that stopped counting by this.
  (t) => [index('rate_limit_expires_idx').on(t.expiresAt)],
);
