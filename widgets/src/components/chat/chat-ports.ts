import type {
  ChatAttachment,
  ChatDetail,
  ChatDetailQuery,
  ChatList,
  ChatListQuery,
  ChatMessage,
  ChatSummary,
  CreateChatInput,
  MarkChatReadResult,
  RealtimeServerMessage,
  SendMessageInput,
} from '@fm/sdk/contracts';
import type { ConversationAction, ConversationState } from './conversation-state.ts';

/**
 * The chat calls the widget makes. In an app it is the SDK's `client.messages` (see
 * `chatSourceOf`); stories pass fixtures.
 *
 * @example
 * const source: ChatSource = chatSourceOf(api);
 */
export interface ChatSource {
  list(query: ChatListQuery): Promise<ChatList>;
  get(chatId: string, query?: ChatDetailQuery): Promise<ChatDetail>;
  /** Opens the chat with another user (the existing one when there is one). */
  create(input: CreateChatInput): Promise<ChatSummary>;
  send(chatId: string, input: SendMessageInput): Promise<ChatMessage>;
  markRead(chatId: string): Promise<MarkChatReadResult>;
  /** Uploads one file; `onProgress` gets 0 to 1. */
  upload(
    file: File,
    options: { onProgress: (fraction: number) => void; signal: AbortSignal },
  ): Promise<ChatAttachment>;
  /** Downloads an attachment with the user's credentials. */
  fetchAttachment(attachment: ChatAttachment): Promise<Blob>;
}

/**
 * Where live frames come from (rules 12 and 15): the user's realtime room, opened by the app (one socket
 * for the bell, the badge and the chat) or by the widget itself. While it is not live the widget
 * polls the API instead.
 *
 * @example
 * const realtime: ChatRealtime = { subscribe, isLive: () => socketOpen, onLiveChange };
 */
export interface ChatRealtime {
  /** Every frame of the user's room; returns the unsubscribe function. */
  subscribe(listener: (frame: RealtimeServerMessage) => void): () => void;
  /** Whether frames are arriving now (the socket is open). */
  isLive(): boolean;
  /** Called with `true` when the socket opens (again) and `false` when it drops. */
  onLiveChange(listener: (live: boolean) => void): () => void;
}

/** Why an action was refused with 403 (rule 11): the Action Not Available modal shows. */
export type ChatRestriction = 'SUBSCRIPTION_REQUIRED' | 'PROFILE_INACTIVE';

/**
 * The chat's hold on its open conversation, whose code arrives with it (`ConversationPane`): the
 * widget keeps it for as long as it lives, the conversation fills it in. What was loaded stays
 * while the reader is back on the list, so that the conversation shows at once on return.
 *
 * @example
 * const handle = useRef<ConversationHandle>({ state: null, apply: null, refresh: null }).current;
 * handle.apply?.({ type: 'read', event });
 */
export interface ConversationHandle {
  /** The conversation as last seen; null until one has been opened. */
  state: ConversationState | null;
  /** Applies a change (a live frame); set once the conversation's code has loaded. */
  apply: ((action: ConversationAction) => void) | null;
  /** Fetches the latest page (a catch-up); set while a conversation is open. */
  refresh: (() => void) | null;
}
