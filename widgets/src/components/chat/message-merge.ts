import type { ChatMessage } from '@fm/sdk/contracts';

/**
 * Orders two messages as a conversation shows them: by time, then by id so that messages sent in
 * the same millisecond keep one order everywhere.
 */
export function compareMessages(
  a: Pick<ChatMessage, 'createdAt' | 'id'>,
  b: Pick<ChatMessage, 'createdAt' | 'id'>,
): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The union of messages already shown and messages that arrived (an older page, a refetch of the
 * latest page, a live frame, the answer to a send), each once by id, oldest first. A message seen
 * twice keeps the newer copy. Returns `current` itself when nothing new arrived, so React can skip
 * a render.
 *
 * @example
 * mergeMessages(page1, [liveFrame.message]);
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): readonly ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map<string, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  let changed = false;
  for (const message of incoming) {
    const known = byId.get(message.id);
    if (known && sameMessage(known, message)) continue;
    byId.set(message.id, message);
    changed = true;
  }
  if (!changed) return current;
  return [...byId.values()].sort(compareMessages);
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return (
    a.text === b.text &&
    a.createdAt === b.createdAt &&
    a.senderId === b.senderId &&
    a.attachments.length === b.attachments.length &&
    a.attachments.every(
      (file, i) => file.id === b.attachments[i]?.id && file.url === b.attachments[i]?.url,
    )
  );
}

/**
 * The newest message of a list (they are kept oldest first), or null.
 *
 * @example
 * lastMessage(messages)?.id;
 */
export function lastMessage(messages: readonly ChatMessage[]): ChatMessage | null {
  return messages[messages.length - 1] ?? null;
}
