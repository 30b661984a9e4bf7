import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { id, instant, requiredRef } from './columns.ts';
import { franchise } from './franchises.ts';

/**
 * A franchise's API keys (rule 18): publishable embed keys (`pk_…`, with the exact origins allowed to
 * use them) and secret backend keys (`sk_…`, with scopes). Only the SHA-256 of a key is stored;
 * a secret key is shown once, at creation (a publishable key is public and kept readable).
 * Revoking sets `revokedAt`; the row stays for the record.
 */
export const apiKey = sqliteTable(
  'api_key',
  {
    id: id(),
    franchiseId: requiredRef('franchise_id', () => franchise.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['publishable', 'secret'] }).notNull(),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the whole key: how a request's key is found. */
    keyHash: text('key_hash').notNull(),
    /** The first characters, for people to recognise a key (`sk_4f9a…`). */
    prefix: text('prefix').notNull(),
    /** The whole key, for publishable keys only (they are public by design). */
    publishableKey: text('publishable_key'),
    /** JSON array of origins (`https://partner.example:8443`), publishable keys only. */
    allowedOrigins: text('allowed_origins', { mode: 'json' }).$type<string[]>().notNull(),
    /** JSON array of scopes (`meetings:write`), secret keys only. */
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    createdByUserId: text('created_by_user_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_key_hash_idx').on(t.keyHash),
    index('api_key_franchise_idx').on(t.franchiseId, t.createdAt),
  ],
);
