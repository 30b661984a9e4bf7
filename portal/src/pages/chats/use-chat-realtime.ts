import type { ChatRealtime } from '@fm/widgets';
import { useRealtime } from '../../shared/realtime.tsx';

/**
 * The chat's live frames: the portal's one socket to the user's realtime room (it also refreshes
 * the Messages badge on chat events). Null while signed out or before it opens; the chat polls
 * until the socket is open (rule 12).
 *
 * @example
 * const realtime = useChatRealtime();
 */
export function useChatRealtime(): ChatRealtime | null {
  return useRealtime();
}
