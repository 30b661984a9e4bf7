import {
  type RealtimeServerMessage,
  RealtimeServerMessageSchema,
  userRoomId,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import WebSocket from 'ws';
import { percentile } from './forked-api.ts';
import type { Measurement } from './measurement.ts';
import { startRealtimeStack } from './realtime-stack.ts';

/**
 * RT1: a message posted through the API reaches the other participant's socket. The real
 * API in its own process over a fresh database, the real rooms under `wrangler dev`, 100 chats
 * between 100 subscribed franchisors and 100 consultants, every one of the 200 users with an open
 * socket to their user room; franchisors post 50 messages a second for BENCH_REALTIME_SECONDS
 * (default 10), round robin. The latency of one message is from just before its POST to the
 * `receiveMessage` frame on the recipient's socket.
 */

const PAIRS = 100;
const RATE = 50;
const SECONDS = Number(process.env.BENCH_REALTIME_SECONDS ?? 10);
const AIM_P99_MS = 100;

interface User {
  id: string;
  token: string;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    }),
  );
  return results;
}

export const rt1Realtime: Measurement = {
  id: 'RT1',
  title: 'chat message from the API to the other participant’s socket (200 sockets, 50 msg/s)',
  async run(ctx) {
    const { partyPort, call, signUp: signUpAs, stop } = await startRealtimeStack('rt');
    const sockets: WebSocket[] = [];
    try {
      const signUp = (role: 'franchisor' | 'consultant', i: number): Promise<User> =>
        signUpAs(role, `rt-${role}-${i}@bench.example`, `${role} ${i}`);

      ctx.log(`RT1: ${PAIRS} franchisors and ${PAIRS} consultants, subscribed, with a chat each`);
      const indexes = Array.from({ length: PAIRS }, (_, i) => i);
      const franchisors = await pool(indexes, 8, async (i) => {
        const user = await signUp('franchisor', i);
        // Messaging needs an active subscription (rule 11).
        await call('users/payment-method', user.token, { paymentMethodId: 'pm_card_visa' });
        await call('users/subscribe', user.token, {});
        return user;
      });
      const consultants = await pool(indexes, 8, (i) => signUp('consultant', i));
      const chats = await pool(indexes, 8, async (i) => {
        const chat = await call('chats', franchisors[i]?.token ?? '', {
          participants: [consultants[i]?.id],
        });
        return String(chat.id);
      });

      // Every user's socket to their own room, admitted with a ticket.
      const arrivals = new Map<string, number>();
      const connect = async (user: User) => {
        const room = userRoomId(user.id);
        const { ticket } = (await call('realtime/ticket', user.token, { room })) as {
          ticket: string;
        };
        const socket = new WebSocket(
          `ws://127.0.0.1:${partyPort}/parties/rooms/${room}?ticket=${encodeURIComponent(ticket)}`,
        );
        socket.on('message', (data) => {
          const at = performance.now();
          const parsed = v.safeParse(RealtimeServerMessageSchema, JSON.parse(String(data)));
          if (!parsed.success) return;
          const frame: RealtimeServerMessage = parsed.output;
          if (frame.type === 'receiveMessage' && frame.message.senderId !== user.id) {
            arrivals.set(frame.message.text, at);
          }
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
          socket.once('unexpected-response', (_req, res) =>
            reject(new Error(`socket refused: ${res.statusCode}`)),
          );
        });
        sockets.push(socket);
      };
      await pool([...franchisors, ...consultants], 8, connect);
      ctx.log(`RT1: ${sockets.length} sockets open; ${RATE} messages a second for ${SECONDS} s`);

      const total = RATE * SECONDS;
      const sentAt = new Map<string, number>();
      const failures: string[] = [];
      const started = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let n = 0; n < total; n += 1) {
        const due = started + (n * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const pair = n % PAIRS;
        const text = `rt1-${n}`;
        sentAt.set(text, performance.now());
        inFlight.push(
          call(`chats/${chats[pair]}/messages`, franchisors[pair]?.token ?? '', { text }).then(
            () => {},
            (error: unknown) => {
              failures.push(String(error));
            },
          ),
        );
      }
      await Promise.all(inFlight);
      // Stragglers get a second to arrive; anything later counts as lost.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const elapsedS = (performance.now() - started) / 1000;

      const latencies: number[] = [];
      let lost = 0;
      for (const [text, at] of sentAt) {
        const arrived = arrivals.get(text);
        if (arrived === undefined) lost += 1;
        else latencies.push(arrived - at);
      }
      latencies.sort((a, b) => a - b);
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      return {
        aims: [
          {
            id: 'RT1',
            label: 'message API → other participant’s socket, p99 (200 sockets, 50 msg/s)',
            measured: lost + failures.length > 0 ? Number.POSITIVE_INFINITY : p99,
            aim: AIM_P99_MS,
            kind: 'max',
            unit: 'ms',
            detail: `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${latencies.length} messages; ${lost} lost, ${failures.length} failed`,
          },
        ],
        rows: [
          {
            scenario: 'chat message API → socket (200 sockets)',
            clients: `${RATE}/s`,
            p50,
            p99,
            rps: total / elapsedS,
            errors: lost + failures.length,
          },
        ],
        notes:
          failures.length > 0
            ? [`RT1: ${failures.length} posts failed, e.g. ${failures[0]?.slice(0, 200)}`]
            : [],
      };
    } finally {
      for (const socket of sockets) socket.terminate();
      await stop();
    }
  },
};
