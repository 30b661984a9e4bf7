import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_POLL_MS,
  type Notification,
  type RealtimeServerMessage,
} from '@fm/sdk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toWidgetError } from '../../widget-error.ts';
import type { ChatRealtime as RealtimeFeed } from '../chat/chat-ports.ts';
import { useChatLive } from '../chat/use-chat-live.ts';
import type { NotificationsSource } from './notifications-source.ts';
import {
  INITIAL,
  type NotificationsState,
  withIncoming,
  withPage,
  withRead,
} from './notifications-state.ts';

export interface UseNotificationsOptions {
  source: NotificationsSource;
  /** The user's realtime room (rule 12); without it (or while it is down) the count is polled. */
  realtime?: RealtimeFeed | null | undefined;
  /** Whether the panel is open: opening it loads page 1 again. */
  open: boolean;
  /** Milliseconds between polls while not live; `NOTIFICATIONS_POLL_MS` by default. */
  pollMs?: number | undefined;
}

/**
 * The signed-in user's notifications (user-area §3, §9; rule 12): page 1 at once and whenever the panel
 * opens, the next page on `loadMore`, new ones live from the user's room (`notification` frames),
 * a poll every `NOTIFICATIONS_POLL_MS` only while the socket is down, and a catch-up when it opens
 * again. Marking read is optimistic: a failure puts the items back and says so.
 *
 * @example
 * const notifications = useNotifications({ source, realtime, open });
 */
export function useNotifications({ source, realtime, open, pollMs }: UseNotificationsOptions) {
  const [state, setState] = useState<NotificationsState>(INITIAL);
  const request = useRef(0);
  const current = useRef(state);
  const isOpen = useRef(open);
  useEffect(() => {
    current.current = state;
    isOpen.current = open;
  });

  /** Page 1 replaces the list; later pages add to it. Answers to older requests are dropped. */
  const load = useCallback(
    async (page: number) => {
      const id = ++request.current;
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const result = await source.list({ page, limit: NOTIFICATIONS_PAGE_SIZE });
        if (id !== request.current) return;
        setState((s) => withPage(s, page, result));
      } catch (error) {
        if (id !== request.current) return;
        setState((s) => ({ ...s, loading: false, error: toWidgetError(error).message }));
      }
    },
    [source],
  );

  // At once for the badge, and again whenever the panel opens.
  useEffect(() => {
    void load(1);
  }, [load]);
  useEffect(() => {
    if (open) void load(1);
  }, [open, load]);

  useChatLive(
    realtime ?? null,
    {
      onFrame: (frame: RealtimeServerMessage) => {
        if (frame.type === 'notification') {
          setState((s) => withIncoming(s, frame.notification, frame.unreadCount));
        }
      },
      // An open panel the user is scrolling through is not reset under their eyes.
      onCatchUp: () => {
        if (!isOpen.current) void load(1);
      },
    },
    pollMs ?? NOTIFICATIONS_POLL_MS,
  );

  const loadMore = useCallback(() => {
    const s = current.current;
    if (!s.loading && s.items.length < s.total) void load(s.page + 1);
  }, [load]);

  const markRead = useCallback(
    async (notification: Notification) => {
      if (notification.isRead) return;
      setState((s) => withRead(s, [notification.id], true));
      try {
        const result = await source.markRead({ ids: [notification.id] });
        setState((s) => ({ ...s, unreadCount: result.unreadCount }));
      } catch (error) {
        setState((s) => ({
          ...withRead(s, [notification.id], false),
          error: toWidgetError(error).message,
        }));
      }
    },
    [source],
  );

  const markAllRead = useCallback(async () => {
    const unread = current.current.items.filter((n) => !n.isRead).map((n) => n.id);
    setState((s) => withRead(s, 'all', true));
    try {
      const result = await source.markRead({ all: true });
      setState((s) => ({ ...s, unreadCount: result.unreadCount }));
    } catch (error) {
      setState((s) => ({ ...withRead(s, unread, false), error: toWidgetError(error).message }));
    }
  }, [source]);

  const retry = useCallback(() => void load(1), [load]);
  return { ...state, loadMore, markRead, markAllRead, retry };
}

export type NotificationsModel = ReturnType<typeof useNotifications>;
