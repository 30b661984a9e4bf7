import type { ChatRealtime } from '@fm/widgets';

/**
 * The chat's live frames: the user's realtime room. Until the portal's socket hook exists the
 * chat polls (D12 fallback).
 *
 * @example
 * const realtime = useChatRealtime(session?.user.id ?? null);
 */
export function useChatRealtime(_userId: string | null): ChatRealtime | null {
  return null;
}
