import { MOBILE_BREAKPOINT_PX, type Notification } from '@fm/sdk/contracts';
import type { ApiClient } from '@fm/sdk/embed';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useFmClient } from '../../client-context.tsx';
import type { WidgetTheme } from '../../theme.ts';
import type { ChatRealtime as RealtimeFeed } from '../chat/chat-ports.ts';
import { notificationsSourceOf } from './notifications-source.ts';
import { INITIAL } from './notifications-state.ts';
import { NotificationsView } from './notifications-view.tsx';
import { useNotifications } from './use-notifications.ts';

const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribeViewport(onChange: () => void): () => void {
  const query = typeof window === 'undefined' ? null : window.matchMedia?.(NARROW_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is under the mobile breakpoint (a bell's panel follows the screen). */
function useNarrowViewport(): boolean {
  return useSyncExternalStore(
    subscribeViewport,
    () => window.matchMedia?.(NARROW_QUERY).matches ?? false,
    () => false,
  );
}

export interface NotificationsProps {
  /** The signed-in SDK client; defaults to the one of the nearest `FmClientProvider`. */
  client?: ApiClient | undefined;
  /** The user's realtime room: new notifications appear at once (polling while it is down). */
  realtime?: RealtimeFeed | null | undefined;
  /** Forces the drawer (true) or the dropdown (false); by default the drawer under 768 px. */
  drawer?: boolean | undefined;
  theme?: WidgetTheme | undefined;
  /** A notification with a link was chosen (already marked read): go there. */
  onOpenNotification?: ((notification: Notification) => void) | undefined;
  /** The unread count changed (for a title, a favicon badge, …). */
  onUnreadCount?: ((count: number) => void) | undefined;
  /**
   * Nobody is signed in (a brand's page before its visitor logs in): the panel offers this
   * sign-in link, and nothing is loaded.
   */
  signInHref?: string | undefined;
}

/**
 * The bell and its notifications panel (user-area §2, §3; rule 12), loading through the SDK: the
 * unread badge, the newest first with "Mark all as read" and more as the list is scrolled, live
 * from the user's realtime room, polled while that is down. Choosing one marks it read and calls
 * `onOpenNotification`. Failures read "Error fetching notifications: …".
 *
 * @example
 * <Notifications client={api} realtime={realtime} onOpenNotification={(n) => navigate(n.link)} />
 */
export function Notifications(props: NotificationsProps) {
  // The panel's form follows the screen unless the caller forces one.
  const narrow = useNarrowViewport();
  const drawer = props.drawer ?? narrow;
  return props.signInHref ? (
    <SignedOutNotifications {...props} drawer={drawer} signInHref={props.signInHref} />
  ) : (
    <SignedInNotifications {...props} drawer={drawer} />
  );
}

/** The bell of a visitor who is not signed in: its panel asks them to log in. */
function SignedOutNotifications({
  drawer,
  theme,
  signInHref,
}: NotificationsProps & { signInHref: string }) {
  const [open, setOpen] = useState(false);
  const ignore = () => undefined;
  return (
    <NotificationsView
      state={INITIAL}
      open={open}
      onOpenChange={setOpen}
      drawer={drawer}
      theme={theme}
      signInHref={signInHref}
      onChoose={ignore}
      onMarkAllRead={ignore}
      onLoadMore={ignore}
      onRetry={ignore}
    />
  );
}

function SignedInNotifications({
  client,
  realtime,
  drawer,
  theme,
  onOpenNotification,
  onUnreadCount,
}: NotificationsProps) {
  const api = useFmClient(client);
  const calls = useMemo(() => notificationsSourceOf(api), [api]);
  const [open, setOpen] = useState(false);
  const model = useNotifications({ source: calls, realtime, open });

  const reported = useRef(onUnreadCount);
  useEffect(() => {
    reported.current = onUnreadCount;
  });
  useEffect(() => {
    reported.current?.(model.unreadCount);
  }, [model.unreadCount]);

  const choose = (notification: Notification) => {
    void model.markRead(notification);
    if (notification.link) {
      setOpen(false);
      onOpenNotification?.(notification);
    }
  };

  return (
    <NotificationsView
      state={model}
      open={open}
      onOpenChange={setOpen}
      drawer={drawer}
      theme={theme}
      onChoose={choose}
      onMarkAllRead={() => void model.markAllRead()}
      onLoadMore={model.loadMore}
      onRetry={model.retry}
    />
  );
}
