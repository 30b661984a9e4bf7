import type { ChatMessage } from '@fm/sdk/contracts';
import r2wc from '@r2wc/react-to-web-component';
import { createElement, useMemo } from 'react';
import { Chat } from '../components/chat/chat.tsx';
import { useUserRoom } from '../components/chat/use-user-room.ts';
import { portalUrlFor } from './element-attributes.ts';
import { type EmbedAttributes, embedFrame, useEmbedElement } from './embed-element.ts';

/** Attributes of `<fm-chat>` (kebab-case in HTML, camelCase here). */
export interface FmChatAttributes extends EmbedAttributes {
  /** `chat-id`: the conversation to open first. */
  chatId?: string | undefined;
  /** `participant-id`: opens the chat with this user, creating it when there is none yet. */
  participantId?: string | undefined;
}

function FmChatElement({ chatId, participantId, ...attributes }: FmChatAttributes) {
  const embed = useEmbedElement(attributes);
  const { apiBase } = attributes;
  const client = embed.entry.client;
  const realtime = useUserRoom(client, embed.userId);
  const activateHref = useMemo(() => portalUrlFor(apiBase, '/my-profile/subscription'), [apiBase]);
  const profileHref = useMemo(
    () =>
      ({ id, role }: { id: string; role: string }) =>
        role === 'consultant' || role === 'franchisor'
          ? portalUrlFor(apiBase, `/${role}s/${encodeURIComponent(id)}`)
          : null,
    [apiBase],
  );

  return embedFrame(
    embed,
    createElement(Chat, {
      // A visitor who signs in through the embed gets their own conversations.
      key: embed.userId ?? '',
      client,
      realtime,
      chatId: chatId?.trim() || null,
      participantId: participantId?.trim() || null,
      theme: embed.theme,
      signInHref: embed.signInUrl,
      activateHref,
      profileHref,
      onError: embed.report,
      onMessageSent: (message: ChatMessage) => embed.dispatch('fm-message-sent', message),
    }),
    { account: true },
  );
}

/**
 * `<fm-chat embed-key="pk_…" chat-id="…" participant-id="…" theme="light|dark|auto">`: the user's
 * conversations and the open one, with attachments, read ticks and live delivery, in an open
 * shadow root (two panes when wide, one under 768 px of its own width; set its height with
 * `--fm-chat-height`). `participant-id` opens (or starts) the chat with that user. Emits
 * `fm-message-sent` (detail: the stored message) and `fm-error` (detail: `{ message, code,
 * status }`), both bubbling and composed. A visitor who is not signed in is invited to log in
 * (with an embed key: in a popup, staying on the page); a user without an active subscription or activated profile gets the Action Not
 * Available modal when sending.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/v1/loader.js"></script>
 * <fm-chat participant-id="abc123" style="--fm-chat-height: 560px"></fm-chat>
 * <script>
 *   document.addEventListener('fm-message-sent', (e) => console.log('Sent', e.detail.id));
 * </script>
 */
export const FmChat: CustomElementConstructor = r2wc(FmChatElement, {
  shadow: 'open',
  props: {
    apiBase: 'string',
    embedKey: 'string',
    chatId: 'string',
    participantId: 'string',
    theme: 'string',
  },
});
