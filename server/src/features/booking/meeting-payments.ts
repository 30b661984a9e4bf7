import type { SessionUser } from '../../auth/session.ts';
import type { BatchStatement, Tx } from '../../db/client.ts';
import type { MeetingRow } from './meeting-view.ts';

/**
 * The seam between booking and money (rule 10). Booking calls these hooks INSIDE the transaction of each
 * state change, after its own writes and before the commit:
 * - a throw (e.g. `new AppError('PAYMENT_DECLINED')` for a declined card) rolls everything back —
 *   no meeting, no held cells, no notification — and reaches the client as that error;
 * - writes through `ctx.tx` commit or roll back together with the meeting.
 * `onCancelled` runs before the meeting row is deleted, so it must remove or detach rows that
 * reference the meeting (e.g. `payment.meeting_id`), or the delete fails on the foreign key.
 * Cancel, decline and no-show call `settle` after their commit for the provider's part.
 * Calls to an external provider made here hold the database's write lock while they run: a booking
 * therefore asks `prepareBooked` first, outside any transaction, and hands its answer to
 * `bookedStatements`, which only builds the writes for the booking's batch; when the batch fails
 * (slot taken), booking calls `abandon` on it.
 */
export interface MeetingPayments {
  /**
   * Before the booking's transaction (the meeting is not stored yet): the provider's part, e.g.
   * the upfront hold or the card check. A throw refuses the booking before anything is written.
   */
  prepareBooked(meeting: MeetingDraft, ctx: PrepareContext): Promise<PreparedBooking>;
  /**
   * A meeting is being booked (status `future`): what `prepareBooked` decided, as statements built
   * on the database for the booking's own batch — one transaction with the meeting, its cells and
   * the notice, so they commit or roll back together. A throw here refuses the booking before
   * anything is written.
   */
  bookedStatements(
    meeting: MeetingRow,
    ctx: { prepared: PreparedBooking; now: Date },
  ): BatchStatement[];
  /** The franchisor side cancelled (the meeting is about to be deleted): release the hold. */
  onCancelled(meeting: MeetingRow, ctx: PaymentContext): Promise<void>;
  /** The consultant declined: release the hold. */
  onDeclined(meeting: MeetingRow, ctx: PaymentContext): Promise<void>;
  /** The consultant marked it completed: it becomes chargeable in the weekly run. */
  onCompleted(meeting: MeetingRow, ctx: PaymentContext): Promise<void>;
  /**
   * The meeting moved to `meeting.startAt` (rule 20): the payment follows,
   * keeping a hold that still covers the new time, else recording its release and when the next
   * hold is due (rule 10's 48 hours). Only writes; `afterMoved` makes the provider's part.
   */
  onMoved?(meeting: MeetingRow, ctx: PaymentContext): Promise<void>;
  /**
   * A late cancellation's payment carries on with the new meeting its franchisor accepted (the
   * meeting takes the payment's id): the payment points at it again, is no longer a late
   * cancellation, and its hold follows like a move (`onMoved`). Throws 409 when it was settled
   * meanwhile. Only writes; `afterMoved` makes the provider's part.
   */
  onLateRescheduled?(meeting: MeetingRow, ctx: PaymentContext): Promise<void>;
  /** After a move committed: the release `onMoved` recorded, and the new hold when due now. */
  afterMoved?(meetingId: string): Promise<void>;
  /**
   * After a cancel, decline or no-show has COMMITTED: the provider's part that `onCancelled` /
   * `onDeclined` only recorded (releasing the hold), so no provider call holds the write lock and
   * a rolled-back change releases nothing. Never throws (what fails is retried by a job).
   */
  settle?(meetingId: string): Promise<void>;
}

export interface PaymentContext {
  tx: Tx;
  /** Who caused the change. */
  actor: SessionUser;
  now: Date;
  /** Where money notices written in `tx` leave their notification ids, pushed after the commit. */
  notificationIds?: string[];
}

/** What a booking knows of its meeting before storing it. */
export type MeetingDraft = Pick<
  MeetingRow,
  | 'id'
  | 'consultantId'
  | 'franchisorId'
  | 'franchiseId'
  | 'startAt'
  | 'durationMinutes'
  | 'rateCents'
>;

export interface PrepareContext {
  actor: SessionUser;
  now: Date;
}

/** A booking's money decided before its transaction. */
export interface PreparedBooking {
  readonly meetingId: string;
  /** Undoes the provider's part (releases a hold) when no meeting came of it. */
  abandon(): Promise<void>;
}

/** The default until the payments feature plugs in: nothing is held or charged. */
export const noMeetingPayments: MeetingPayments = {
  prepareBooked: async (meeting) => ({ meetingId: meeting.id, abandon: async () => {} }),
  bookedStatements: () => [],
  onCancelled: async () => {},
  onDeclined: async () => {},
  onCompleted: async () => {},
};
