import { connectRealtime } from '@fm/sdk';
import { userRoomId } from '@fm/sdk/contracts';
import { type ChatRealtime, chatRealtimeOf } from '@fm/widgets';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { invalidateFor } from './realtime-invalidation.ts';

/** The signed-in user's realtime room as the widgets read it (frames, and whether it is live). */
export type RealtimeFeed = ChatRealtime;

const RealtimeContext = createContext<RealtimeFeed | null>(null);

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
