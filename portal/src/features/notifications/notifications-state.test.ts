import type { Notification } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { type NotificationsState, withRead } from './notifications-state.ts';

const note = (id: string, isRead: boolean): Notification => ({
  id,
  type: 'booked',
  message: id,
  link: null,
  isRead,
  createdAt: '2026-11-22T10:00:00.000Z',
  avatar: null,
  firstName: null,
  lastName: null,
});

const state = (items: Notification[], unreadCount: number): NotificationsState => ({
  items,
  total: items.length,
  unreadCount,
  page: 1,
  loading: false,
  error: null,
});

describe('withRead', () => {
  it('marks the given notifications and moves the count by those that changed', () => {
    const s = state([note('a', false), note('b', true), note('c', false)], 5);
    const read = withRead(s, ['a', 'b'], true);
    expect(read.items.map((n) => n.isRead)).toEqual([true, true, false]);
    // 'b' was read already: only 'a' counts; unread items on other pages stay counted.
    expect(read.unreadCount).toBe(4);
    const all = withRead(read, 'all', true);
    expect(all.unreadCount).toBe(3);
    // Undoing a failed mark puts the count back.
    expect(withRead(all, ['a', 'c'], false).unreadCount).toBe(5);
  });

  it('never counts below zero', () => {
    expect(withRead(state([note('a', false)], 0), 'all', true).unreadCount).toBe(0);
  });
});
