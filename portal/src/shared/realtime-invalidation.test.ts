import type { RealtimeServerMessage } from '@fm/sdk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';
import { invalidateFor } from './realtime-invalidation.ts';

const WATCHED = {
  unread: queryKeys.unreadCount,
  meetingList: queryKeys.meetings.list('all', 1),
  meeting: queryKeys.meetings.detail('m1'),
  totals: queryKeys.payments.totals,
};

/** Which of the watched queries a frame leaves out of date. */
function invalidatedBy(frame: RealtimeServerMessage): string[] {
  const queryClient = new QueryClient();
  for (const key of Object.values(WATCHED)) queryClient.setQueryData(key, 1);
  invalidateFor(queryClient, frame);
  return Object.entries(WATCHED)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

const notification = (link: string | null): RealtimeServerMessage => ({
  type: 'notification',
  unreadCount: 1,
  notification: {
    id: 'n1',
    type: 'booking',
    message: 'A meeting changed',
    link,
    isRead: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    avatar: null,
    firstName: null,
    lastName: null,
  },
});

describe('invalidateFor', () => {
  it('refreshes the Messages count on a chat event', () => {
    const read: RealtimeServerMessage = {
      type: 'readMessage',
      chatId: 'c1',
      readerId: 'u1',
      lastReadMessageId: null,
      readAt: '2025-01-01T00:00:00.000Z',
    };
    expect(invalidatedBy(read)).toEqual(['unread']);
  });

  it('refreshes the count and every meeting read on a notification about a meeting', () => {
    expect(invalidatedBy(notification('/bookings/m1'))).toEqual([
      'unread',
      'meetingList',
      'meeting',
    ]);
    expect(invalidatedBy(notification('/bookings'))).toEqual(['unread', 'meetingList', 'meeting']);
  });

  it('leaves the meetings alone for other notifications, and everything for a pong', () => {
    expect(invalidatedBy(notification('/chats/c1'))).toEqual(['unread']);
    expect(invalidatedBy(notification(null))).toEqual(['unread']);
    expect(invalidatedBy({ type: 'pong', at: 1 })).toEqual([]);
  });
});
