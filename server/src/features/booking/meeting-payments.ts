import type { SessionUser } from '../../auth/session.ts';
import type { Tx } from '../../db/client.ts';
import type { MeetingRow } from './meeting-view.ts';

/**
 * The seam between booking and money (D10). Booking calls these hooks INSIDE the transaction of each
 * state change, after its own writes and before the commit:
 * - a throw (e.g. `new AppError('PAYMENT_DECLINED')` for a declined card) rolls everything back —
 *   no meeting, no held cells, no notification — and reaches the client as that error;
 * - writes through `ctx.tx` commit or roll back together with the meeting.
 * `onCancelled` runs before the meeting row is deleted, so it must remove or detach rows that
 * reference the meeting (e.g. `payment.meeting_id`), or the delete fails on the foreign key.
 * Calls to an external provider made here hold the database's write lock while they run; an
 * implementation may instead record intent in `ctx.tx` and call the provider after the commit.
 */
export interface MeetingPayments {
  /** A meeting was booked (status `future`). The upfront hold or card check goes here. */
  onBooked(meeting: MeetingRow, ctx: PaymentContext): Promise<void>;
  /** The franchisor side cancelled (the meeting is about to be deleted): release the hold. */
  onCancelled(meeting: MeetingRow, ctx: PaymentContext): Promise<void>;
  /** The consultant declined: release the hold. */
  onDeclined(meeting: MeetingRow, ctx: PaymentContext): Promise<void>;
  /** The consultant marked it completed: it becomes chargeable in the weekly run. */
  onCompleted(meeting: MeetingRow, ctx: PaymentContext): Promise<void>;
}

export interface PaymentContext {
  tx: Tx;
  /** Who caused the change. */
  actor: SessionUser;
  now: Date;
}

/** The default until the payments feature plugs in: nothing is held or charged. */
export const noMeetingPayments: MeetingPayments = {
  onBooked: async () => {},
  onCancelled: async () => {},
  onDeclined: async () => {},
  onCompleted: async () => {},
};
