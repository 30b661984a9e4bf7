import {
  CHAT_MESSAGES_PAGE_SIZE,
  type ChatAttachment,
  type ChatMessage,
  type SendMessageInput,
} from '@fm/sdk/contracts';
import { isApiError } from '@fm/sdk/embed';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toWidgetError, type WidgetError } from '../../widget-error.ts';
import type { ChatSource } from './chat-ports.ts';
import type { ChatRestriction } from './chat-view.tsx';
import {
  type ConversationAction,
  conversationReducer,
  initialConversation,
  newestIncomingId,
  type PendingMessage,
} from './conversation-state.ts';

/** 403 codes that mean "activate first" (rule 11): the Action Not Available modal. */
const RESTRICTED_CODES: readonly string[] = ['SUBSCRIPTION_REQUIRED', 'PROFILE_INACTIVE'];

/**
 * The restriction behind a refused call, or null.
 *
 * @example
 * restrictionOf(error); // 'SUBSCRIPTION_REQUIRED'
 */
export function restrictionOf(error: unknown): ChatRestriction | null {
  if (!isApiError(error) || error.status !== 403) return null;
  return RESTRICTED_CODES.includes(error.code) ? (error.code as ChatRestriction) : null;
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState === 'visible',
  );
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

export interface ConversationCallbacks {
  onError: (error: WidgetError) => void;
  onRestricted: (restriction: ChatRestriction) => void;
  onSent: (message: ChatMessage) => void;
  /** The chat was marked read; `unreadCount` is the user's total afterwards. */
  onRead: (chatId: string, unreadCount: number) => void;
}

let localIds = 0;

/**
 * One open conversation: its first page, older pages by cursor, refetches of the latest page,
 * optimistic sending with failure and retry, and marking read when it is opened and when a new
 * message from the other side arrives while the page is visible.
 *
 * @example
 * const conversation = useConversation(source, { chatId, selfId, ...callbacks });
 */
export function useConversation(
  source: ChatSource,
  options: { chatId: string | null; selfId: string } & ConversationCallbacks,
) {
  const { chatId, selfId } = options;
  const [state, dispatch] = useReducer(conversationReducer, chatId ?? '', initialConversation);
  const [version, setVersion] = useState(0);
  const callbacks = useRef<ConversationCallbacks>(options);
  useEffect(() => {
    callbacks.current = options;
  });
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const visible = usePageVisible();

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the retry trigger
  useEffect(() => {
    if (!chatId) return;
    let current = true;
    dispatch({ type: 'opened', chatId });
    source.get(chatId, { limit: CHAT_MESSAGES_PAGE_SIZE }).then(
      (detail) => {
        if (current) dispatch({ type: 'loaded', detail });
      },
      (error: unknown) => {
        if (!current) return;
        const failure = toWidgetError(error);
        dispatch({ type: 'loadFailed', message: failure.message, status: failure.status });
        callbacks.current.onError(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [source, chatId, version]);

  /** The latest page again (polling fallback, a reconnected socket). */
  const refresh = useCallback(() => {
    if (!chatId) return;
    source.get(chatId, { limit: CHAT_MESSAGES_PAGE_SIZE }).then(
      (detail) => dispatch({ type: 'refreshed', detail }),
      () => {
        // The next poll tries again; the conversation on screen stays.
      },
    );
  }, [source, chatId]);

  const loadEarlier = useCallback(() => {
    const now = stateRef.current;
    const before = now.nextCursor;
    if (before === null || now.earlier.status === 'loading' || now.chatId !== chatId) return;
    dispatch({ type: 'earlierStarted' });
    source.get(now.chatId, { before, limit: CHAT_MESSAGES_PAGE_SIZE }).then(
      (detail) => dispatch({ type: 'earlierLoaded', detail }),
      (error: unknown) => {
        const failure = toWidgetError(error);
        dispatch({ type: 'earlierFailed', message: failure.message });
        callbacks.current.onError(failure);
      },
    );
  }, [source, chatId]);

  const deliver = useCallback(
    (target: string, pending: PendingMessage) => {
      const input: SendMessageInput = {};
      if (pending.text) input.text = pending.text;
      if (pending.attachments.length > 0)
        input.attachmentIds = pending.attachments.map((a) => a.id);
      source.send(target, input).then(
        (message) => {
          dispatch({ type: 'sendSucceeded', clientId: pending.clientId, message });
          callbacks.current.onSent(message);
        },
        (error: unknown) => {
          const failure = toWidgetError(error);
          dispatch({ type: 'sendFailed', clientId: pending.clientId, message: failure.message });
          const restriction = restrictionOf(error);
          if (restriction) callbacks.current.onRestricted(restriction);
          callbacks.current.onError(failure);
        },
      );
    },
    [source],
  );

  const send = useCallback(
    (outgoing: { text: string; attachments: readonly ChatAttachment[] }) => {
      const target = stateRef.current.chatId;
      if (!target || stateRef.current.status !== 'ready') return;
      localIds += 1;
      const pending: PendingMessage = {
        clientId: `local-${Date.now().toString(36)}-${localIds}`,
        text: outgoing.text,
        attachments: outgoing.attachments,
        createdAt: new Date().toISOString(),
        status: 'sending',
        error: null,
      };
      dispatch({ type: 'sendStarted', pending });
      deliver(target, pending);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const pending = stateRef.current.pending.find((p) => p.clientId === clientId);
      if (pending?.status !== 'failed') return;
      dispatch({ type: 'retried', clientId });
      deliver(stateRef.current.chatId, pending);
    },
    [deliver],
  );

  const discard = useCallback((clientId: string) => dispatch({ type: 'discarded', clientId }), []);

  // Read when opened, and again when a message from the other side arrives while on screen.
  const newest = newestIncomingId(state, selfId);
  const marked = useRef<{ chatId: string; messageId: string } | null>(null);
  useEffect(() => {
    if (!chatId || state.status !== 'ready' || state.chatId !== chatId || !visible) return;
    if (newest === null) return;
    if (marked.current?.chatId === chatId && marked.current.messageId === newest) return;
    marked.current = { chatId, messageId: newest };
    source.markRead(chatId).then(
      (result) => callbacks.current.onRead(chatId, result.unreadCount),
      () => {
        // Unread marks stay until the next open; nothing the reader must act on.
        marked.current = null;
      },
    );
  }, [source, chatId, state.status, state.chatId, newest, visible]);

  const apply = useCallback((action: ConversationAction) => dispatch(action), []);
  const retryLoad = useCallback(() => setVersion((v) => v + 1), []);

  return { state, refresh, loadEarlier, send, retry, discard, apply, retryLoad };
}
