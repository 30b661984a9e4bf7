import {
  type ChatMessage,
  type ChatParticipant,
  type RealtimeServerMessage,
  UNREAD_POLL_MS,
} from '@fm/sdk/contracts';
import type { ApiClient } from '@fm/sdk/embed';
import { lazy, type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFmClient } from '../../client-context.tsx';
import type { WidgetTheme } from '../../theme.ts';
import { toWidgetError, type WidgetError } from '../../widget-error.ts';
import { createAttachmentLoader } from './attachment-loader.ts';
import { localTimeZone } from './chat-format.ts';
import type { ChatRealtime, ChatSource, ConversationHandle } from './chat-ports.ts';
import { restrictionOf } from './chat-restriction.ts';
import { chatSourceOf } from './chat-source.ts';
import { ChatLayout, type ChatRestriction } from './chat-view.tsx';
import { useChatList } from './use-chat-list.ts';
import { useChatLive } from './use-chat-live.ts';

// The open conversation (its state, sending, uploads, read marks and view) arrives once a chat is
// chosen: a page showing the list does not download it.
const ConversationPane = lazy(() =>
  import('./conversation-pane.tsx').then((m) => ({ default: m.ConversationPane })),
);

export interface ChatProps {
  /** The SDK client; defaults to the one of the nearest `FmClientProvider`. */
  client?: ApiClient | undefined;
  /** The chat calls; `client.messages` by default (stories pass fixtures). */
  source?: ChatSource | undefined;
  /** The signed-in user; read from the client's credentials by default. */
  selfId?: string | null | undefined;
  /** The open chat. With `onNavigate` the host owns it (a route); else it is where the widget starts. */
  chatId?: string | null | undefined;
  /** Called when the user opens a chat or goes back to the list; the host then sets `chatId`. */
  onNavigate?: ((chatId: string | null) => void) | undefined;
  /** Opens the chat with this user, creating it when there is none yet. */
  participantId?: string | null | undefined;
  /** The address of a chat and of the list (real links; a plain click calls `onNavigate`). */
  chatHref?: ((chatId: string) => string) | undefined;
  listHref?: string | undefined;
  /** The public profile of the other participant, or null for none. */
  profileHref?: ((participant: ChatParticipant) => string | null) | undefined;
  onProfileLink?:
    | ((participant: ChatParticipant, event: MouseEvent<HTMLAnchorElement>) => void)
    | undefined;
  /** Where Activate Your Subscription leads (rule 11). */
  activateHref: string;
  onActivate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** The portal's sign-in page, for a visitor who is not signed in. */
  signInHref: string;
  /** Live frames of the user's room; without it (or while it is down) the widget polls. */
  realtime?: ChatRealtime | null | undefined;
  /** Milliseconds between polls while nothing is live (UNREAD_POLL_MS by default). */
  pollMs?: number | undefined;
  theme?: WidgetTheme | undefined;
  /** The clock and zone (stories and tests pass fixed ones). */
  now?: (() => number) | undefined;
  timeZone?: string | undefined;
  onError?: ((error: WidgetError) => void) | undefined;
  onMessageSent?: ((message: ChatMessage) => void) | undefined;
  /** The user's unread total after reading a chat (e.g. for a header badge). */
  onUnreadCount?: ((count: number) => void) | undefined;
}

const systemClock = () => Date.now();
const defaultChatHref = (id: string) => `#chat-${encodeURIComponent(id)}`;

/** Re-reads the clock every minute so that "Today" becomes "Yesterday" at midnight. */
function useMinuteClock(now: () => number): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = window.setInterval(() => setTime(now()), 60_000);
    return () => window.clearInterval(timer);
  }, [now]);
  return time;
}

/**
 * The chat (user-area §2, §7; rules 11, 12 and 13): the user's conversations and the open one, with live
 * delivery from the realtime room (polling while it is down), optimistic sending, attachments with
 * upload progress, read ticks, and marking read. 403 `SUBSCRIPTION_REQUIRED` / `PROFILE_INACTIVE`
 * shows the Action Not Available modal; a visitor who is not signed in is invited to log in.
 *
 * @example
 * <Chat client={api} chatId={id} onNavigate={(next) => navigate(next ? `/chats/${next}` : '/chats')}
 *   chatHref={(c) => `/chats/${c}`} listHref="/chats" activateHref="/my-profile/subscription"
 *   signInHref="/sign-in" realtime={realtime} onUnreadCount={setBadge} />
 */
