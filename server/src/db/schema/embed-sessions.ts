import { index, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { apiKey } from './api-keys.ts';
import { user } from './auth.ts';
import { bool, id, instant, requiredRef } from './columns.ts';

/**
 * Embed sessions (decision 029): what a sign-in through a partner page's popup yields instead of an
 * account session. Bound to the publishable key it was made through (its calls must carry that
 * key) and accepted only by the elements' own calls; an hour long, renewed only inside the embed
 * (a renewal ends the old token after a short grace), never past `startedAt` + the maximum age.
 * Only the SHA-256 of the token is stored. A session `awaitingConsent` works for nothing but the
 * popup's consent call.
 */
export const embedSession = sqliteTable(
  'embed_session',
  {
    id: id(),
    /** SHA-256 (hex) of the token (`fmes_…`). */
    tokenHash: text('token_hash').notNull(),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    apiKeyId: requiredRef('api_key_id', () => apiKey.id, { onDelete: 'cascade' }),
    /** The partner page's origin the popup answered to (one the key allowed then). */
    origin: text('origin').notNull(),
    /** Signed in, but the visitor has not yet allowed this key (the popup asks once per key). */
    awaitingConsent: bool('awaiting_consent').notNull().default(false),
    /** When the visitor signed in through the popup; renewals carry it over. */
    startedAt: instant('started_at').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Set by the first renewal of this token: a token is renewed once (parallel calls). */
    renewedAt: instant('renewed_at'),
    /** Signed out, or its key revoked. */
    endedAt: instant('ended_at'),
  },
  (t) => [
    uniqueIndex('embed_session_token_idx').on(t.tokenHash),
    index('embed_session_key_idx').on(t.apiKeyId),
    index('embed_session_user_idx').on(t.userId, t.apiKeyId),
  ],
);

/**
 * A user's consent to one embed key (decision 029): asked once per key in the popup, stored per user and
 * key, with the origin it was given on.
 */
export const embedConsent = sqliteTable(
  'embed_consent',
  {
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    apiKeyId: requiredRef('api_key_id', () => apiKey.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.apiKeyId] })],
);
