import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { instant } from './columns.ts';

/**
 * Answers remembered per `Idempotency-Key` and caller for 24 hours, so a retried create or charge
 * replays the first answer instead of doing it twice. `status` is null while the first request
 * is still running.
 */
export const idempotencyKey = sqliteTable(
  'idempotency_key',
  {
    ownerId: text('owner_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.key] }),
    index('idempotency_key_expires_idx').on(t.expiresAt),
  ],
);
