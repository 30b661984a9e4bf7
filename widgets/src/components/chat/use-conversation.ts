import {
  CHAT_MESSAGES_PAGE_SIZE,
  type ChatAttachment,
  type ChatMessage,
  type SendMessageInput,
} from '@fm/sdk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toWidgetError, type WidgetError } from '../../widget-error.ts';
import type { ChatRestriction, ChatSource, ConversationHandle } from './chat-ports.ts';
import { restrictionOf } from './chat-restriction.ts';
import {
  type ConversationAction,
  type ConversationState,
  conversationReducer,
  initialConversation,
  newestIncomingId,
  type PendingMessage,
} from './conversation-state.ts';

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
  options: {
    chatId: string | null;
    selfId: string;
    /** Where the state is kept while the conversation is away (see `ConversationHandle`). */
    handle: ConversationHandle;
  } & ConversationCallbacks,
) {
  const { chatId, selfId, handle } = options;
  const [state, setState] = useState<ConversationState>(
    () => handle.state ?? initialConversation(chatId ?? ''),
  );
  // The reducer runs on the handle's copy, so that answers and frames arriving after the pane has
  // gone (back to the list) still land in what it shows on its return.
  const dispatch = useCallback(
    (action: ConversationAction) => {
      handle.state = conversationReducer(handle.state ?? initialConversation(''), action);
      setState(handle.state);
    },
    [handle],
  );
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
  }, [source, chatId, dispatch]);

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
  }, [source, chatId, dispatch]);

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
    [source, dispatch],
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
    [deliver, dispatch],
  );

  const retry = useCallback(
    (clientId: string) => {
      const pending = stateRef.current.pending.find((p) => p.clientId === clientId);
      if (pending?.status !== 'failed') return;
      dispatch({ type: 'retried', clientId });
      deliver(stateRef.current.chatId, pending);
    },
    [deliver, dispatch],
  );

  const discard = useCallback(
    (clientId: string) => dispatch({ type: 'discarded', clientId }),
    [dispatch],
  );

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

  // Live frames reach the state from now on, and the latest page is fetched on a catch-up while
  // the conversation is open.
  useEffect(() => {
    handle.apply = dispatch;
  }, [handle, dispatch]);
  useEffect(() => {
    handle.refresh = refresh;
    return () => {
      handle.refresh = null;
    };
  }, [handle, refresh]);
  const retryLoad = useCallback(() => setVersion((v) => v + 1), []);

  return { state, loadEarlier, send, retry, discard, retryLoad };
}
