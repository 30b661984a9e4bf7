import { REALTIME_EVENTS, type RealtimeServerMessage } from '@fm/sdk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { PATHS } from './paths.ts';
import { queryKeys } from './query-keys.ts';

/** Frames after which the Messages badge is out of date (user-area §7). */
const COUNT_CHANGING: ReadonlySet<RealtimeServerMessage['type']> = new Set([
  ...REALTIME_EVENTS,
  'notification',
]);

/**
 * The queries a frame makes out of date: the Messages count on chat and notification frames, and
 * every meeting read (My Meetings, Sessions, a meeting's details and presence) on a notification
 * that leads under My Meetings (booked, declined, cancelled, completed, reviewed, charged).
 */
export function invalidateFor(queryClient: QueryClient, frame: RealtimeServerMessage): void {
  if (COUNT_CHANGING.has(frame.type)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCount });
  }
  if (frame.type === 'notification' && isMeetingLink(frame.notification.link)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all });
  }
}

/** Whether a notification's link is My Meetings or one of its meetings. */
export const isMeetingLink = (link: string | null): boolean =>
  link === PATHS.bookings || link?.startsWith(`${PATHS.bookings}/`) === true;
