import { describe, expect, it } from 'vitest';
import { deliveryStatus, isReadBy, laterReadMark, readMarkAfter } from './read-ticks.ts';
import { at, textMessage } from './test-fixtures.ts';

const msg = (id: string, minute: number, senderId = 'me') => textMessage({ id, minute, senderId });

describe('read ticks', () => {
  it('counts a message read when it was sent at or before the read mark', () => {
    expect(isReadBy(msg('m1', 1), at(2))).toBe(true);
    expect(isReadBy(msg('m1', 2), at(2))).toBe(true);
    expect(isReadBy(msg('m1', 3), at(2))).toBe(false);
    expect(isReadBy(msg('m1', 1), null)).toBe(false);
    expect(isReadBy(msg('m1', 1), 'not a date')).toBe(false);
  });

  it('ticks only the viewer’s own messages', () => {
    const viewer = { selfId: 'me', participantLastReadAt: at(2) };
    expect(deliveryStatus(msg('m1', 1), viewer)).toBe('read');
    expect(deliveryStatus(msg('m2', 3), viewer)).toBe('sent');
    expect(deliveryStatus(msg('m3', 1, 'them'), viewer)).toBeNull();
  });

  it('never moves a read mark back', () => {
    expect(laterReadMark(at(5), at(3))).toBe(at(5));
    expect(laterReadMark(at(3), at(5))).toBe(at(5));
    expect(laterReadMark(null, at(5))).toBe(at(5));
    expect(laterReadMark(at(5), null)).toBe(at(5));
    expect(laterReadMark(at(5), 'garbage')).toBe(at(5));
  });

  describe('readMessage frames', () => {
    const chat = {
      chatId: 'c1',
      participantId: 'them',
      mark: at(1),
      messages: [msg('m1', 1), msg('m2', 4)],
    };
    const frame = (over: Partial<Parameters<typeof readMarkAfter>[1]>) => ({
      chatId: 'c1',
      readerId: 'them',
      readAt: at(6),
      lastReadMessageId: 'm2',
      ...over,
    });

    it('move the mark when the other participant read this chat', () => {
      expect(readMarkAfter(chat, frame({}))).toBe(at(6));
    });

    it('ignore the viewer’s own reads and other chats', () => {
      expect(readMarkAfter(chat, frame({ readerId: 'me' }))).toBe(at(1));
      expect(readMarkAfter(chat, frame({ chatId: 'c2' }))).toBe(at(1));
    });

    it('cover at least the message they name, whatever the clock says', () => {
      expect(readMarkAfter(chat, frame({ readAt: at(2) }))).toBe(at(4));
    });

    it('ignore a late frame from before the current mark', () => {
      expect(readMarkAfter({ ...chat, mark: at(9) }, frame({ lastReadMessageId: null }))).toBe(
        at(9),
      );
    });
  });
});
