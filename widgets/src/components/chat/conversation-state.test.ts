import type { ChatDetail, ChatMessage } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ConversationAction,
  type ConversationState,
  conversationReducer,
  initialConversation,
  newestIncomingId,
  type PendingMessage,
  timeline,
} from './conversation-state.ts';
import { at, textMessage } from './test-fixtures.ts';

const msg = (id: string, minute: number, senderId = 'me', chatId = 'c1') =>
  textMessage({ id, minute, senderId, chatId });
const detail = (
  messages: ChatMessage[],
  nextCursor: string | null = null,
  participantLastReadAt: string | null = null,
  chatId = 'c1',
): ChatDetail => ({
  chat: {
    id: chatId,
    participant: {
      id: 'them',
      firstName: 'Dana',
      lastName: 'Whitfield',
      photo: null,
      role: 'consultant',
      company: null,
    },
    participantLastReadAt,
  },
  messages,
  nextCursor,
});
const pending = (clientId: string, minute: number): PendingMessage => ({
  clientId,
  text: clientId,
  attachments: [],
  createdAt: at(minute),
  status: 'sending',
  error: null,
});

const run = (...actions: ConversationAction[]): ConversationState =>
  actions.reduce(conversationReducer, initialConversation('c1'));
const ids = (state: ConversationState) => state.messages.map((m) => m.id);

