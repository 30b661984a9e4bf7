import type { ChatAttachment, ChatDetail, ChatMessage, ReadMessageEvent } from '@fm/sdk/contracts';
import { mergeMessages } from './message-merge.ts';
import { type DeliveryStatus, deliveryStatus, laterReadMark, readMarkAfter } from './read-ticks.ts';

/** A message the user sent that the API has not stored yet (optimistic), or that failed. */
export interface PendingMessage {
  /** A local id; the stored message gets its own. */
  clientId: string;
  text: string;
  attachments: readonly ChatAttachment[];
  /** When it was sent, on this device's clock (it sorts after every stored message). */
  createdAt: string;
  status: 'sending' | 'failed';
  /** The failure's text (the SDK's '{operation}: {message}'). */
  error: string | null;
  /**
   * The stored message a live frame brought back before the send's answer did: the bubble is
   * shown once, as that message, until the answer removes this entry.
   */
  echoedBy?: string | undefined;
}

/** One open conversation: the chat, the messages loaded so far, and what is on its way. */
export interface ConversationState {
  chatId: string;
  status: 'loading' | 'ready' | 'error';
  /** Why loading failed, and its HTTP status (404: not a chat of this user). */
  error: { message: string; status: number } | null;
  chat: ChatDetail['chat'] | null;
  /** Stored messages, oldest first, each once. */
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  /** The cursor of the next older page; null when the first message is loaded. */
  nextCursor: string | null;
  earlier: { status: 'idle' | 'loading' | 'error'; error: string | null };
}

export type ConversationAction =
  | { type: 'opened'; chatId: string }
  | { type: 'loaded'; detail: ChatDetail }
  | { type: 'loadFailed'; message: string; status: number }
  /** The latest page again (polling fallback, reconnect): merged, the cursor kept. */
  | { type: 'refreshed'; detail: ChatDetail }
  | { type: 'earlierStarted' }
  | { type: 'earlierLoaded'; detail: ChatDetail }
  | { type: 'earlierFailed'; message: string }
  /**
   * A message from a live frame of some chat (others' chats are ignored). `selfId` lets the
   * user's own message, echoed by the room before the send's answer, take its pending bubble's place.
   */
  | { type: 'received'; chatId: string; message: ChatMessage; selfId?: string | undefined }
  | { type: 'read'; event: ReadMessageEvent }
  | { type: 'sendStarted'; pending: PendingMessage }
  | { type: 'sendSucceeded'; clientId: string; message: ChatMessage }
  | { type: 'sendFailed'; clientId: string; message: string }
  | { type: 'retried'; clientId: string }
  | { type: 'discarded'; clientId: string };

/**
 * The state of a conversation that is being opened.
 *
 * @example
 * useReducer(conversationReducer, chatId, initialConversation);
 */
export function initialConversation(chatId: string): ConversationState {
  return {
    chatId,
    status: 'loading',
    error: null,
    chat: null,
    messages: [],
    pending: [],
    nextCursor: null,
    earlier: { status: 'idle', error: null },
  };
}

function updatePending(
  pending: readonly PendingMessage[],
  clientId: string,
  change: (p: PendingMessage) => PendingMessage | null,
): readonly PendingMessage[] {
  return pending.flatMap((p) => {
    if (p.clientId !== clientId) return [p];
    const next = change(p);
    return next ? [next] : [];
  });
}

/** Whether a stored message is what a pending one sends (same text, same files in order). */
function sameContent(pending: PendingMessage, message: ChatMessage): boolean {
  return (
    pending.text === message.text &&
    pending.attachments.length === message.attachments.length &&
    pending.attachments.every((a, i) => a.id === message.attachments[i]?.id)
  );
}

/** Answers for another chat than the one open (a slow request after a switch) change nothing. */
const forOther = (state: ConversationState, detail: ChatDetail) => detail.chat.id !== state.chatId;

/**
 * Every change of an open conversation, as a pure function (React's `useReducer`, stories, tests).
 *
 * @example
 * conversationReducer(state, { type: 'received', chatId, message });
 */
