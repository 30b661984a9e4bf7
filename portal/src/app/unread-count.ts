import { useSyncExternalStore } from 'react';

/**
 * The unread-message count shown on Messages. The chat feature feeds it (polling and socket
 * events); until it does, the count is 0 and the badge stays hidden.
 */
let unreadCount = 0;
const listeners = new Set<() => void>();

export function setUnreadCount(count: number): void {
  const next = Math.max(0, Math.floor(count));
  if (next === unreadCount) return;
  unreadCount = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The current unread-message count.
 *
 * @example
 * ```tsx
 * const unread = useUnreadCount();
 * ```
 */
export function useUnreadCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => unreadCount,
    () => 0,
  );
}