describe('conversationReducer', () => {
  it('loads the latest page with its cursor', () => {
    const state = run({ type: 'loaded', detail: detail([msg('m2', 2), msg('m3', 3)], 'cur-1') });
    expect(state.status).toBe('ready');
    expect(ids(state)).toEqual(['m2', 'm3']);
    expect(state.nextCursor).toBe('cur-1');
  });

  it('loads earlier pages in front, then stops at the first message', () => {
    const state = run(
      { type: 'loaded', detail: detail([msg('m3', 3), msg('m4', 4)], 'cur-1') },
      { type: 'earlierStarted' },
      { type: 'earlierLoaded', detail: detail([msg('m1', 1), msg('m2', 2)], null) },
    );
    expect(ids(state)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(state.nextCursor).toBeNull();
    expect(state.earlier.status).toBe('idle');
    // Nothing older to load: the button does nothing.
    expect(conversationReducer(state, { type: 'earlierStarted' })).toBe(state);
  });

  it('reports a failed earlier page without losing the loaded messages', () => {
    const state = run(
      { type: 'loaded', detail: detail([msg('m3', 3)], 'cur-1') },
      { type: 'earlierStarted' },
      { type: 'earlierFailed', message: 'Error fetching chat: boom' },
    );
    expect(state.earlier).toEqual({ status: 'error', error: 'Error fetching chat: boom' });
    expect(ids(state)).toEqual(['m3']);
    expect(state.nextCursor).toBe('cur-1');
  });

  it('adds a live message of this chat once and ignores other chats', () => {
    const loaded = run({ type: 'loaded', detail: detail([msg('m1', 1)]) });
    const live = conversationReducer(loaded, {
      type: 'received',
      chatId: 'c1',
      message: msg('m2', 2, 'them'),
    });
    expect(ids(live)).toEqual(['m1', 'm2']);
    expect(
      conversationReducer(live, { type: 'received', chatId: 'c1', message: msg('m2', 2, 'them') }),
    ).toBe(live);
    expect(
      conversationReducer(live, {
        type: 'received',
        chatId: 'c2',
        message: msg('x', 3, 'them', 'c2'),
      }),
    ).toBe(live);
  });

  it('keeps live messages that came before the first page', () => {
    const state = run(
      { type: 'received', chatId: 'c1', message: msg('m9', 9, 'them') },
      { type: 'loaded', detail: detail([msg('m1', 1)]) },
    );
    expect(ids(state)).toEqual(['m1', 'm9']);
  });

  it('merges a refetched latest page (polling) without moving the cursor back', () => {
    const state = run(
      { type: 'loaded', detail: detail([msg('m3', 3)], 'cur-1') },
      { type: 'earlierStarted' },
      { type: 'earlierLoaded', detail: detail([msg('m1', 1)], null) },
      { type: 'refreshed', detail: detail([msg('m3', 3), msg('m4', 4)], 'cur-x', at(4)) },
    );
    expect(ids(state)).toEqual(['m1', 'm3', 'm4']);
    expect(state.nextCursor).toBeNull();
    expect(state.chat?.participantLastReadAt).toBe(at(4));
  });

  it('a refetch that brings nothing new changes nothing', () => {
    const loaded = run({ type: 'loaded', detail: detail([msg('m1', 1)], null, at(1)) });
    expect(
      conversationReducer(loaded, {
        type: 'refreshed',
        detail: detail([msg('m1', 1)], null, at(0)),
      }),
    ).toEqual(loaded);
  });

  it('ignores an answer for another chat after a switch', () => {
    const state = run({ type: 'opened', chatId: 'c1' });
    expect(
      conversationReducer(state, {
        type: 'loaded',
        detail: detail([msg('x', 1)], null, null, 'c2'),
      }),
    ).toBe(state);
  });

  it('moves read ticks on the other participant’s read frame only', () => {
    const loaded = run({ type: 'loaded', detail: detail([msg('m1', 1), msg('m2', 2)]) });
    const frame = {
      type: 'readMessage' as const,
      chatId: 'c1',
      readerId: 'them',
      lastReadMessageId: 'm2',
      readAt: at(3),
    };
    const read = conversationReducer(loaded, { type: 'read', event: frame });
    expect(timeline(read, 'me').map((e) => e.delivery)).toEqual(['read', 'read']);
    expect(conversationReducer(loaded, { type: 'read', event: { ...frame, readerId: 'me' } })).toBe(
      loaded,
    );
    expect(timeline(loaded, 'me').map((e) => e.delivery)).toEqual(['sent', 'sent']);
  });

  describe('optimistic sending', () => {
    const loaded = run({ type: 'loaded', detail: detail([msg('m1', 1, 'them')]) });

    it('shows a message as sending, then replaces it by the stored one', () => {
      const sending = conversationReducer(loaded, {
        type: 'sendStarted',
        pending: pending('local-1', 2),
      });
      expect(timeline(sending, 'me').map((e) => [e.key, e.delivery])).toEqual([
        ['m1', null],
        ['local-1', 'sending'],
      ]);
      const sent = conversationReducer(sending, {
        type: 'sendSucceeded',
        clientId: 'local-1',
        message: msg('m2', 2),
      });
      expect(timeline(sent, 'me').map((e) => [e.key, e.delivery])).toEqual([
        ['m1', null],
        ['m2', 'sent'],
      ]);
    });

    it('shows one bubble when the live frame beats the answer to the send', () => {
      const actions: ConversationAction[] = [
        { type: 'sendStarted', pending: pending('local-1', 2) },
        { type: 'received', chatId: 'c1', message: msg('m2', 2) },
        { type: 'sendSucceeded', clientId: 'local-1', message: msg('m2', 2) },
      ];
      const state = actions.reduce(conversationReducer, loaded);
      expect(timeline(state, 'me').map((e) => e.key)).toEqual(['m1', 'm2']);
    });

    it('shows one bubble while the room echoes the message before the answer comes', () => {
      const echoed = [
        { type: 'sendStarted', pending: pending('local-1', 2) },
        {
          type: 'received',
          chatId: 'c1',
          message: { ...msg('m2', 2), text: 'local-1' },
          selfId: 'me',
        },
      ] satisfies ConversationAction[];
      const state = echoed.reduce(conversationReducer, loaded);
      expect(timeline(state, 'me').map((e) => [e.key, e.delivery])).toEqual([
        ['m1', null],
        ['m2', 'sent'],
      ]);
      // Another message with other text does not hide it.
      const other = [
        { type: 'sendStarted', pending: pending('local-1', 2) },
        {
          type: 'received',
          chatId: 'c1',
          message: { ...msg('m2', 2), text: 'else' },
          selfId: 'me',
        },
      ] satisfies ConversationAction[];
      expect(timeline(other.reduce(conversationReducer, loaded), 'me').map((e) => e.key)).toEqual([
        'm1',
        'm2',
        'local-1',
      ]);
    });

    it('marks a failed send, retries it, or drops it', () => {
      const actions: ConversationAction[] = [
        { type: 'sendStarted', pending: pending('local-1', 2) },
        { type: 'sendFailed', clientId: 'local-1', message: 'Error sending message: offline' },
      ];
      const failed = actions.reduce(conversationReducer, loaded);
      const entry = timeline(failed, 'me')[1];
      expect(entry?.delivery).toBe('failed');
      expect(entry?.error).toBe('Error sending message: offline');
      const retried = conversationReducer(failed, { type: 'retried', clientId: 'local-1' });
      expect(timeline(retried, 'me')[1]?.delivery).toBe('sending');
      const dropped = conversationReducer(failed, { type: 'discarded', clientId: 'local-1' });
      expect(timeline(dropped, 'me').map((e) => e.key)).toEqual(['m1']);
    });
  });

  it('finds the newest message from the other participant', () => {
    const state = run({
      type: 'loaded',
      detail: detail([msg('m1', 1, 'them'), msg('m2', 2, 'me')]),
    });
    expect(newestIncomingId(state, 'me')).toBe('m1');
    expect(newestIncomingId(initialConversation('c1'), 'me')).toBeNull();
  });

  it('a failed first load is an error; a failed refetch after it loaded is not', () => {
    const failed = run({
      type: 'loadFailed',
      message: 'Error fetching chat: Not found',
      status: 404,
    });
    expect(failed.status).toBe('error');
    expect(failed.error?.status).toBe(404);
    const loaded = run({ type: 'loaded', detail: detail([msg('m1', 1)]) });
    expect(conversationReducer(loaded, { type: 'loadFailed', message: 'x', status: 0 })).toBe(
      loaded,
    );
  });

  it('opening another chat starts over; reopening the same one keeps it', () => {
    const loaded = run({ type: 'loaded', detail: detail([msg('m1', 1)]) });
    expect(conversationReducer(loaded, { type: 'opened', chatId: 'c1' })).toBe(loaded);
    const other = conversationReducer(loaded, { type: 'opened', chatId: 'c2' });
    expect(other.status).toBe('loading');
    expect(other.messages).toEqual([]);
  });
});
