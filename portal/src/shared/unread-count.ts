import { UNREAD_POLL_MS } from '@fm/sdk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.ts';

const wholeCount = (count: number) => Math.max(0, Math.floor(count));

/**
 * The unread-message count shown on Messages and on the dashboard (user-area §7), for a signed-in
 * franchisor or consultant; 0 otherwise, and while it is 0 the badge stays hidden. Read at once,
 * every `UNREAD_POLL_MS` while the tab is visible, and again when the tab comes back into view;
 * the realtime feed invalidates it on chat and notification frames. A failed poll keeps the last
 * known count (polling again is the retry; a 401 already sent the user to sign-in).
 *
 * @example
 * ```tsx
 * const unread = useUnreadCount();
 * ```
 */
export function useUnreadCount(): number {
  const session = useSession();
  const enabled = session !== null && session.role !== 'admin';
  const query = useQuery({
    queryKey: queryKeys.unreadCount,
    queryFn: async () => wholeCount((await api.messages.unreadCount()).unreadCount),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  return enabled ? (query.data ?? 0) : 0;
}

/**
 * Sets the count from what a screen already knows (the chat reports it as it reads messages).
 *
 * @example
 * <Chat onUnreadCount={useSetUnreadCount()} … />
 */
export function useSetUnreadCount(): (count: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (count: number) => queryClient.setQueryData(queryKeys.unreadCount, wholeCount(count)),
    [queryClient],
  );
}
