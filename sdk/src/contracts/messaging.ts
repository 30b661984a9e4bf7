import * as v from 'valibot';

/**
 * Messaging shapes (user-area §7). This release serves the unread count that the header badge and
 * the dashboard show; the chat screens come with the messaging issue.
 */

/**
 * `GET /api/chats/messages/unread-count`: messages from others, in the user's chats, that arrived
 * after the user last read that chat.
 */
export const UnreadCountSchema = v.strictObject({
  unreadCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type UnreadCount = v.InferOutput<typeof UnreadCountSchema>;
