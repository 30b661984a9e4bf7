import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { franchise, meetingPresence, user } from '../db/schema/index.ts';
import { createLogger } from '../http/logger.ts';
import { insertMeeting } from '../payments/test-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import {
  createHttpPublisher,
  type HttpPublisherOptions,
  ONLINE_CACHE_MS,
} from './http-publisher.ts';
import type { RealtimePublisher } from './publisher.ts';

/** A room server stand-in on a real port (`handler` answers), and a publisher that posts to it. */
async function withRooms(
  handler: RequestListener,
  use: (publisher: RealtimePublisher) => Promise<void>,
  options: Partial<Pick<HttpPublisherOptions, 'now' | 'logger' | 'timeoutMs' | 'db'>> = {},
): Promise<void> {
  const server = createServer(handler);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  try {
    await use(
      createHttpPublisher({
        partyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        secret: 's'.repeat(32),
        // Only pushes and presence are exercised: no database is touched.
        db: undefined as never,
        logger: createLogger('silent'),
        ...options,
      }),
    );
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
}

describe('isOnline', () => {
  it('asks the rooms once for a burst of questions about one user, and again once the answer is old', async () => {
    let connections = 1;
    let clock = 1_000;
    const asked: (string | undefined)[] = [];
    // Answers presence questions with the current count, and counts them.
    const rooms: RequestListener = (req, res) => {
      asked.push(req.url);
      req.resume();
      req.on('end', () => res.end(JSON.stringify({ ok: true, connections })));
    };
    await withRooms(
      rooms,
      async (publisher) => {
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => publisher.isOnline('u1')),
        );
        expect(answers.every(Boolean)).toBe(true);
        expect(asked).toEqual(['/parties/rooms/user-u1']);

        connections = 0;
        clock += ONLINE_CACHE_MS - 1;
        expect(await publisher.isOnline('u1')).toBe(true);
        clock += 2;
        expect(await publisher.isOnline('u1')).toBe(false);
        expect(asked).toHaveLength(2);

        // "No" is not kept: someone who just connected is seen at once.
        expect(await publisher.isOnline('u2')).toBe(false);
        connections = 1;
        expect(await publisher.isOnline('u2')).toBe(true);
        expect(asked).toHaveLength(4);
      },
      { now: () => clock },
    );
  });

  it('answers no when the rooms fail, are slow or send something else, and never throws', async () => {
    const errors: string[] = [];
    const rooms: RequestListener = (req, res) => {
      req.resume();
      if (req.url?.endsWith('user-refused')) {
        res.writeHead(500);
        res.end('down');
      } else if (req.url?.endsWith('user-garbled')) {
        res.end('<html>');
      } else if (req.url?.endsWith('user-slow')) {
        setTimeout(() => res.end(JSON.stringify({ ok: true, connections: 1 })), 500);
      } else {
        res.end(JSON.stringify({ ok: true, connections: 1 }));
      }
    };
    await withRooms(
      rooms,
      async (publisher) => {
        expect(await publisher.isOnline('refused')).toBe(false);
        expect(await publisher.isOnline('garbled')).toBe(false);
        expect(await publisher.isOnline('slow')).toBe(false);
        expect(errors).toEqual([
          'realtime push refused',
          'realtime push failed',
          'realtime push failed',
        ]);
        // The connection kept from those answers still serves the next question.
        expect(await publisher.isOnline('fine')).toBe(true);
      },
      {
        logger: { ...createLogger('silent'), error: (message) => errors.push(message) },
        timeoutMs: 100,
      },
    );
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

describe('disconnectUser', () => {
  it('closes the user room, the chats, and every meeting room open now the user may be in', async () => {
    const server = await startTestServer();
    try {
      const db = server.container.db;
      const MIN = 60_000;
      const now = Date.now();
      const consultant = await server.signUp('consultant');
      const member = await server.signUp('franchisor');
      const booker = await server.signUp('franchisor');
      const [brand, formerBrand] = await db
        .insert(franchise)
        .values([{ company: 'Open Rooms Franchising' }, { company: 'Former Franchising' }])
        .returning({ id: franchise.id });
      if (!brand || !formerBrand) throw new Error('setup failed');
      for (const who of [member, booker]) {
        await db.update(user).set({ franchiseId: brand.id }).where(eq(user.id, who.user.id));
      }
      const meet = async (
        franchiseId: string,
        startAt: number,
        consultantId = consultant.user.id,
      ) =>
        (
          await insertMeeting(db, {
            consultantId,
            franchisorId: booker.user.id,
            franchiseId,
            startAt: new Date(startAt),
            durationMinutes: 60,
            rateCents: 5_000,
          })
        ).id;
      // Open now: running, about to start (opens 10 min before), ended 20 min ago (closes 30 after).
      const running = await meet(brand.id, now - 5 * MIN);
      const soon = await meet(brand.id, now + 8 * MIN);
      const lingering = await meet(brand.id, now - 80 * MIN);
      // Not open: tomorrow, and ended 40 minutes ago.
      await meet(brand.id, now + 24 * 60 * MIN);
      await meet(brand.id, now - 100 * MIN);
      // The member was in a room of a franchise they have left since.
      const left = await meet(formerBrand.id, now - 5 * MIN);
      await db.insert(meetingPresence).values({
        meetingId: left,
        connectionId: 'c1',
        userId: member.user.id,
        side: 'franchise',
        joinedAt: new Date(now - 4 * MIN),
        lastSeenAt: new Date(now - MIN),
      });
      // Someone else's meeting, open now.
      const other = await server.signUp('consultant');
      await meet(formerBrand.id, now - 5 * MIN, other.user.id);

      const asked: { room: string; body: unknown }[] = [];
      const rooms: RequestListener = (req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          asked.push({
            room: decodeURIComponent(req.url?.split('/').pop() ?? ''),
            body: JSON.parse(body),
          });
          res.end(JSON.stringify({ closed: 1 }));
        });
      };
      await withRooms(
        rooms,
        async (publisher) => {
          await publisher.disconnectUser(member.user.id);
          expect(asked.map((a) => a.room).sort()).toEqual(
            [
              `user-${member.user.id}`,
              ...[running, soon, lingering, left].map((id) => `meeting-${id}`),
            ].sort(),
          );
          expect(new Set(asked.map((a) => JSON.stringify(a.body)))).toEqual(
            new Set([JSON.stringify({ type: 'disconnect', userId: member.user.id })]),
          );
          asked.length = 0;
          // The consultant's: the former franchise's meeting is theirs too.
          await publisher.disconnectUser(consultant.user.id);
          expect(asked.map((a) => a.room).sort()).toEqual(
            [
              `user-${consultant.user.id}`,
              ...[running, soon, lingering, left].map((id) => `meeting-${id}`),
            ].sort(),
          );
        },
        { db },
      );
    } finally {
      await server.close();
    }
  });
});
