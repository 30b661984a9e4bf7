import type { ChatSummary } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { filterChats, hasChat, withChatRead, withMessage } from './chat-list-state.ts';
import { at, textMessage } from './test-fixtures.ts';

const msg = (id: string, chatId: string, minute: number, senderId = 'them') =>
  textMessage({ id, chatId, minute, senderId });
const chat = (
  id: string,
  firstName: string,
  lastName: string,
  minute: number,
  unreadCount = 0,
  company: string | null = null,
): ChatSummary => ({
  id,
  participant: { id: `u-${id}`, firstName, lastName, photo: null, role: 'consultant', company },
  lastMessage: msg(`last-${id}`, id, minute),
  unreadCount,
  updatedAt: at(minute),
});

const chats = [
  chat('c1', 'José', 'Álvarez', 30, 2),
  chat('c2', 'Dana', 'Whitfield', 20, 0, 'Whitfield Advisors'),
  chat('c3', 'Marcus', 'Reed', 10),
];

describe('chat list', () => {
  it('searches the loaded chats by name, ignoring case and accents', () => {
    expect(filterChats(chats, 'jose').map((c) => c.id)).toEqual(['c1']);
    expect(filterChats(chats, 'DANA whit').map((c) => c.id)).toEqual(['c2']);
    expect(filterChats(chats, 'advisors').map((c) => c.id)).toEqual(['c2']);
    expect(filterChats(chats, 'nobody')).toEqual([]);
    expect(filterChats(chats, '  ')).toBe(chats);
  });

  it('moves a chat with a new message to the top and counts it unread', () => {
    const next = withMessage(chats, {
      chatId: 'c3',
      message: msg('m-new', 'c3', 40),
      selfId: 'me',
      openChatId: null,
    });
    expect(next.map((c) => c.id)).toEqual(['c3', 'c1', 'c2']);
    expect(next[0]).toMatchObject({ unreadCount: 1, updatedAt: at(40) });
    expect(next[0]?.lastMessage?.id).toBe('m-new');
  });

  it('does not count the open chat, nor the user’s own messages', () => {
    const open = withMessage(chats, {
      chatId: 'c3',
      message: msg('m-new', 'c3', 40),
      selfId: 'me',
      openChatId: 'c3',
    });
    expect(open[0]?.unreadCount).toBe(0);
    const own = withMessage(chats, {
      chatId: 'c3',
      message: msg('m-own', 'c3', 40, 'me'),
      selfId: 'me',
      openChatId: null,
    });
    expect(own[0]?.unreadCount).toBe(0);
  });

  it('ignores repeated and late messages, and chats it does not know', () => {
    const input = { chatId: 'c1', selfId: 'me', openChatId: null };
    expect(withMessage(chats, { ...input, message: msg('last-c1', 'c1', 30) })).toBe(chats);
    expect(withMessage(chats, { ...input, message: msg('old', 'c1', 5) })).toBe(chats);
    expect(withMessage(chats, { ...input, chatId: 'c9', message: msg('x', 'c9', 50) })).toBe(chats);
    expect(hasChat(chats, 'c9')).toBe(false);
    expect(hasChat(chats, 'c1')).toBe(true);
  });

  it('clears a chat’s unread mark once read', () => {
    const read = withChatRead(chats, 'c1');
    expect(read.find((c) => c.id === 'c1')?.unreadCount).toBe(0);
    expect(withChatRead(read, 'c1')).toBe(read);
  });
});
