import type { Notification } from '@fm/sdk/contracts';

/** The notifications panel's state and its pure transitions (kept apart from the API for tests). */

export interface NotificationsState {
  items: Notification[];
  /** All of the user's notifications (for "load more"). */
  total: number;
  unreadCount: number;
  /** Pages loaded so far. */
  page: number;
  loading: boolean;
  error: string | null;
}

/** Nothing loaded yet. */
export const INITIAL: NotificationsState = {
  items: [],
  total: 0,
  unreadCount: 0,
  page: 0,
  loading: false,
  error: null,
};

/** The state with the given notifications (or all) marked read or unread, and the count moved. */
export function withRead(
  s: NotificationsState,
  ids: readonly string[] | 'all',
  isRead: boolean,
): NotificationsState {
  let changed = 0;
  const items = s.items.map((n) => {
    if (n.isRead === isRead || (ids !== 'all' && !ids.includes(n.id))) return n;
    changed += 1;
    return { ...n, isRead };
  });
  return { ...s, items, unreadCount: Math.max(0, s.unreadCount + (isRead ? -changed : changed)) };
}
