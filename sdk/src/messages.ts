import { type UnreadCount, UnreadCountSchema } from './contracts/index.ts';
import type { Http } from './http.ts';

/**
 * Messaging calls (user-area §7). This release has the unread count; the chat calls follow.
 *
 * @example
 * ```ts
 * const { unreadCount } = await api.messages.unreadCount();
 * ```
 */
export interface MessagesApi {
  /**
   * `GET /api/chats/messages/unread-count`, bypassing caches: messages from others the user has
   * not read yet. The portal polls it every `UNREAD_POLL_MS`.
   *
   * @example
   * ```ts
   * const { unreadCount } = await api.messages.unreadCount(); // 3
   * ```
   */
  unreadCount(): Promise<UnreadCount>;
}

/**
 * Creates the messaging calls on a transport.
 *
 * @example
 * ```ts
 * const messages = createMessagesApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createMessagesApi(http: Http): MessagesApi {
  return {
    unreadCount() {
      return http.call({
        operation: 'fetchUnreadCount',
        method: 'get',
        path: 'chats/messages/unread-count',
        response: UnreadCountSchema,
        fresh: true,
      });
    },
  };
}
