import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { createHttpPublisher, ONLINE_CACHE_MS } from './http-publisher.ts';
import type { RealtimePublisher } from './publisher.ts';

/** A room server stand-in that answers presence questions and counts them. */
function rooms(connections: () => number) {
  const asked: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    asked.push(String(input));
    return new Response(JSON.stringify({ ok: true, connections: connections() }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { asked, fetch };
}

/** A room server stand-in on a real port (`handler` answers), and a publisher that posts to it. */
async function withRooms(
  handler: RequestListener,
  use: (publisher: RealtimePublisher) => Promise<void>,
): Promise<void> {
  const server = createServer(handler);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  try {
    await use(
      createHttpPublisher({
        partyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        secret: 's'.repeat(32),
        db: undefined as never,
        logger: createLogger('silent'),
      }),
    );
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
  }
}

describe('isOnline', () => {
  it('asks the rooms once for a burst of questions about one user, and again once the answer is old', async () => {
    let connections = 1;
    let clock = 1_000;
    const server = rooms(() => connections);
    const publisher = createHttpPublisher({
      partyUrl: 'http://rooms.test',
      secret: 's'.repeat(32),
      // Only isOnline is exercised: no database is touched.
      db: undefined as never,
      logger: createLogger('silent'),
      fetch: server.fetch,
      now: () => clock,
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => publisher.isOnline('u1')));
    expect(answers.every(Boolean)).toBe(true);
    expect(server.asked).toHaveLength(1);
    expect(server.asked[0]).toBe('http://rooms.test/parties/rooms/user-u1');

    connections = 0;
    clock += ONLINE_CACHE_MS - 1;
    expect(await publisher.isOnline('u1')).toBe(true);
    clock += 2;
    expect(await publisher.isOnline('u1')).toBe(false);
    expect(server.asked).toHaveLength(2);

    // "No" is not kept: someone who just connected is seen at once.
    expect(await publisher.isOnline('u2')).toBe(false);
    connections = 1;
    expect(await publisher.isOnline('u2')).toBe(true);
    expect(server.asked).toHaveLength(4);
  });
});

describe('every push', () => {
  it('asks for an uncompressed reply (the rooms would gzip even a tiny one)', async () => {
    const seen: (string | undefined)[] = [];
    // Answers as the rooms' runtime does: gzip whenever the request allows it.
    const rooms: RequestListener = (req, res) => {
      seen.push(req.headers['accept-encoding']);
      const body = JSON.stringify({ ok: true, connections: 1, delivered: 1 });
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(gzip ? gzipSync(body) : body);
    };
    await withRooms(rooms, async (publisher) => {
      expect(await publisher.isOnline('u1')).toBe(true);
      await publisher.publish(['user-u1'], { type: 'pong', at: 1 });
      expect(seen).toEqual(['identity', 'identity']);
    });
  });
});

describe('publish', () => {
  it('sends the pushes of one moment in one request, and a burst in a few', async () => {
    const bodies: { pushes: { rooms: string[]; message: { at: number } }[] }[] = [];
    const rooms: RequestListener = (req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        bodies.push(JSON.parse(body));
        // Slow rooms: later pushes queue behind the two batches on their way.
        setTimeout(() => res.end(JSON.stringify({ delivered: 1 })), 50);
      });
    };
    await withRooms(rooms, async (publisher) => {
      const pong = (at: number) => ({ type: 'pong', at }) as const;
      // A booking's two notifications: one request.
      await Promise.all([
        publisher.publish(['user-a', 'user-a'], pong(1)),
        publisher.publish(['user-b'], pong(2)),
      ]);
      expect(bodies).toEqual([
        {
          pushes: [
            { rooms: ['user-a'], message: pong(1) },
            { rooms: ['user-b'], message: pong(2) },
          ],
        },
      ]);
      // 250 pushes over a few turns of the event loop: every one sent once, in batches of at
      // most 100, each batch in the order its pushes were made.
      bodies.length = 0;
      const sent: Promise<void>[] = [];
      for (let at = 0; at < 250; at++) {
        sent.push(publisher.publish([`user-${at % 7}`], pong(at)));
        if (at % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(sent);
      const batches = bodies.map((b) => b.pushes.map((p) => p.message.at));
      for (const ats of batches) expect(ats).toEqual([...ats].sort((a, b) => a - b));
      expect(batches.flat().sort((a, b) => a - b)).toEqual(
        Array.from({ length: 250 }, (_, at) => at),
      );
      expect(Math.max(...bodies.map((b) => b.pushes.length))).toBeLessThanOrEqual(100);
      expect(bodies.length).toBeLessThan(25);
    });
  });
});
