import type { ChatMessage, ReadMessageEvent } from '@fm/sdk/contracts';

/**
 * What the tick beside one of the user's own messages says: still on its way, failed, stored on
 * the server (one tick), or read by the other participant (two ticks).
 */
export type DeliveryStatus = 'sending' | 'failed' | 'sent' | 'read';

/**
 * Whether the other participant has read a message: it was sent at or before the moment up to
 * which they have read (`participantLastReadAt`, from the API or a `readMessage` frame).
 *
 * @example
 * isReadBy({ createdAt: '2026-03-09T10:00:00Z' }, '2026-03-09T10:05:00Z'); // true
 */
export function isReadBy(
  message: Pick<ChatMessage, 'createdAt'>,
  participantLastReadAt: string | null,
): boolean {
  if (participantLastReadAt === null) return false;
  const readAt = Date.parse(participantLastReadAt);
  const sentAt = Date.parse(message.createdAt);
  return Number.isFinite(readAt) && Number.isFinite(sentAt) && sentAt <= readAt;
}

/**
 * The later of two read marks (a late or repeated frame never moves the mark back).
 *
 * @example
 * laterReadMark('2026-03-09T10:00:00Z', '2026-03-09T09:00:00Z'); // '2026-03-09T10:00:00Z'
 */
export function laterReadMark(current: string | null, next: string | null): string | null {
  if (next === null || !Number.isFinite(Date.parse(next))) return current;
  if (current === null) return next;
  return Date.parse(next) > Date.parse(current) ? next : current;
}

/**
 * The other participant's read mark after a `readMessage` frame: it moves only when the frame is
 * about this chat and its reader is that participant (the user's own reads, e.g. in another tab,
 * say nothing about ticks). When the frame names a message this side already has, the mark covers
 * at least that message.
 *
 * @example
 * readMarkAfter({ chatId: 'c1', participantId: 'u2', mark: null, messages }, frame);
 */
export function readMarkAfter(
  chat: {
    chatId: string;
    participantId: string;
    mark: string | null;
    messages: readonly ChatMessage[];
  },
  event: Pick<ReadMessageEvent, 'chatId' | 'readerId' | 'readAt' | 'lastReadMessageId'>,
): string | null {
  if (event.chatId !== chat.chatId || event.readerId !== chat.participantId) return chat.mark;
  const named = event.lastReadMessageId
    ? chat.messages.find((m) => m.id === event.lastReadMessageId)
    : undefined;
  return laterReadMark(laterReadMark(chat.mark, event.readAt), named?.createdAt ?? null);
}

/**
 * The tick of a message the user sent (null for the other participant's messages).
 *
 * @example
 * deliveryStatus(message, { selfId: 'u1', participantLastReadAt: '2026-03-09T10:05:00Z' }); // 'read'
 */
export function deliveryStatus(
  message: Pick<ChatMessage, 'createdAt' | 'senderId'>,
  viewer: { selfId: string; participantLastReadAt: string | null },
): Extract<DeliveryStatus, 'sent' | 'read'> | null {
  if (message.senderId !== viewer.selfId) return null;
  return isReadBy(message, viewer.participantLastReadAt) ? 'read' : 'sent';
}
