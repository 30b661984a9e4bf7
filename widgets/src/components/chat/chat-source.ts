import type { FmClient } from '@fm/sdk';
import type { ChatSource } from './chat-ports.ts';

/**
 * The chat calls of the SDK client, in the shape the widget uses (progress as a fraction).
 *
 * @example
 * const source = chatSourceOf(api);
 */
export function chatSourceOf(client: FmClient): ChatSource {
  const messages = client.messages;
  return {
    list: (query) => messages.list(query),
    get: (chatId, query) => messages.get(chatId, query),
    create: (input) => messages.create(input),
    send: (chatId, input) => messages.send(chatId, input),
    markRead: (chatId) => messages.markRead(chatId),
    upload: (file, { onProgress, signal }) =>
      messages.upload(file, {
        signal,
        onProgress: ({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0),
      }),
    fetchAttachment: (attachment) => messages.fetchAttachment(attachment),
  };
}