export function Chat({
  client,
  source: givenSource,
  selfId: givenSelfId,
  chatId: givenChatId = null,
  onNavigate,
  participantId,
  chatHref = defaultChatHref,
  listHref = '#',
  profileHref = () => null,
  onProfileLink,
  activateHref,
  onActivate,
  signInHref,
  realtime = null,
  pollMs = UNREAD_POLL_MS,
  theme,
  now = systemClock,
  timeZone: givenZone,
  onError,
  onMessageSent,
  onUnreadCount,
}: ChatProps) {
  const api = useFmClient(client);
  const source = useMemo(() => givenSource ?? chatSourceOf(api), [givenSource, api]);
  const selfId = givenSelfId === undefined ? (api.credentials()?.user.id ?? null) : givenSelfId;
  const timeZone = useMemo(() => givenZone ?? localTimeZone(), [givenZone]);
  const time = useMinuteClock(now);
  const attachments = useMemo(
    () => createAttachmentLoader((attachment) => source.fetchAttachment(attachment)),
    [source],
  );
  useEffect(() => () => attachments.dispose(), [attachments]);

  // Who owns the selection: the host (a route) with onNavigate, else the widget.
  const [ownChatId, setOwnChatId] = useState<string | null>(givenChatId);
  useEffect(() => setOwnChatId(givenChatId), [givenChatId]);
  const chatId = onNavigate ? givenChatId : ownChatId;
  const navigate = useCallback(
    (next: string | null) => {
      if (onNavigate) onNavigate(next);
      else setOwnChatId(next);
    },
    [onNavigate],
  );

  const [query, setQuery] = useState('');
  const [restriction, setRestriction] = useState<ChatRestriction | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const callbacks = useRef({ onError, onMessageSent, onUnreadCount, navigate });
  useEffect(() => {
    callbacks.current = { onError, onMessageSent, onUnreadCount, navigate };
  });
  const report = useCallback((error: WidgetError) => {
    if (error.status === 401) setSignedOut(true);
    callbacks.current.onError?.(error);
  }, []);

  const list = useChatList(source, { enabled: selfId !== null, onError: report });
  const conversation = useRef<ConversationHandle>({ state: null, apply: null, refresh: null });

  // Opens (or creates) the chat with `participantId` once per participant.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    const other = participantId?.trim();
    if (!other || selfId === null || opened.current === other) return;
    opened.current = other;
    source.create({ participants: [other] }).then(
      (chat) => {
        list.refresh();
        callbacks.current.navigate(chat.id);
      },
      (error: unknown) => {
        const restricted = restrictionOf(error);
        if (restricted) setRestriction(restricted);
        report(toWidgetError(error));
      },
    );
  }, [participantId, selfId, source, list.refresh, report]);

  const onFrame = (frame: RealtimeServerMessage) => {
    if (selfId === null) return;
    if (frame.type === 'receiveMessage') {
      conversation.current.apply?.({
        type: 'received',
        chatId: frame.chatId,
        message: frame.message,
        selfId,
      });
      const known = list.applyMessage({
        chatId: frame.chatId,
        message: frame.message,
        selfId,
        openChatId: document.visibilityState === 'visible' ? chatId : null,
      });
      if (!known) list.refresh();
    } else if (frame.type === 'readMessage') {
      conversation.current.apply?.({ type: 'read', event: frame });
      if (frame.readerId === selfId) list.applyRead(frame.chatId);
    } else if (frame.type === 'joinChat') {
      list.refresh();
    }
  };
  useChatLive(
    selfId === null ? null : realtime,
    {
      onFrame,
      onCatchUp: () => {
        list.refresh();
        conversation.current.refresh?.();
      },
    },
    selfId === null ? 0 : pollMs,
  );

  const select = (id: string, event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate(id);
  };

  return (
    <ChatLayout
      theme={theme}
      signInHref={selfId === null || signedOut ? signInHref : null}
      list={{
        state: list.view,
        selfId: selfId ?? '',
        selectedChatId: chatId,
        query,
        onQuery: setQuery,
        chatHref,
        onSelect: select,
        onRetry: list.retry,
        onMore: list.more,
        now: time,
        timeZone,
      }}
      conversation={
        chatId
          ? (frame) => (
              <ConversationPane
                {...frame}
                source={source}
                chatId={chatId}
                selfId={selfId ?? ''}
                handle={conversation.current}
                attachments={attachments}
                profileHref={profileHref}
                onProfileLink={onProfileLink}
                onError={report}
                onRestricted={setRestriction}
                onSent={(message) => {
                  list.applyMessage({
                    chatId: message.chatId,
                    message,
                    selfId: selfId ?? '',
                    openChatId: chatId,
                  });
                  callbacks.current.onMessageSent?.(message);
                }}
                onRead={(readChatId, unreadCount) => {
                  list.applyRead(readChatId);
                  callbacks.current.onUnreadCount?.(unreadCount);
                }}
              />
            )
          : null
      }
      listHref={listHref}
      onBackToList={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(null);
      }}
      restriction={restriction}
      activateHref={activateHref}
      onActivate={
        onActivate
          ? (event) => {
              setRestriction(null);
              onActivate(event);
            }
          : undefined
      }
      onCloseRestriction={() => setRestriction(null)}
    />
  );
}
