import { type RealtimeServerMessage, userRoomId } from '@fm/sdk/contracts';
import { type ApiClient, connectRealtime, realtimeClientOf } from '@fm/sdk/embed';
import { useEffect, useRef, useState } from 'react';
import type { ChatRealtime } from './chat-ports.ts';
import { chatRealtimeOf } from './chat-realtime.ts';

/**
 * Opens the signed-in user's realtime room (rule 15: every new message and read mark of their chats
 * arrives there) for as long as the component is mounted, as the chat's `realtime`. `onFrame`
 * sees every frame too (e.g. to refresh a badge). Null while signed out.
 *
 * @example
 * const realtime = useUserRoom(api, selfId);
 * <Chat client={api} realtime={realtime} … />
 */
export function useUserRoom(
  client: ApiClient,
  userId: string | null,
  onFrame?: (frame: RealtimeServerMessage) => void,
): ChatRealtime | null {
  const [realtime, setRealtime] = useState<ChatRealtime | null>(null);
  const latest = useRef(onFrame);
  useEffect(() => {
    latest.current = onFrame;
  });
  useEffect(() => {
    if (!userId) {
      setRealtime(null);
      return;
    }
    const connection = connectRealtime({
      client: realtimeClientOf(client.http),
      room: userRoomId(userId),
    });
    const stop = connection.subscribe((frame) => latest.current?.(frame));
    setRealtime(chatRealtimeOf(connection));
    return () => {
      stop();
      connection.close();
    };
  }, [client, userId]);
  return realtime;
}
