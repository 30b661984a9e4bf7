import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { cents, id, instant, requiredRef, timestamps } from './columns.ts';
import { franchise } from './franchises.ts';
import { meeting } from './meetings.ts';
import { payment } from './money.ts';

/**
 * A franchisor's dispute of a charged meeting (rule 20), opened within 14 days of the charge and
 * decided by an admin: rejected, or refunded in full or in part. One per payment.
 */
export const dispute = sqliteTable(
  'dispute',
  {
    id: id(),
    paymentId: requiredRef('payment_id', () => payment.id),
    meetingId: text('meeting_id').references(() => meeting.id, { onDelete: 'set null' }),
    franchiseId: text('franchise_id').references(() => franchise.id),
    franchisorId: requiredRef('franchisor_id', () => user.id),
    consultantId: requiredRef('consultant_id', () => user.id),
    reason: text('reason').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'rejected', 'refunded', 'partially_refunded'] })
      .notNull()
      .default('open'),
    /** What the decision gives back (0 when rejected). */
    refundCents: cents('refund_cents'),
    decisionNote: text('decision_note'),
    decidedById: text('decided_by_id').references(() => user.id),
    decidedAt: instant('decided_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('dispute_payment_uq').on(t.paymentId),
    index('dispute_status_idx').on(t.status, t.createdAt, t.id),
    index('dispute_created_idx').on(t.createdAt, t.id),
    index('dispute_consultant_idx').on(t.consultantId, t.createdAt),
    index('dispute_franchisor_idx').on(t.franchisorId, t.createdAt),
  ],
);

/** The replies on a dispute: the consultant's answer, the franchisor's follow-ups, an admin's notes. */
export const disputeMessage = sqliteTable(
  'dispute_message',
  {
    id: id(),
    disputeId: requiredRef('dispute_id', () => dispute.id, { onDelete: 'cascade' }),
    authorId: requiredRef('author_id', () => user.id),
    body: text('body').notNull(),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('dispute_message_dispute_idx').on(t.disputeId, t.createdAt)],
);
