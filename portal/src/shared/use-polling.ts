import { useEffect, useRef } from 'react';

/**
 * Calls `poll` at once, then every `intervalMs` while the tab is visible, and again when the tab
 * comes back into view; stops when `key` is null (e.g. signed out) and starts over when it changes.
 * The latest `poll` is always the one called, so it may read current state.
 *
 * @example
 * usePolling(session?.user.id ?? null, UNREAD_POLL_MS, refreshUnreadCount);
 */
export function usePolling(key: string | null, intervalMs: number, poll: () => void): void {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });
  useEffect(() => {
    if (key === null) return;
    const tick = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    latest.current();
    const timer = window.setInterval(tick, intervalMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [key, intervalMs]);
}
