import type { BookingStatus } from '@fm/sdk/contracts';
import { formatDateTime } from '@fm/widgets/kit';

/** How the admin reads a booking status (admin-panel §4: all four; `finished` is completed). */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  future: 'Future',
  pending: 'Pending',
  completed: 'Completed',
  declined: 'Declined',
};

/**
 * The completion date of a completed booking, otherwise N/A (admin-panel §4).
 *
 * @example
 * completionText({ status: 'future', markedAsCompletedAt: null }); // 'N/A'
 */
export function completionText(booking: {
  status: BookingStatus;
  markedAsCompletedAt: string | null;
}): string {
  return booking.status === 'completed' && booking.markedAsCompletedAt
    ? formatDateTime(booking.markedAsCompletedAt)
    : 'N/A';
}
