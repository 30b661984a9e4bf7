import { connectRealtime } from '@fm/sdk';
import { REALTIME_EVENTS, type RealtimeServerMessage, userRoomId } from '@fm/sdk/contracts';
import { type ChatRealtime, chatRealtimeOf } from '@fm/widgets';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api } from './api-client.ts';
import { PATHS } from './paths.ts';
import { queryKeys } from './query-keys.ts';

/** The signed-in user's realtime room as the widgets read it (frames, and whether it is live). */
export type RealtimeFeed = ChatRealtime;

const RealtimeContext = createContext<RealtimeFeed | null>(null);

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

/**
 * The portal's one socket (rules 12 and 15): the user room of the signed-in franchisor or
 * consultant, opened once for the whole app and reconnected forever at 1 s by the SDK. The bell
 * and the chat read its frames through {@link useRealtime}; its frames invalidate the matching
 * queries ({@link invalidateFor}), so the Messages badge and the meeting pages show the other
 * side's changes without a reload. After a reconnect, what was missed is read again; polling
 * stays as the fallback. `userId` null (signed out, admin) opens nothing.
 *
 * @example
 * <RealtimeProvider userId={session?.user.id ?? null}><Outlet /></RealtimeProvider>
 */
export function RealtimeProvider({
  userId,
  children,
}: {
  userId: string | null;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [feed, setFeed] = useState<RealtimeFeed | null>(null);

  useEffect(() => {
    if (!userId) return;
    const connection = connectRealtime({ client: api, room: userRoomId(userId) });
    setFeed(chatRealtimeOf(connection));
    const stopFrames = connection.subscribe((frame) => invalidateFor(queryClient, frame));
    let opened = false;
    // Whatever happened while the socket was down is read from the API.
    const stopStatus = connection.onStatus((status) => {
      if (status !== 'open') return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCount });
      // The first open follows the pages' own first reads; only a reconnect missed anything.
      if (opened) void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all });
      opened = true;
    });
    return () => {
      stopFrames();
      stopStatus();
      connection.close();
      setFeed(null);
    };
  }, [userId, queryClient]);

  return <RealtimeContext.Provider value={feed}>{children}</RealtimeContext.Provider>;
}

/**
 * The user room's frames, or null while signed out (widgets then poll).
 *
 * @example
 * <Notifications realtime={useRealtime()} />
 */
export function useRealtime(): RealtimeFeed | null {
  return useContext(RealtimeContext);
}

/** Whether a notification's link is My Meetings or one of its meetings. */
export const isMeetingLink = (link: string | null): boolean =>
  link === PATHS.bookings || link?.startsWith(`${PATHS.bookings}/`) === true;
