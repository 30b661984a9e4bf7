/** The chat (user-area §2, §7; rules 11–13): views, pure state, the connected widget. */
export { type AttachmentLoader, createAttachmentLoader } from './attachment-loader.ts';
export { Chat, type ChatProps } from './chat.tsx';
export {
  formatListTime,
  formatMessageDateTime,
  formatMessageTime,
  localTimeZone,
  messagePreview,
  participantInitials,
  participantName,
} from './chat-format.ts';
export { filterChats, hasChat, withChatRead, withMessage } from './chat-list-state.ts';
export { ChatListView, type ChatListViewProps, type ChatListViewState } from './chat-list-view.tsx';
export type { ChatRealtime, ChatSource } from './chat-ports.ts';
export { chatRealtimeOf, type RealtimeConnectionLike } from './chat-realtime.ts';
export { restrictionOf } from './chat-restriction.ts';
export { chatSourceOf } from './chat-source.ts';
export { CHAT_TEXT } from './chat-text.ts';
export { type ChatRestriction, ChatView, type ChatViewProps } from './chat-view.tsx';
export {
  type ComposerAction,
  type ComposerFile,
  type ComposerState,
  composerReducer,
  EMPTY_COMPOSER,
  outgoing,
  sendBlocker,
} from './composer-state.ts';
export { ComposerView, type ComposerViewProps } from './composer-view.tsx';
export {
  type ConversationAction,
  type ConversationState,
  conversationReducer,
  initialConversation,
  newestIncomingId,
  type PendingMessage,
  type TimelineEntry,
  timeline,
} from './conversation-state.ts';
export { CONVERSATION_TEXT } from './conversation-text.ts';
export { ConversationView, type ConversationViewProps } from './conversation-view.tsx';
export { type DayGroup, groupByDay } from './day-groups.ts';
export { formatBytes } from './file-size.ts';
export { compareMessages, lastMessage, mergeMessages } from './message-merge.ts';
export { splitLinks, type TextSegment } from './message-text.ts';
export {
  type DeliveryStatus,
  deliveryStatus,
  isReadBy,
  laterReadMark,
  readMarkAfter,
} from './read-ticks.ts';
export { useUserRoom } from './use-user-room.ts';
