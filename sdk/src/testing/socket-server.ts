import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';
import type { RealtimeClient } from '../realtime.ts';

/**
 * Test helpers for the SDK's sockets against a plain local WebSocket server (real sockets, no
 * room server). Servers started in a test are closed after it.
 */

const running = new Set<WebSocketServer>();
afterEach(async () => {
  const servers = [...running];
  running.clear();
  await Promise.all(servers.map((s) => new Promise<void>((done) => s.close(() => done()))));
});

/**
 * A WebSocket server on a free loopback port; `onConnection` gets each socket, its URL and its
 * index (0 for the first). Resolves with the server's origin (`http://127.0.0.1:{port}`).
 * @example const partyUrl = await startSocketServer((socket) => socket.send('{}'));
 */
export async function startSocketServer(
  onConnection: (socket: WebSocket, url: URL, index: number) => void,
): Promise<string> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  running.add(server);
  await new Promise<void>((ready) => server.once('listening', () => ready()));
  let index = 0;
  server.on('connection', (socket, request) => {
    onConnection(socket, new URL(request.url ?? '/', 'http://x'), index++);
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A client whose ticket call is `ticket`, counting the calls. */
export function fakeTicketClient(ticket: () => Promise<{ ticket: string }>): RealtimeClient & {
  tickets: number;
} {
  const client = {
    tickets: 0,
    realtime: {
      ticket: async () => {
        client.tickets += 1;
        return ticket();
      },
    },
    config: async () => ({ partyUrl: 'http://unused.test' }),
  };
  return client;
}

/** Waits until `probe()` holds, checking every 10 ms; throws after `ms`. */
export async function until(what: string, probe: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
