import { connectRealtime } from '@fm/sdk';
import { REALTIME_EVENTS, type RealtimeServerMessage, userRoomId } from '@fm/sdk/contracts';
import { type ChatRealtime, chatRealtimeOf } from '@fm/widgets';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { api } from './api-client.ts';
import { PATHS } from './paths.ts';
import { refreshUnreadCount } from './unread-count.ts';

/** The signed-in user's realtime room as the widgets read it (frames, and whether it is live). */
export type RealtimeFeed = ChatRealtime;

const RealtimeContext = createContext<RealtimeFeed | null>(null);

/** Frames after which the Messages badge is out of date (user-area §7). */
const COUNT_CHANGING: ReadonlySet<RealtimeServerMessage['type']> = new Set([
  ...REALTIME_EVENTS,
  'notification',
]);

/**
 * The portal's one socket (rules 12 and 15): the user room of the signed-in franchisor or consultant,
 * opened once for the whole app and reconnected forever at 1 s by the SDK. The bell and the chat
 * read its frames through {@link useRealtime}; the Messages badge refreshes at once on
 * `receiveMessage`, `readMessage`, `joinChat` and `notification` frames, and after every
 * (re)connect. Polling stays as the fallback. `userId` null (signed out, admin) opens nothing.
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
  const [feed, setFeed] = useState<RealtimeFeed | null>(null);

  useEffect(() => {
    if (!userId) return;
    const connection = connectRealtime({ client: api, room: userRoomId(userId) });
    setFeed(chatRealtimeOf(connection));
    const stopFrames = connection.subscribe((frame) => {
      if (COUNT_CHANGING.has(frame.type)) void refreshUnreadCount();
    });
    // Whatever happened while the socket was down is read from the API.
    const stopStatus = connection.onStatus((status) => {
      if (status === 'open') void refreshUnreadCount();
    });
    return () => {
      stopFrames();
      stopStatus();
      connection.close();
      setFeed(null);
    };
  }, [userId]);

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

/**
 * Calls `onNews` when something happened to one of the user's meetings — a notification frame
 * that leads under My Meetings (booked, declined, cancelled, completed, reviewed, charged) — and
 * when the socket comes back after a drop (what it missed is read again). My Meetings and Meeting
 * Details reload with it, so the other side's changes show without a reload of the page.
 *
 * @example
 * useMeetingNews(reload);
 */
export function useMeetingNews(onNews: () => void): void {
  const realtime = useRealtime();
  const latest = useRef(onNews);
  latest.current = onNews;
  useEffect(() => {
    if (!realtime) return;
    let dropped = false;
    const stopFrames = realtime.subscribe((frame) => {
      if (frame.type === 'notification' && isMeetingLink(frame.notification.link)) {
        latest.current();
      }
    });
    const stopLive = realtime.onLiveChange((live) => {
      if (!live) dropped = true;
      else if (dropped) {
        dropped = false;
        latest.current();
      }
    });
    return () => {
      stopFrames();
      stopLive();
    };
  }, [realtime]);
}

/** Whether a notification's link is My Meetings or one of its meetings. */
export const isMeetingLink = (link: string | null): boolean =>
  link === PATHS.bookings || link?.startsWith(`${PATHS.bookings}/`) === true;
