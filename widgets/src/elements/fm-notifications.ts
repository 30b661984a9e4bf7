import { connectRealtime } from '@fm/sdk';
import { type Notification, userRoomId } from '@fm/sdk/contracts';
import r2wc from '@r2wc/react-to-web-component';
import { createElement, useEffect, useMemo, useState } from 'react';
import type { ChatRealtime } from '../components/chat/chat-ports.ts';
import { chatRealtimeOf } from '../components/chat/chat-realtime.ts';
import { Notifications } from '../components/notifications/notifications.tsx';
import { parseTheme } from '../theme.ts';
import { portalUrlFor } from './element-attributes.ts';
import { elementClient } from './element-client.ts';
import { useFmEvents } from './host-events.ts';

/** Attributes of `<fm-notifications>` (kebab-case in HTML, camelCase here). */
export interface FmNotificationsAttributes {
  /** `api-base`: the API's base URL; defaults to the bundle's origin + `/api`. */
  apiBase?: string | undefined;
  /** `theme`: `light` (default) or `dark`. */
  theme?: string | undefined;
  /** `drawer`: `true` or `false` forces the panel's form; by default a drawer under 768 px. */
  drawer?: string | undefined;
}

function FmNotificationsElement({ apiBase, theme, drawer }: FmNotificationsAttributes) {
  const { ref, dispatch } = useFmEvents<HTMLDivElement>();
  const client = useMemo(() => elementClient(apiBase), [apiBase]);
  const userId = client.credentials()?.user.id ?? null;
  const [realtime, setRealtime] = useState<ChatRealtime | null>(null);

  // The element's own socket to the user's room, while someone is signed in.
  useEffect(() => {
    if (!userId) return;
    const connection = connectRealtime({ client, room: userRoomId(userId) });
    setRealtime(chatRealtimeOf(connection));
    return () => {
      connection.close();
      setRealtime(null);
    };
  }, [client, userId]);

  return createElement(
    'div',
    { ref, style: { display: 'contents' } },
    createElement(Notifications, {
      client,
      realtime,
      theme: parseTheme(theme),
      drawer: drawer === 'true' ? true : drawer === 'false' ? false : undefined,
      onUnreadCount: (count: number) => dispatch<{ count: number }>('fm-unread-count', { count }),
      onOpenNotification: (notification: Notification) => {
        dispatch<Notification>('fm-notification-open', notification);
        if (notification.link) window.location.assign(portalUrlFor(apiBase, notification.link));
      },
    }),
  );
}

/**
 * `<fm-notifications api-base="…" theme="light|dark" drawer="true|false">`: the bell with its
 * unread badge and the notifications panel of the signed-in user, live from their realtime room
 * (polling while it is down), in an open shadow root. Emits `fm-unread-count` (detail:
 * `{ count }`) and `fm-notification-open` (detail: the notification, before the browser goes to
 * its page on the portal), both bubbling and composed. Without a signed-in user the panel shows "Error fetching notifications: …".
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/fm-widgets.js"></script>
 * <fm-notifications theme="dark"></fm-notifications>
 * <script>
 *   document.addEventListener('fm-unread-count', (e) => console.log(e.detail.count));
 * </script>
 */
export const FmNotifications: CustomElementConstructor = r2wc(FmNotificationsElement, {
  shadow: 'open',
  props: { apiBase: 'string', theme: 'string', drawer: 'string' },
});
