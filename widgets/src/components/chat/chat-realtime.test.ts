import type { RealtimeServerMessage } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { chatRealtimeOf, type RealtimeConnectionLike } from './chat-realtime.ts';

type Status = 'connecting' | 'open' | 'closed';

function fakeConnection() {
  let status: Status = 'connecting';
  const statusListeners = new Set<(s: Status) => void>();
  const frameListeners = new Set<(f: RealtimeServerMessage) => void>();
  const connection: RealtimeConnectionLike = {
    subscribe: (l) => {
      frameListeners.add(l);
      return () => frameListeners.delete(l);
    },
    status: () => status,
    onStatus: (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
  };
  return {
    connection,
    set(next: Status) {
      status = next;
      for (const l of statusListeners) l(next);
    },
    frame(f: RealtimeServerMessage) {
      for (const l of frameListeners) l(f);
    },
    listeners: () => statusListeners.size + frameListeners.size,
  };
}

describe('chatRealtimeOf', () => {
  it('is live while the socket is open and reports every reopening', () => {
    const fake = fakeConnection();
    const realtime = chatRealtimeOf(fake.connection);
    const seen: boolean[] = [];
    const stop = realtime.onLiveChange((live) => seen.push(live));
    expect(realtime.isLive()).toBe(false);
    fake.set('open');
    expect(realtime.isLive()).toBe(true);
    fake.set('connecting');
    fake.set('open');
    fake.set('closed');
    expect(seen).toEqual([true, false, true, false]);
    stop();
    fake.set('open');
    expect(seen).toHaveLength(4);
  });

  it('passes frames through and unsubscribes', () => {
    const fake = fakeConnection();
    const realtime = chatRealtimeOf(fake.connection);
    const frames: string[] = [];
    const stop = realtime.subscribe((f) => frames.push(f.type));
    fake.frame({ type: 'joinChat', chatId: 'c1', userId: 'u1' });
    stop();
    fake.frame({ type: 'joinChat', chatId: 'c2', userId: 'u1' });
    expect(frames).toEqual(['joinChat']);
    expect(fake.listeners()).toBe(0);
  });
});
