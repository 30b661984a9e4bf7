import {
  REALTIME_PARTY,
  SLOT_HOLDS,
  type SlotHoldsServerFrame,
  SlotHoldsServerFrameSchema,
  slotHoldsRoomId,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningParty, startParty } from '../testing/start-party.ts';

/**
 * Slot holds against the real rooms under `wrangler dev` (rule 20): signed-out sockets from Node,
 * no API at all (the rooms never ask it about holds), and a hold's idle time shortened to
 * {@link IDLE_MS} so that expiry is seen in seconds.
 */

const IDLE_MS = 1_500;
const WAIT_MS = 10_000;
const NINE = { start: '2026-03-09T09:00:00.000Z', end: '2026-03-09T09:30:00.000Z' };
const TEN = { start: '2026-03-09T10:00:00.000Z', end: '2026-03-09T10:30:00.000Z' };

let party: RunningParty | undefined;

beforeAll(async () => {
  party = await startParty({
    // Nothing here redeems a ticket: slot-holds rooms take none.
    apiUrl: 'http://127.0.0.1:9',
    secret: `test-realtime-secret-${crypto.randomUUID()}`,
    slotHoldIdleMs: IDLE_MS,
  });
}, 60_000);

afterAll(async () => {
  await party?.stop();
});

interface HoldsSocket {
  socket: WebSocket;
  send(frame: unknown): void;
  /** The next frame (validated against the contract) that `match` accepts. */
  next(match: (frame: SlotHoldsServerFrame) => boolean): Promise<SlotHoldsServerFrame>;
  frames: SlotHoldsServerFrame[];
}

function open(consultantId: string): Promise<HoldsSocket> {
  const url = `${party?.url.replace(/^http/, 'ws')}/parties/${REALTIME_PARTY}/${slotHoldsRoomId(consultantId)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const frames: SlotHoldsServerFrame[] = [];
    const waiters = new Set<() => void>();
    socket.on('message', (data) => {
      frames.push(v.parse(SlotHoldsServerFrameSchema, JSON.parse(String(data))));
      for (const wake of waiters) wake();
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`refused ${res.statusCode}`)),
    );
    socket.once('open', () =>
      resolve({
        socket,
        frames,
        send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        async next(match) {
          const deadline = Date.now() + WAIT_MS;
          for (;;) {
            const index = frames.findIndex(match);
            if (index >= 0) return frames.splice(0, index + 1)[index] as SlotHoldsServerFrame;
            if (Date.now() > deadline) throw new Error('no matching frame in time');
            await new Promise<void>((wake) => {
              waiters.add(wake);
              setTimeout(wake, 100);
            });
          }
        },
      }),
    );
  });
}

const holdsOf = (frame: SlotHoldsServerFrame) => (frame.type === 'holds' ? frame.holds : null);
const isHolds = (n: number) => (f: SlotHoldsServerFrame) =>
  f.type === 'holds' && f.holds.length === n;
const isError = (code: string) => (f: SlotHoldsServerFrame) =>
  f.type === 'error' && f.code === code;

describe('slot holds in the real rooms', () => {
  it('shows a hold to another signed-out watcher at once, and ends it on release and on close', async () => {
    const room = `c${crypto.randomUUID()}`;
    const [booker, watcher] = await Promise.all([open(room), open(room)]);
    await watcher.next(isHolds(0));
    const sent = Date.now();
    booker.send({ type: 'hold', holderId: 'modal-booker1', ...NINE });
    const seen = await watcher.next(isHolds(1));
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(holdsOf(seen)).toEqual([{ holderId: 'modal-booker1', ...NINE }]);

    booker.send({ type: 'release', holderId: 'modal-booker1' });
    await watcher.next(isHolds(0));

    booker.send({ type: 'hold', holderId: 'modal-booker1', ...TEN });
    await watcher.next(isHolds(1));
    // A newcomer is told the current set.
    const late = await open(room);
    expect(holdsOf(await late.next((f) => f.type === 'holds'))).toEqual([
      { holderId: 'modal-booker1', ...TEN },
    ]);
    booker.socket.close();
    await watcher.next(isHolds(0));
    watcher.socket.close();
    late.socket.close();
  }, 30_000);

  it('ends a hold nobody refreshes after its idle time, and keeps a refreshed one', async () => {
    const room = `c${crypto.randomUUID()}`;
    const [booker, watcher] = await Promise.all([open(room), open(room)]);
    booker.send({ type: 'hold', holderId: 'modal-idle0001', ...NINE });
    await watcher.next(isHolds(1));
    const held = Date.now();
    // Refreshed halfway: still held past the first idle time.
    await new Promise((r) => setTimeout(r, IDLE_MS / 2));
    booker.send({ type: 'hold', holderId: 'modal-idle0001', ...NINE });
    await watcher.next(isHolds(0));
    expect(Date.now() - held).toBeGreaterThanOrEqual(IDLE_MS * 1.4);
    booker.socket.close();
    watcher.socket.close();
  }, 30_000);

  it('refuses a booker holding too many slots at once, and frames outside the contract', async () => {
    const room = `c${crypto.randomUUID()}`;
    const booker = await open(room);
    await booker.next(isHolds(0));
    for (let i = 0; i < SLOT_HOLDS.maxPerConnection; i++) {
      booker.send({ type: 'hold', holderId: `modal-many000${i}`, ...NINE });
      await booker.next(isHolds(i + 1));
    }
    booker.send({ type: 'hold', holderId: 'modal-toomany0', ...TEN });
    const refused = await booker.next((f) => f.type === 'error');
    expect(refused).toMatchObject({ code: 'SLOT_HOLDS_EXCEEDED' });

    booker.send('not json');
    await booker.next(isError('MALFORMED_BODY'));
    booker.send({ type: 'hold', holderId: 'modal-bad00001', start: 'soon', end: NINE.end });
    await booker.next(isError('VALIDATION_FAILED'));
    booker.send({ type: 'hold', holderId: 'modal-bad00001', ...NINE, userId: 'someone' });
    await booker.next(isError('VALIDATION_FAILED'));
    // Still connected, and nothing new was held.
    booker.send({ type: 'release', holderId: 'modal-many0000' });
    expect(holdsOf(await booker.next((f) => f.type === 'holds'))).toHaveLength(
      SLOT_HOLDS.maxPerConnection - 1,
    );
    booker.socket.close();
  }, 30_000);

  it('refuses a room name that is not a consultant id', async () => {
    const url = `${party?.url.replace(/^http/, 'ws')}/parties/${REALTIME_PARTY}/slots-a.b`;
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(url);
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('error', () => resolve(0));
    });
    expect(status).toBe(403);
  }, 15_000);
});
