import type { Notification } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  INITIAL,
  type NotificationsState,
  withIncoming,
  withPage,
  withRead,
} from './notifications-state.ts';

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

describe('withPage', () => {
  it('replaces the list with page 1 and adds later pages without repeats', () => {
    const first = withPage({ ...INITIAL, loading: true }, 1, {
      total: 3,
      unreadCount: 2,
      page: 1,
      limit: 2,
      data: [note('c', false), note('b', false)],
    });
    expect(first).toMatchObject({ total: 3, unreadCount: 2, page: 1, loading: false });
    // Page 2 overlaps by one (a new notification pushed the list down meanwhile).
    const second = withPage(first, 2, {
      total: 4,
      unreadCount: 2,
      page: 2,
      limit: 2,
      data: [note('b', false), note('a', true)],
    });
    expect(second.items.map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(
      withPage(second, 1, { total: 1, unreadCount: 0, page: 1, limit: 2, data: [] }).items,
    ).toEqual([]);
  });
});

describe('withIncoming', () => {
  it('puts a live notification on top, counts it and takes the server’s unread count', () => {
    const s = state([note('a', true)], 0);
    const next = withIncoming(s, note('b', false), 7);
    expect(next.items.map((n) => n.id)).toEqual(['b', 'a']);
    expect(next).toMatchObject({ total: 2, unreadCount: 7 });
  });

  it('replaces a notification already shown instead of repeating it', () => {
    const s = state([note('a', false)], 1);
    const next = withIncoming(s, { ...note('a', false), message: 'changed' }, 1);
    expect(next.items).toHaveLength(1);
    expect(next.items[0]?.message).toBe('changed');
    expect(next.total).toBe(1);
  });
});
