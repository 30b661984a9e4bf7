import type { ChatMessage, ChatSummary } from '@fm/sdk/contracts';
import { participantName } from './chat-format.ts';

/** Folds accents and case so that "jose" finds "José". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The loaded chats whose other participant's name (or company) contains every word of `query`.
 *
 * @example
 * filterChats(chats, 'dana'); // the chats with Dana Whitfield
 */
export function filterChats(chats: readonly ChatSummary[], query: string): readonly ChatSummary[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return chats;
  return chats.filter((chat) => {
    const haystack = fold(`${participantName(chat.participant)} ${chat.participant.company ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}

function byActivity(a: ChatSummary, b: ChatSummary): number {
  return Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
}

/**
 * The chat list after a message arrived (live, or sent here): the chat moves to the top with the
 * message as its preview, and a message from the other participant counts as unread unless that
 * chat is open on screen. Returns the list unchanged when the chat is not loaded (the caller then
 * refetches) or already shows this message.
 *
 * @example
 * withMessage(chats, { chatId, message, selfId, openChatId });
 */
export function withMessage(
  chats: readonly ChatSummary[],
  input: { chatId: string; message: ChatMessage; selfId: string; openChatId: string | null },
): readonly ChatSummary[] {
  const chat = chats.find((c) => c.id === input.chatId);
  if (!chat) return chats;
  const { message } = input;
  if (chat.lastMessage?.id === message.id) return chats;
  // An older message (a late frame) does not replace a newer preview.
  if (chat.lastMessage && Date.parse(chat.lastMessage.createdAt) > Date.parse(message.createdAt)) {
    return chats;
  }
  const fromOther = message.senderId !== input.selfId;
  const unread =
    fromOther && input.openChatId !== chat.id ? chat.unreadCount + 1 : chat.unreadCount;
  const updated: ChatSummary = {
    ...chat,
    lastMessage: message,
    unreadCount: unread,
    updatedAt: message.createdAt,
  };
  return [updated, ...chats.filter((c) => c.id !== chat.id)].sort(byActivity);
}

/**
 * The chat list once the user read a chat: its unread mark goes.
 *
 * @example
 * withChatRead(chats, chatId);
 */
export function withChatRead(
  chats: readonly ChatSummary[],
  chatId: string,
): readonly ChatSummary[] {
  const chat = chats.find((c) => c.id === chatId);
  if (!chat || chat.unreadCount === 0) return chats;
  return chats.map((c) => (c.id === chatId ? { ...c, unreadCount: 0 } : c));
}

/**
 * Whether the chat list knows a chat (else a frame about it means a new chat: refetch).
 *
 * @example
 * if (!hasChat(chats, frame.chatId)) reloadList();
 */
export function hasChat(chats: readonly ChatSummary[], chatId: string): boolean {
  return chats.some((c) => c.id === chatId);
}
