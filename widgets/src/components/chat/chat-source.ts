import {
  type ApiClient,
  createChat,
  fetchAttachment,
  getChat,
  listChats,
  markChatRead,
  sendMessage,
  uploadAttachment,
} from '@fm/sdk/embed';
import type { ChatSource } from './chat-ports.ts';

/**
 * The chat calls of the SDK client, in the shape the widget uses (progress as a fraction).
 *
 * @example
 * const source = chatSourceOf(api);
 */
export function chatSourceOf(client: ApiClient): ChatSource {
  const { http } = client;
  return {
    list: (query) => listChats(http, query),
    get: (chatId, query) => getChat(http, chatId, query),
    create: (input) => createChat(http, input),
    send: (chatId, input) => sendMessage(http, chatId, input),
    markRead: (chatId) => markChatRead(http, chatId),
    upload: (file, { onProgress, signal }) =>
      uploadAttachment(http, file, {
        signal,
        onProgress: ({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0),
      }),
    fetchAttachment: (attachment) => fetchAttachment(http, attachment),
  };
}
