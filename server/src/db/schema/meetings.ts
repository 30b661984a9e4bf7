import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { apiKey } from './api-keys.ts';
import { user } from './auth.ts';
import { bool, cents, id, instant, requiredRef, timestamps } from './columns.ts';
import { franchise } from './franchises.ts';

/**
 * A booked video meeting — the API's `session` (the name `session` belongs to auth here).
 * Status per rule 8: future → pending (start passed) → completed | declined; a franchisor's cancel deletes it.
 */
export const meeting = sqliteTable(
  'meeting',
  {
    id: id(),
    consultantId: requiredRef('consultant_id', () => user.id),
    /** The franchisor user who booked. */
    franchisorId: requiredRef('franchisor_id', () => user.id),
    franchiseId: text('franchise_id').references(() => franchise.id),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    /** The zone the meeting was booked in (IANA). */
    timeZone: text('time_zone').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: text('status', { enum: ['future', 'pending', 'completed', 'declined'] })
      .notNull()
      .default('future'),
    /** The consultant's rate when booked: the price never changes under a booking. */
    rateCents: cents('rate_cents').notNull(),
    paidAmountCents: cents('paid_amount_cents').notNull().default(0),
    isPaid: bool('is_paid').notNull().default(false),
    markedAsCompletedAt: instant('marked_as_completed_at'),
    declinedAt: instant('declined_at'),
    externalEventId: text('external_event_id'),
    /**
     * The API key the booking came through (rule 18): the publishable embed key of the partner page,
     * or a secret key of the franchise's backend; null when booked on the product itself.
     */
    apiKeyId: text('api_key_id').references(() => apiKey.id, { onDelete: 'set null' }),
    /** Accepted reschedules so far (rule 20: at most three). */
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /** The iCalendar SEQUENCE of its invitation: raised by every move, the UID stays the meeting's id. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // With the id: the admin bookings search reads its matches from these indexes alone.
    index('meeting_consultant_idx').on(t.consultantId, t.startAt, t.id),
    index('meeting_franchisor_idx').on(t.franchisorId, t.startAt, t.id),
    index('meeting_franchise_idx').on(t.franchiseId, t.startAt, t.id),
    // The id too: the admin bookings list pages by (start, id) from the index alone (bench A1).
    index('meeting_status_idx').on(t.status, t.startAt, t.id),
    // Admin dashboard and bookings list.
    index('meeting_start_idx').on(t.startAt, t.id),
    index('meeting_completed_idx').on(t.status, t.markedAsCompletedAt),
    index('meeting_declined_idx').on(t.status, t.declinedAt),
  ],
);

/**
 * One row per 15-minute cell a live meeting occupies. The primary key makes a double booking
 * impossible in the database itself, whatever the number of API processes.
 */
export const meetingSlot = sqliteTable(
  'meeting_slot',
  {
    consultantId: text('consultant_id').notNull(),
    /** Cell start in epoch minutes (a multiple of 15). */
    cellStart: integer('cell_start').notNull(),
    meetingId: requiredRef('meeting_id', () => meeting.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.consultantId, t.cellStart] }),
    index('meeting_slot_meeting_idx').on(t.meetingId),
  ],
);

export const review = sqliteTable(
  'review',
  {
    id: id(),
    meetingId: requiredRef('meeting_id', () => meeting.id, { onDelete: 'cascade' }),
    authorId: requiredRef('author_id', () => user.id),
    consultantId: requiredRef('consultant_id', () => user.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    uniqueIndex('review_meeting_author_uq').on(t.meetingId, t.authorId),
    index('review_consultant_idx').on(t.consultantId, t.createdAt),
  ],
);

export const reviewRequest = sqliteTable('review_request', {
  meetingId: text('meeting_id')
    .primaryKey()
    .references(() => meeting.id, { onDelete: 'cascade' }),
  requestedAt: instant('requested_at').notNull(),
});
