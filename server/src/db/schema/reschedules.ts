import { sql } from 'drizzle-orm';
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { instant, requiredRef, timestamps } from './columns.ts';
import { meeting } from './meetings.ts';
import { payment } from './money.ts';

/**
 * A proposal to move a meeting (rule 20): one to three start times from one side, accepted (one of
 * them) or declined by the other. At most one is open per meeting, held by a partial unique index.
 * A late cancellation's "reschedule" choice proposes from the payment alone (its meeting is gone).
 */
export const rescheduleRequest = sqliteTable(
  'reschedule_request',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    meetingId: text('meeting_id').references(() => meeting.id, { onDelete: 'cascade' }),
    /** Set for a late cancellation's reschedule: the payment the new meeting carries forward. */
    paymentId: text('payment_id').references(() => payment.id, { onDelete: 'cascade' }),
    proposedById: requiredRef('proposed_by_id', () => user.id),
    /** The proposed starts, a JSON array of ISO instants (one to three). */
    starts: text('starts', { mode: 'json' }).$type<string[]>().notNull(),
    status: text('status', { enum: ['open', 'accepted', 'declined', 'withdrawn'] })
      .notNull()
      .default('open'),
    acceptedStart: instant('accepted_start'),
    decidedById: text('decided_by_id').references(() => user.id),
    decidedAt: instant('decided_at'),
    ...timestamps,
  },
  (t) => [
    index('reschedule_request_meeting_idx').on(t.meetingId, t.createdAt),
    index('reschedule_request_payment_idx').on(t.paymentId),
    uniqueIndex('reschedule_request_open_uq').on(t.meetingId).where(sql`status = 'open'`),
  ],
);
