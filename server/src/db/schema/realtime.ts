import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { instant, requiredRef, timestamps } from './columns.ts';

/**
 * Single-use tickets that admit one socket to one realtime room (rule 15). Only the SHA-256 of a
 * ticket is stored, so the table leaks nothing usable; a ticket is deleted when redeemed, and
 * expired ones are swept when new ones are issued.
 */
export const realtimeTicket = sqliteTable(
  'realtime_ticket',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    room: text('room').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('realtime_ticket_expires_idx').on(t.expiresAt)],
);
