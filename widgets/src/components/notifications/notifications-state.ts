import {
  NOTIFICATIONS_LOAD_MORE_PX,
  type Notification,
  type NotificationList,
} from '@fm/sdk/contracts';

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

/** Adds a page to the list, newest first, without repeating an item already shown. */
function merge(items: readonly Notification[], page: readonly Notification[]): Notification[] {
  const seen = new Set(items.map((n) => n.id));
  return [...items, ...page.filter((n) => !seen.has(n.id))];
}

/**
 * The state once page `page` arrived: page 1 replaces the list (a fresh look), later pages add to
 * it. Notifications that arrived live and are not on page 1 yet are kept at the top.
 *
 * @example
 * const next = withPage(state, 2, await api.notifications.list({ page: 2 }));
 */
export function withPage(
  s: NotificationsState,
  page: number,
  result: NotificationList,
): NotificationsState {
  return {
    items: page === 1 ? result.data : merge(s.items, result.data),
    total: result.total,
    unreadCount: result.unreadCount,
    page,
    loading: false,
    error: null,
  };
}

/**
 * The state once a notification arrived live (a `notification` frame, rule 12): it goes on top (or
 * replaces the copy already shown), and the badge takes the server's unread count.
 *
 * @example
 * const next = withIncoming(state, frame.notification, frame.unreadCount);
 */
export function withIncoming(
  s: NotificationsState,
  notification: Notification,
  unreadCount: number,
): NotificationsState {
  const known = s.items.some((n) => n.id === notification.id);
  return {
    ...s,
    items: known
      ? s.items.map((n) => (n.id === notification.id ? notification : n))
      : [notification, ...s.items],
    total: known ? s.total : s.total + 1,
    unreadCount: Math.max(0, unreadCount),
  };
}

/**
 * Whether a scrolled element is within `NOTIFICATIONS_LOAD_MORE_PX` of its bottom.
 *
 * @example
 * if (nearBottom(event.currentTarget)) loadMore();
 */
export function nearBottom(el: { scrollTop: number; clientHeight: number; scrollHeight: number }) {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - NOTIFICATIONS_LOAD_MORE_PX;
}
