import type { ChatMessage } from '@fm/sdk/contracts';

/** Test helpers of the chat state tests: instants on one day and plain text messages. */

/** 2026-03-09 at 10:`minute` UTC, written as the API writes instants. */
export const at = (minute: number) => new Date(Date.UTC(2026, 2, 9, 10, minute)).toISOString();

/**
 * A text message without attachments, sent at {@link at}`(minute)`; its text is its id unless given.
 *
 * @example
 * textMessage({ id: 'm1', minute: 5, senderId: 'them' });
 */
export function textMessage({
  id,
  minute,
  chatId = 'c1',
  senderId = 'me',
  text = id,
}: {
  id: string;
  minute: number;
  chatId?: string;
  senderId?: string;
  text?: string;
}): ChatMessage {
  return { id, chatId, senderId, text, attachments: [], createdAt: at(minute) };
}
