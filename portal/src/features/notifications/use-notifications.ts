import { isApiError } from '@fm/sdk';
import {
  GENERIC_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_POLL_MS,
  type Notification,
} from '@fm/sdk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../app/api-client.ts';
import { usePolling } from '../../app/use-polling.ts';
import { INITIAL, type NotificationsState, withRead } from './notifications-state.ts';

const messageOf = (error: unknown) =>
  isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong;

/** Adds a page to the list, newest first, without repeating an item already shown. */
function merge(items: Notification[], page: Notification[]): Notification[] {
  const seen = new Set(items.map((n) => n.id));
  return [...items, ...page.filter((n) => !seen.has(n.id))];
}

/**
 * The signed-in user's notifications (user-area §3, §9): polled every `NOTIFICATIONS_POLL_MS` for
 * the bell's count, page 1 again whenever the panel opens, the next page on `loadMore`, and
 * marking read (optimistic: a failure puts the item back and says so).
 *
 * @example
 * const notifications = useNotifications(open);
 */
export function useNotifications(open: boolean) {
  const [state, setState] = useState<NotificationsState>(INITIAL);
  const request = useRef(0);

  /** Page 1 replaces the list; later pages add to it. Answers to older requests are dropped. */
  const load = useCallback(async (page: number) => {
    const id = ++request.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const result = await api.notifications.list({ page, limit: NOTIFICATIONS_PAGE_SIZE });
      if (id !== request.current) return;
      setState((s) => ({
        items: page === 1 ? result.data : merge(s.items, result.data),
        total: result.total,
        unreadCount: result.unreadCount,
        page,
        loading: false,
        error: null,
      }));
    } catch (error) {
      if (id !== request.current) return;
      setState((s) => ({ ...s, loading: false, error: messageOf(error) }));
    }
  }, []);

  // Opening the panel starts again from page 1; while closed, the poll keeps the count fresh.
  useEffect(() => {
    if (open) void load(1);
  }, [open, load]);
  // An open panel the user is scrolling through is not reset under their eyes.
  usePolling('notifications', NOTIFICATIONS_POLL_MS, () => {
    if (!open) void load(1);
  });

  const current = useRef(state);
  useEffect(() => {
    current.current = state;
  }, [state]);
  const loadMore = useCallback(() => {
    const s = current.current;
    if (!s.loading && s.items.length < s.total) void load(s.page + 1);
  }, [load]);

  const markRead = useCallback(async (notification: Notification) => {
    if (notification.isRead) return;
    setState((s) => withRead(s, [notification.id], true));
    try {
      const result = await api.notifications.markRead({ ids: [notification.id] });
      setState((s) => ({ ...s, unreadCount: result.unreadCount }));
    } catch (error) {
      setState((s) => ({ ...withRead(s, [notification.id], false), error: messageOf(error) }));
    }
  }, []);

  const markAllRead = useCallback(async () => {
    const unread = current.current.items.filter((n) => !n.isRead).map((n) => n.id);
    setState((s) => withRead(s, 'all', true));
    try {
      const result = await api.notifications.markRead({ all: true });
      setState((s) => ({ ...s, unreadCount: result.unreadCount }));
    } catch (error) {
      setState((s) => ({ ...withRead(s, unread, false), error: messageOf(error) }));
    }
  }, []);

  return { ...state, loadMore, markRead, markAllRead, retry: () => void load(1) };
}
