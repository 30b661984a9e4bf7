import { connectRealtime } from '@fm/sdk';
import { REALTIME_EVENTS, type RealtimeServerMessage, userRoomId } from '@fm/sdk/contracts';
import { type ChatRealtime, chatRealtimeOf } from '@fm/widgets';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api } from './api-client.ts';
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
 * The portal's one socket (D12, D15): the user room of the signed-in franchisor or consultant,
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
