import { UNREAD_POLL_MS } from '@fm/sdk/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api-client.ts';
import { usePolling } from './use-polling.ts';

/**
 * The unread-message count shown on Messages and on the dashboard: polled from the API every
 * `UNREAD_POLL_MS` while someone is signed in (user-area §7); the chat's socket events will also
 * refresh it. While it is 0 the badge stays hidden.
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

/** Asks the API for the count now; a failed poll keeps the last known count. */
export async function refreshUnreadCount(): Promise<void> {
  try {
    const { unreadCount: count } = await api.messages.unreadCount();
    setUnreadCount(count);
  } catch {
    // Polling again in a few seconds is the retry; a 401 already sent the user to sign-in.
  }
}

/**
 * Keeps the count of the signed-in franchisor or consultant `userId` fresh: at once, every
 * `UNREAD_POLL_MS`, and when the tab becomes visible again. `null` (signed out) resets it to 0.
 *
 * @example
 * ```tsx
 * useUnreadCountPolling(session?.role === 'admin' ? null : (session?.user.id ?? null));
 * ```
 */
export function useUnreadCountPolling(userId: string | null): void {
  useEffect(() => {
    // Another user (or none): the previous count is not theirs.
    void userId;
    setUnreadCount(0);
  }, [userId]);
  usePolling(userId, UNREAD_POLL_MS, () => void refreshUnreadCount());
}
