import { describe, expect, it } from 'vitest';
import { REALTIME_OPERATIONS, type RealtimeServerMessage } from './contracts/index.ts';
import { ApiError } from './errors.ts';
import { connectRealtime, type RealtimeStatus } from './realtime.ts';
import { fakeTicketClient, startSocketServer, until } from './testing/socket-server.ts';

/**
 * `connectRealtime` against a plain local WebSocket server (real sockets, no room server): tickets
 * per connect, frames validated, reconnects at one second, refusals that end it.
 */

describe('connectRealtime', () => {
  it('connects to /parties/rooms/{room} with a fresh ticket each time, drops frames outside the contract and reconnects after one second', async () => {
    const seen: { path: string; ticket: string | null; at: number }[] = [];
    let closedAt = 0;
    const partyUrl = await startSocketServer((socket, url, index) => {
      seen.push({ path: url.pathname, ticket: url.searchParams.get('ticket'), at: Date.now() });
      if (index === 0) {
        socket.send('not json');
        socket.send(JSON.stringify({ type: 'receiveMessage', chatId: 'c1' }));
        socket.send(JSON.stringify({ type: 'pong', at: 1 }));
        setTimeout(() => {
          closedAt = Date.now();
          socket.terminate();
        }, 100);
      } else {
        socket.send(JSON.stringify({ type: 'pong', id: 'again', at: 2 }));
      }
    });
    let n = 0;
    const client = fakeTicketClient(async () => ({ ticket: `t${++n}` }));
    const warnings: string[] = [];
    const frames: RealtimeServerMessage[] = [];
    const statuses: RealtimeStatus[] = [];
    const live = connectRealtime({
      client,
      room: 'user-u1',
      partyUrl,
      logger: { warn: (m: string) => warnings.push(m) },
    });
    live.subscribe((frame) => frames.push(frame));
    live.onStatus((status) => statuses.push(status));
    try {
      await until('the second connection', () => frames.length === 2);
      expect(seen.map((s) => [s.path, s.ticket])).toEqual([
        ['/parties/rooms/user-u1', 't1'],
        ['/parties/rooms/user-u1', 't2'],
      ]);
      expect(frames).toEqual([
        { type: 'pong', at: 1 },
        { type: 'pong', id: 'again', at: 2 },
      ]);
      expect(warnings.filter((w) => /dropped/.test(w))).toHaveLength(2);
      expect(statuses).toEqual(['open', 'connecting', 'open']);
      expect(live.status()).toBe('open');
      const gap = (seen[1]?.at ?? 0) - closedAt;
      expect(gap).toBeGreaterThanOrEqual(900);
      expect(gap).toBeLessThan(2_500);
    } finally {
      live.close();
    }
    expect(live.status()).toBe('closed');
    expect(statuses.at(-1)).toBe('closed');
  });

  it('reopens at once when the room says the session ended, without waiting for the close', async () => {
    const seen: string[] = [];
    const partyUrl = await startSocketServer((socket, url, index) => {
      seen.push(url.searchParams.get('ticket') ?? '');
      // The first socket is told, and then left open: its close would come late or never.
      if (index === 0) socket.send(JSON.stringify({ type: 'sessionEnded' }));
    });
    let n = 0;
    const client = fakeTicketClient(async () => ({ ticket: `t${++n}` }));
    const statuses: RealtimeStatus[] = [];
    const frames: RealtimeServerMessage[] = [];
    const live = connectRealtime({
      client,
      room: 'user-u1',
      partyUrl,
      logger: { warn: () => {} },
    });
    live.subscribe((frame) => frames.push(frame));
    live.onStatus((status) => statuses.push(status));
    try {
      await until('the second connection', () => statuses.length === 3, 900);
      expect(statuses).toEqual(['open', 'connecting', 'open']);
      expect(seen).toEqual(['t1', 't2']);
      expect(frames).toEqual([{ type: 'sessionEnded' }]);
    } finally {
      live.close();
    }
  });

  it('keeps trying every second while tickets fail, and logs only', async () => {
    let connections = 0;
    const partyUrl = await startSocketServer(() => {
      connections += 1;
    });
    let calls = 0;
    const client = fakeTicketClient(async () => {
      calls += 1;
      if (calls < 3) {
        throw new ApiError({
          operation: 'fetchRealtimeTicket',
          operationText: REALTIME_OPERATIONS.fetchRealtimeTicket,
          status: 0,
          code: 'NETWORK_ERROR',
        });
      }
      return { ticket: 'ok' };
    });
    const warnings: string[] = [];
    const started = Date.now();
    const live = connectRealtime({
      client,
      room: 'user-u1',
      partyUrl,
      logger: { warn: (m: string) => warnings.push(m) },
    });
    try {
      await until('a connection', () => connections === 1);
      expect(calls).toBe(3);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_800);
      expect(warnings.length).toBeGreaterThanOrEqual(2);
    } finally {
      live.close();
    }
  });

  it('gives up when signed out or on a room the user may not join (the ticket call answers 401, 403 or 404)', async () => {
    const codes = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' } as const;
    for (const status of [401, 403, 404] as const) {
      const client = fakeTicketClient(async () => {
        throw new ApiError({
          operation: 'fetchRealtimeTicket',
          operationText: REALTIME_OPERATIONS.fetchRealtimeTicket,
          status,
          code: codes[status],
        });
      });
      const live = connectRealtime({
        client,
        room: 'chat-c1',
        partyUrl: 'http://127.0.0.1:9',
        logger: { warn: () => {} },
      });
      await until('closed', () => live.status() === 'closed');
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(client.tickets).toBe(1);
    }
  });

  it('reads the address from the API when none is given', async () => {
    const partyUrl = await startSocketServer((socket) => socket.send('{"type":"pong","at":3}'));
    const client = {
      ...fakeTicketClient(async () => ({ ticket: 't' })),
      config: async () => ({ partyUrl }),
    };
    const live = connectRealtime({
      client,
      room: 'user-u1',
      logger: { warn: () => {} },
    });
    const frames: RealtimeServerMessage[] = [];
    live.subscribe((frame) => frames.push(frame));
    try {
      await until('a frame', () => frames.length === 1);
    } finally {
      live.close();
    }
  });
});
