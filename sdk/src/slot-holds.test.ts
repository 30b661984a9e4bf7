import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLOT_HOLDS } from './contracts/index.ts';
import { watchSlotHolds } from './slot-holds.ts';
import { startSocketServer, until } from './testing/socket-server.ts';

/**
 * `watchSlotHolds` against a plain local WebSocket server (real sockets, no room server): the
 * public room opened without a ticket, the hold sent on every (re)connect, refreshed only while
 * the booker is active.
 */

const NINE = { start: '2026-03-09T09:00:00.000Z', end: '2026-03-09T09:30:00.000Z' };
const noConfig = { config: () => Promise.reject(new Error('partyUrl is given')) };

afterEach(() => {
  vi.useRealTimers();
});

describe('watchSlotHolds', () => {
  it('opens the slots room without a ticket and sends the hold again on a reconnect', async () => {
    const seen: { path: string; query: string; frames: unknown[] }[] = [];
    const partyUrl = await startSocketServer((socket, url, index) => {
      const entry = { path: url.pathname, query: url.search, frames: [] as unknown[] };
      seen.push(entry);
      socket.on('message', (data) => {
        entry.frames.push(JSON.parse(String(data)));
        // The first socket drops after the hold arrives, as when the rooms restart.
        if (index === 0) socket.terminate();
      });
    });
    const watch = watchSlotHolds({
      client: noConfig,
      consultantId: 'c1',
      partyUrl,
      holderId: 'holder-one',
    });
    try {
      watch.hold(NINE);
      await until('the second connection', () => seen[1]?.frames.length === 1);
      const hold = { type: 'hold', holderId: 'holder-one', ...NINE };
      expect(seen.map((s) => s.path)).toEqual([
        '/parties/rooms/slots-c1',
        '/parties/rooms/slots-c1',
      ]);
      expect(seen.every((s) => !/ticket=/.test(s.query))).toBe(true);
      expect(seen.map((s) => s.frames)).toEqual([[hold], [hold]]);
    } finally {
      watch.close();
    }
  });

  it('refreshes the hold every refreshMs while the booker is active, and not once idle', async () => {
    const frames: unknown[] = [];
    const partyUrl = await startSocketServer((socket) => {
      socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    });
    // Only the refresh interval is faked: sockets and reconnects keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let active = true;
    const watch = watchSlotHolds({
      client: noConfig,
      consultantId: 'c1',
      partyUrl,
      holderId: 'holder-one',
      active: () => active,
    });
    try {
      watch.hold(NINE);
      await until('the hold', () => frames.length === 1);
      vi.advanceTimersByTime(SLOT_HOLDS.refreshMs);
      await until('the refresh', () => frames.length === 2);
      expect(frames[1]).toEqual({ type: 'hold', holderId: 'holder-one', ...NINE });
      active = false;
      vi.advanceTimersByTime(SLOT_HOLDS.refreshMs * 2);
      watch.release();
      await until('the release', () => frames.length === 3);
      expect(frames[2]).toEqual({ type: 'release', holderId: 'holder-one' });
    } finally {
      watch.close();
    }
  });
});
