import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { instant, requiredRef } from './columns.ts';
import { meeting } from './meetings.ts';

/**
 * The presence log of a meeting's room (rule 16): one row per socket connection, in the room server's
 * clock. `lastSeenAt` moves with the heartbeat; the stretch ends at `leftAt`, or 30 s after
 * `lastSeenAt` when the room never reported a leave (a closed laptop, a lost room server).
 */
export const meetingPresence = sqliteTable(
  'meeting_presence',
  {
    meetingId: requiredRef('meeting_id', () => meeting.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id').notNull(),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['consultant', 'franchise'] }).notNull(),
    joinedAt: instant('joined_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    leftAt: instant('left_at'),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.connectionId] }),
    index('meeting_presence_meeting_idx').on(t.meetingId, t.joinedAt),
  ],
);

/** A consultant no-show the franchisor reported (rule 16): nothing is charged, the hold is released. */
export const meetingNoShow = sqliteTable('meeting_no_show', {
  meetingId: text('meeting_id')
    .primaryKey()
    .references(() => meeting.id, { onDelete: 'cascade' }),
  reportedBy: requiredRef('reported_by', () => user.id),
  reportedAt: instant('reported_at').notNull(),
});
