import { REALTIME_EVENTS, type RealtimeServerMessage } from '@fm/sdk/contracts';
import { type ChatRealtime, useUserRoom } from '@fm/widgets';
import { api } from '../../app/api-client.ts';
import { refreshUnreadCount } from '../../app/unread-count.ts';

const COUNTING_EVENTS: ReadonlySet<string> = new Set(REALTIME_EVENTS);

/**
 * The chat's live frames while a chat page is open: the user's realtime room. The chat events
 * also refresh the Messages badge at once (user-area §7). The chat polls while the socket is not
 * open (D12).
 *
 * @example
 * const realtime = useChatRealtime(session?.user.id ?? null);
 */
export function useChatRealtime(userId: string | null): ChatRealtime | null {
  return useUserRoom(api, userId, (frame: RealtimeServerMessage) => {
    if (COUNTING_EVENTS.has(frame.type)) void refreshUnreadCount();
  });
}