export function conversationReducer(
  state: ConversationState,
  action: ConversationAction,
): ConversationState {
  switch (action.type) {
    case 'opened':
      return action.chatId === state.chatId && state.status !== 'error'
        ? state
        : initialConversation(action.chatId);
    case 'loaded':
      if (forOther(state, action.detail)) return state;
      return {
        ...state,
        status: 'ready',
        error: null,
        chat: action.detail.chat,
        // Live frames that arrived before the first page stay.
        messages: mergeMessages(action.detail.messages, state.messages),
        nextCursor: action.detail.nextCursor,
        earlier: { status: 'idle', error: null },
      };
    case 'loadFailed':
      return state.status === 'ready'
        ? state
        : { ...state, status: 'error', error: { message: action.message, status: action.status } };
    case 'refreshed': {
      if (forOther(state, action.detail)) return state;
      if (state.status !== 'ready' || !state.chat) {
        return conversationReducer(state, { type: 'loaded', detail: action.detail });
      }
      const messages = mergeMessages(state.messages, action.detail.messages);
      const mark = laterReadMark(
        state.chat.participantLastReadAt,
        action.detail.chat.participantLastReadAt,
      );
      const chat =
        mark === state.chat.participantLastReadAt &&
        action.detail.chat.participant === state.chat.participant
          ? state.chat
          : { ...action.detail.chat, participantLastReadAt: mark };
      if (messages === state.messages && chat === state.chat) return state;
      return { ...state, messages, chat };
    }
    case 'earlierStarted':
      return state.nextCursor === null || state.earlier.status === 'loading'
        ? state
        : { ...state, earlier: { status: 'loading', error: null } };
    case 'earlierLoaded':
      if (forOther(state, action.detail)) return state;
      return {
        ...state,
        messages: mergeMessages(state.messages, action.detail.messages),
        nextCursor: action.detail.nextCursor,
        earlier: { status: 'idle', error: null },
      };
    case 'earlierFailed':
      return { ...state, earlier: { status: 'error', error: action.message } };
    case 'received': {
      if (action.chatId !== state.chatId) return state;
      const messages = mergeMessages(state.messages, [action.message]);
      if (messages === state.messages) return state;
      const { message } = action;
      const echo =
        message.senderId === action.selfId
          ? state.pending.find(
              (p) => p.status === 'sending' && !p.echoedBy && sameContent(p, message),
            )
          : undefined;
      const pending = echo
        ? updatePending(state.pending, echo.clientId, (p) => ({ ...p, echoedBy: message.id }))
        : state.pending;
      return { ...state, messages, pending };
    }
    case 'read': {
      if (!state.chat) return state;
      const mark = readMarkAfter(
        {
          chatId: state.chatId,
          participantId: state.chat.participant.id,
          mark: state.chat.participantLastReadAt,
          messages: state.messages,
        },
        action.event,
      );
      return mark === state.chat.participantLastReadAt
        ? state
        : { ...state, chat: { ...state.chat, participantLastReadAt: mark } };
    }
    case 'sendStarted':
      return { ...state, pending: [...state.pending, action.pending] };
    case 'sendSucceeded':
      return {
        ...state,
        pending: updatePending(state.pending, action.clientId, () => null),
        messages: mergeMessages(state.messages, [action.message]),
      };
    case 'sendFailed':
      return {
        ...state,
        pending: updatePending(state.pending, action.clientId, (p) => ({
          ...p,
          status: 'failed',
          error: action.message,
        })),
      };
    case 'retried':
      return {
        ...state,
        pending: updatePending(state.pending, action.clientId, (p) => ({
          ...p,
          status: 'sending',
          error: null,
        })),
      };
    case 'discarded':
      return { ...state, pending: updatePending(state.pending, action.clientId, () => null) };
  }
}

/** One bubble of the conversation as the view shows it. */
export interface TimelineEntry {
  /** React key: the message id, or the pending message's local id. */
  key: string;
  senderId: string;
  own: boolean;
  text: string;
  attachments: readonly ChatAttachment[];
  createdAt: string;
  /** The tick of an own message; null for the other participant's. */
  delivery: DeliveryStatus | null;
  /** Why sending failed (with `delivery: 'failed'`). */
  error: string | null;
}

/**
 * The bubbles to show, oldest first: stored messages with their ticks, then what is still being
 * sent or failed.
 *
 * @example
 * timeline(state, selfId).map((entry) => <Bubble key={entry.key} {...entry} />);
 */
export function timeline(state: ConversationState, selfId: string): TimelineEntry[] {
  const viewer = { selfId, participantLastReadAt: state.chat?.participantLastReadAt ?? null };
  const stored = state.messages.map(
    (m): TimelineEntry => ({
      key: m.id,
      senderId: m.senderId,
      own: m.senderId === selfId,
      text: m.text,
      attachments: m.attachments,
      createdAt: m.createdAt,
      delivery: deliveryStatus(m, viewer),
      error: null,
    }),
  );
  const pending = state.pending
    .filter((p) => !p.echoedBy)
    .map(
      (p): TimelineEntry => ({
        key: p.clientId,
        senderId: selfId,
        own: true,
        text: p.text,
        attachments: p.attachments,
        createdAt: p.createdAt,
        delivery: p.status,
        error: p.error,
      }),
    );
  return [...stored, ...pending];
}

/**
 * The id of the newest message from the other participant: when it changes while the chat is on
 * screen, the chat is marked read again.
 *
 * @example
 * const newest = newestIncomingId(state, selfId);
 */
export function newestIncomingId(state: ConversationState, selfId: string): string | null {
  for (let i = state.messages.length - 1; i >= 0; i -= 1) {
    const message = state.messages[i];
    if (message && message.senderId !== selfId) return message.id;
  }
  return null;
}
