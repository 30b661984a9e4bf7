import { describe, expect, it } from 'vitest';
import { compareMessages, lastMessage, mergeMessages } from './message-merge.ts';
import { textMessage } from './test-fixtures.ts';

const msg = (id: string, minute: number, text = id) =>
  textMessage({ id, minute, senderId: 'u1', text });

describe('mergeMessages', () => {
  it('puts an older page before the loaded one, each message once', () => {
    const page1 = [msg('m3', 3), msg('m4', 4)];
    const page2 = [msg('m1', 1), msg('m2', 2), msg('m3', 3)];
    expect(mergeMessages(page1, page2).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('adds a live frame once, however often it arrives', () => {
    const page = [msg('m1', 1)];
    const once = mergeMessages(page, [msg('m2', 2)]);
    const twice = mergeMessages(once, [msg('m2', 2)]);
    expect(twice.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(twice).toBe(once);
  });

  it('keeps the same array when nothing is new, so React can skip a render', () => {
    const page = [msg('m1', 1), msg('m2', 2)];
    expect(mergeMessages(page, [])).toBe(page);
    expect(mergeMessages(page, [msg('m1', 1)])).toBe(page);
  });

  it('takes the newer copy of a message that changed', () => {
    const merged = mergeMessages([msg('m1', 1, 'old')], [msg('m1', 1, 'new')]);
    expect(merged.map((m) => m.text)).toEqual(['new']);
  });

  it('orders by time, then by id for the same instant', () => {
    const merged = mergeMessages([msg('b', 5), msg('z', 1)], [msg('a', 5)]);
    expect(merged.map((m) => m.id)).toEqual(['z', 'a', 'b']);
    expect(compareMessages(msg('a', 5), msg('a', 5))).toBe(0);
  });

  it('a frame that arrives before the send answers (and the answer) make one message', () => {
    const fromFrame = mergeMessages([msg('m1', 1)], [msg('m2', 2)]);
    const fromAnswer = mergeMessages(fromFrame, [msg('m2', 2)]);
    expect(fromAnswer.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('finds the newest message', () => {
    expect(lastMessage([msg('m1', 1), msg('m2', 2)])?.id).toBe('m2');
    expect(lastMessage([])).toBeNull();
  });
});
