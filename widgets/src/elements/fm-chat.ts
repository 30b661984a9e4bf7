import type { ChatMessage } from '@fm/sdk/contracts';
import r2wc from '@r2wc/react-to-web-component';
import { createElement, useMemo } from 'react';
import { Chat } from '../components/chat/chat.tsx';
import { useUserRoom } from '../components/chat/use-user-room.ts';
import { parseTheme } from '../theme.ts';
import type { WidgetError } from '../widget-error.ts';
import { portalUrlFor, signInUrlFor } from './element-attributes.ts';
import { elementClient } from './element-client.ts';
import { useFmEvents } from './host-events.ts';

/** Attributes of `<fm-chat>` (kebab-case in HTML, camelCase here). */
export interface FmChatAttributes {
  /** `api-base`: the API's base URL; defaults to the bundle's origin + `/api`. */
  apiBase?: string | undefined;
  /** `chat-id`: the conversation to open first. */
  chatId?: string | undefined;
  /** `participant-id`: opens the chat with this user, creating it when there is none yet. */
  participantId?: string | undefined;
  /** `theme`: `light` (default) or `dark`. */
  theme?: string | undefined;
}

function FmChatElement({ apiBase, chatId, participantId, theme }: FmChatAttributes) {
  const { ref, dispatch } = useFmEvents<HTMLDivElement>();
  const client = useMemo(() => elementClient(apiBase), [apiBase]);
  const realtime = useUserRoom(client, client.credentials()?.user.id ?? null);
  const signInHref = useMemo(() => signInUrlFor(apiBase), [apiBase]);
  const activateHref = useMemo(() => portalUrlFor(apiBase, '/my-profile/subscription'), [apiBase]);
  const profileHref = useMemo(
    () =>
      ({ id, role }: { id: string; role: string }) =>
        role === 'consultant' || role === 'franchisor'
          ? portalUrlFor(apiBase, `/${role}s/${encodeURIComponent(id)}`)
          : null,
    [apiBase],
  );

  return createElement(
    'div',
    { ref, style: { display: 'contents' } },
    createElement(Chat, {
      client,
      realtime,
      chatId: chatId?.trim() || null,
      participantId: participantId?.trim() || null,
      theme: parseTheme(theme),
      signInHref,
      activateHref,
      profileHref,
      onError: (error: WidgetError) => dispatch<WidgetError>('fm-error', error),
      onMessageSent: (message: ChatMessage) => dispatch<ChatMessage>('fm-message-sent', message),
    }),
  );
}

/**
 * `<fm-chat api-base="…" chat-id="…" participant-id="…" theme="light|dark">`: the user's
 * conversations and the open one, with attachments, read ticks and live delivery, in an open
 * shadow root (two panes when wide, one under 768 px of its own width; set its height with
 * `--fm-chat-height`). `participant-id` opens (or starts) the chat with that user. Emits
 * `fm-message-sent` (detail: the stored message) and `fm-error` (detail: `{ message, code,
 * status }`), both bubbling and composed. A visitor who is not signed in is invited to log in on
 * the portal; a user without an active subscription or activated profile gets the Action Not
 * Available modal when sending.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/fm-widgets.js"></script>
 * <fm-chat participant-id="abc123" style="--fm-chat-height: 560px"></fm-chat>
 * <script>
 *   document.addEventListener('fm-message-sent', (e) => console.log('Sent', e.detail.id));
 * </script>
 */
export const FmChat: CustomElementConstructor = r2wc(FmChatElement, {
  shadow: 'open',
  props: { apiBase: 'string', chatId: 'string', participantId: 'string', theme: 'string' },
});
