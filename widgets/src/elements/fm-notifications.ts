import { type Notification, userRoomId } from '@fm/sdk/contracts';
import { connectRealtime, realtimeClientOf } from '@fm/sdk/embed';
import r2wc from '@r2wc/react-to-web-component';
import { createElement, useEffect, useState } from 'react';
import type { ChatRealtime } from '../components/chat/chat-ports.ts';
import { chatRealtimeOf } from '../components/chat/chat-realtime.ts';
import { Notifications } from '../components/notifications/notifications.tsx';
import { portalUrlFor } from './element-attributes.ts';
import { type EmbedAttributes, embedFrame, useEmbedElement } from './embed-element.ts';

/** Attributes of `<fm-notifications>` (kebab-case in HTML, camelCase here). */
export interface FmNotificationsAttributes extends EmbedAttributes {
  /** `drawer`: `true` or `false` forces the panel's form; by default a drawer under 768 px. */
  drawer?: string | undefined;
}

function FmNotificationsElement({ drawer, ...attributes }: FmNotificationsAttributes) {
  const embed = useEmbedElement(attributes);
  const { apiBase } = attributes;
  const client = embed.entry.client;
  const userId = embed.userId;
  const [realtime, setRealtime] = useState<ChatRealtime | null>(null);

  // The element's own socket to the user's room, while someone is signed in.
  useEffect(() => {
    if (!userId) return;
    const connection = connectRealtime({
      client: realtimeClientOf(client.http),
      room: userRoomId(userId),
    });
    setRealtime(chatRealtimeOf(connection));
    return () => {
      connection.close();
      setRealtime(null);
    };
  }, [client, userId]);

  return embedFrame(
    embed,
    createElement(Notifications, {
      key: userId ?? '',
      client,
      realtime,
      theme: embed.theme,
      drawer: drawer === 'true' ? true : drawer === 'false' ? false : undefined,
      // A visitor not signed in is offered the sign-in popup instead of a refused request.
      signInHref: userId ? undefined : embed.signInUrl,
      onUnreadCount: (count: number) => embed.dispatch('fm-unread-count', { count }),
      onOpenNotification: (notification: Notification) => {
        embed.dispatch('fm-notification-open', notification);
        if (notification.link) window.location.assign(portalUrlFor(apiBase, notification.link));
      },
    }),
  );
}

/**
 * `<fm-notifications embed-key="pk_…" theme="light|dark|auto" drawer="true|false">`: the bell with its
 * unread badge and the notifications panel of the signed-in user, live from their realtime room
 * (polling while it is down), in an open shadow root. Emits `fm-unread-count` (detail:
 * `{ count }`) and `fm-notification-open` (detail: the notification, before the browser goes to
 * its page on the portal), both bubbling and composed. Without a signed-in user nothing is loaded
 * and the panel offers "Log In" (the sign-in popup).
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/v1/loader.js"></script>
 * <fm-notifications theme="dark"></fm-notifications>
 * <script>
 *   document.addEventListener('fm-unread-count', (e) => console.log(e.detail.count));
 * </script>
 */
export const FmNotifications: CustomElementConstructor = r2wc(FmNotificationsElement, {
  shadow: 'open',
  props: { apiBase: 'string', embedKey: 'string', theme: 'string', drawer: 'string' },
});
