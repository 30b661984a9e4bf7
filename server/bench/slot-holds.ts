import { freePort, startParty } from '@fm/party/testing';
import {
  REALTIME_PARTY,
  SLOT_HOLDS,
  type SlotHold,
  SlotHoldsServerFrameSchema,
  slotHoldsRoomId,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import WebSocket from 'ws';
import { percentile } from './forked-api.ts';
import type { Measurement } from './measurement.ts';

/**
 * SH1 (rule 20): a slot hold's fan-out. The real rooms under `wrangler dev` (no API: holds never
 * reach it), 50 signed-out sockets watching one consultant's `slots-{id}` room as 50 open booking
 * modals would, and one booker whose selection moves between two slots, ROUNDS times (no faster
 * than the room allows); each change is timed from the hold frame sent to the hold set seen by
 * every watcher.
 */

const WATCHERS = 50;
const ROUNDS = 40;
const AIM_P99_MS = 200;
const WAIT_MS = 10_000;
/**
 * The least time between two of the booker's changes: the room refuses a socket's changes beyond
 * `SLOT_HOLDS.maxChangesPerSecond` (rule 20), and a refused change would be a round no watcher sees.
 */
const CHANGE_GAP_MS = 1_000 / SLOT_HOLDS.maxChangesPerSecond + 10;
const SLOTS = [
  { start: '2026-03-09T09:00:00.000Z', end: '2026-03-09T09:30:00.000Z' },
  { start: '2026-03-09T10:00:00.000Z', end: '2026-03-09T10:30:00.000Z' },
] as const;

/** A socket of the room that calls `seen` with every hold set it is told (validated). */
async function watcher(url: string, seen: (holds: SlotHold[]) => void): Promise<WebSocket> {
  const socket = new WebSocket(url);
  socket.on('message', (data) => {
    const parsed = v.safeParse(SlotHoldsServerFrameSchema, JSON.parse(String(data)));
    if (parsed.success && parsed.output.type === 'holds') seen(parsed.output.holds);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

export const shSlotHolds: Measurement = {
  id: 'SH',
  title: `slot holds: a hold seen by ${WATCHERS} watching booking modals`,
  async run(ctx) {
    const party = await startParty({
      apiUrl: 'http://127.0.0.1:9',
      secret: `bench-slot-holds-${crypto.randomUUID()}`,
      port: await freePort(),
    });
    const sockets: WebSocket[] = [];
    try {
      const room = slotHoldsRoomId(`bench${crypto.randomUUID()}`);
      const url = `${party.url.replace(/^http/, 'ws')}/parties/${REALTIME_PARTY}/${room}`;
      // The start of the slot each watcher last saw held, and when.
      let expected = '';
      let sentAt = 0;
      let waiting = 0;
      let wake = () => {};
      const delays: number[] = [];
      for (let i = 0; i < WATCHERS; i++) {
        sockets.push(
          await watcher(url, (holds) => {
            if (waiting === 0 || holds[0]?.start !== expected) return;
            delays.push(performance.now() - sentAt);
            waiting -= 1;
            if (waiting === 0) wake();
          }),
        );
      }
      const booker = await watcher(url, () => {});
      sockets.push(booker);
      ctx.log(`SH1: ${WATCHERS} watchers, ${ROUNDS} selection changes`);
      let lost = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const slot = SLOTS[round % 2] ?? SLOTS[0];
        expected = slot.start;
        waiting = WATCHERS;
        const all = new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, WAIT_MS);
        });
        const gap = sentAt + CHANGE_GAP_MS - performance.now();
        if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
        sentAt = performance.now();
        booker.send(JSON.stringify({ type: 'hold', holderId: 'bench-booker', ...slot }));
        await all;
        lost += waiting;
        waiting = 0;
      }
      delays.sort((a, b) => a - b);
      const p99 = lost > 0 ? Number.POSITIVE_INFINITY : percentile(delays, 99);
      return {
        aims: [
          {
            id: 'SH1',
            label: `slot holds: hold sent → seen by ${WATCHERS} watching modals, p99`,
            measured: p99,
            aim: AIM_P99_MS,
            kind: 'max',
            unit: 'ms',
            detail: `p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms over ${delays.length} deliveries; ${lost} not seen`,
          },
        ],
        rows: [
          {
            scenario: 'slot hold → every watching modal',
            clients: WATCHERS + 1,
            p50: percentile(delays, 50),
            p99: percentile(delays, 99),
            errors: lost,
          },
        ],
      };
    } finally {
      for (const s of sockets) s.terminate();
      await party.stop();
    }
  },
};
