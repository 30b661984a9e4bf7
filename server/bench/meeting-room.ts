import {
  type MeetingServerFrame,
  MeetingServerFrameSchema,
  meetingRoomId,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright';
import * as v from 'valibot';
import WebSocket from 'ws';
import { meeting, user } from '../src/db/schema/index.ts';
import { percentile } from './forked-api.ts';
import type { Measurement, Row } from './measurement.ts';
import { startRealtimeStack } from './realtime-stack.ts';

/**
 * MR1, MR2 (rule 16): the meeting room. The real API in its own process over a fresh
 * database, the real rooms under `wrangler dev`, a meeting running now.
 * - MR1: time from both sides joining to a connected call, in Debian's Chromium with a fake camera
 *   and microphone — two pages, each with its signalling socket to `meeting-{id}` (tickets from the
 *   API) and the widget's protocol (the newcomer offers, the other answers, ICE candidates relayed);
 *   from the second socket's open to both `RTCPeerConnection`s `connected`, over BENCH_MEETING_JOINS
 *   (default 20) fresh joins.
 * - MR2: signalling round trip: a signal frame from one participant through the room to the
 *   other and straight back (what each offer/answer and candidate costs), 300 times, sockets from
 *   Node.
 */

const JOINS = Number(process.env.BENCH_MEETING_JOINS ?? 20);
const ROUND_TRIPS = 300;
const AIM_CONNECT_P99_MS = 3_000;
const AIM_SIGNAL_P99_MS = 50;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One side of the call in a page, as a string (the TypeScript loader would wrap a function in
 * helpers the page does not have). `window.__join(url)` resolves with the epoch ms of the socket's
 * open and of the connection's `connected`.
 */
const PAGE_SCRIPT = `
  window.__join = async (url) => {
    const media = window.__media || (window.__media = await navigator.mediaDevices.getUserMedia({ audio: true, video: true }));
    return await new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const pcs = new Map();
      let openedAt = 0;
      const send = (frame) => ws.send(JSON.stringify(frame));
      const peer = (id) => {
        if (pcs.has(id)) return pcs.get(id);
        const pc = new RTCPeerConnection({ iceServers: [] });
        for (const track of media.getTracks()) pc.addTrack(track, media);
        pc.onicecandidate = (e) => { if (e.candidate) send({ type: 'signal', to: id, candidate: e.candidate.toJSON() }); };
        pc.onconnectionstatechange = () => {
          if (pc.connectionState === 'connected') {
            window.__last = { ws, pcs };
            resolve({ openedAt, connectedAt: Date.now() });
          }
          if (pc.connectionState === 'failed') reject(new Error('ICE failed'));
        };
        pcs.set(id, pc);
        return pc;
      };
      ws.onopen = () => { openedAt = Date.now(); };
      ws.onerror = () => reject(new Error('socket error'));
      ws.onmessage = async (event) => {
        const f = JSON.parse(event.data);
        if (f.type === 'welcome') {
          for (const p of f.peers) {
            const pc = peer(p.connectionId);
            const offer = await pc.createOffer();
            await pc.setLocalDescription(offer);
            send({ type: 'signal', to: p.connectionId, description: { type: 'offer', sdp: offer.sdp } });
          }
        } else if (f.type === 'signal') {
          const pc = peer(f.from);
          if (f.description) {
            await pc.setRemoteDescription(f.description);
            if (f.description.type === 'offer') {
              const answer = await pc.createAnswer();
              await pc.setLocalDescription(answer);
              send({ type: 'signal', to: f.from, description: { type: 'answer', sdp: answer.sdp } });
            }
          }
          if (f.candidate) await pc.addIceCandidate(f.candidate).catch(() => {});
        }
      };
    });
  };
  window.__leave = () => {
    const last = window.__last;
    if (!last) return;
    for (const pc of last.pcs.values()) pc.close();
    last.ws.close();
    window.__last = null;
  };
`;

export const mrMeetingRoom: Measurement = {
  id: 'MR',
  title: 'meeting room: both sides joined → connected call (Chromium), signalling round trip',
  async run(ctx) {
    const { database, partyPort, call, signUp: signUpAs, stop } = await startRealtimeStack('mr');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--allow-loopback-in-peer-connection',
      ],
    });
    const sockets: WebSocket[] = [];
    try {
      const signUp = (role: 'franchisor' | 'consultant') =>
        signUpAs(role, `mr-${role}@bench.example`, role);
      const consultant = await signUp('consultant');
      const franchisor = await signUp('franchisor');
      const [booker] = await database.db
        .select({ franchiseId: user.franchiseId })
        .from(user)
        .where(eq(user.id, franchisor.id));
      const meetingId = crypto.randomUUID();
      const startAt = new Date(Date.now() - 5 * 60_000);
      await database.db.insert(meeting).values({
        id: meetingId,
        consultantId: consultant.id,
        franchisorId: franchisor.id,
        franchiseId: booker?.franchiseId ?? null,
        startAt,
        endAt: new Date(startAt.getTime() + 60 * 60_000),
        timeZone: 'America/New_York',
        durationMinutes: 60,
        rateCents: 5_000,
      });
      const room = meetingRoomId(meetingId);
      const roomUrl = async (token: string) => {
        const { ticket } = (await call('realtime/ticket', token, { room })) as { ticket: string };
        return `ws://127.0.0.1:${partyPort}/parties/rooms/${room}?ticket=${encodeURIComponent(ticket)}`;
      };

      // MR2: signal frames through the room and back, from Node.
      const open = async (token: string) => {
        const socket = new WebSocket(await roomUrl(token));
        const frames: MeetingServerFrame[] = [];
        const waiters: (() => void)[] = [];
        socket.on('message', (data) => {
          const parsed = v.safeParse(MeetingServerFrameSchema, JSON.parse(String(data)));
          if (!parsed.success) return;
          frames.push(parsed.output);
          for (const wake of waiters.splice(0)) wake();
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        sockets.push(socket);
        const next = async (type: MeetingServerFrame['type']) => {
          for (;;) {
            const i = frames.findIndex((f) => f.type === type);
            if (i >= 0) return frames.splice(i, 1)[0] as MeetingServerFrame;
            await new Promise<void>((wake) => waiters.push(wake));
          }
        };
        return { socket, next };
      };
      const a = await open(consultant.token);
      const aWelcome = await a.next('welcome');
      const b = await open(franchisor.token);
      const bWelcome = await b.next('welcome');
      if (aWelcome.type !== 'welcome' || bWelcome.type !== 'welcome') throw new Error('no welcome');
      // B echoes every signal straight back to its sender.
      b.socket.on('message', (data) => {
        const f = JSON.parse(String(data)) as { type: string; from?: string; candidate?: unknown };
        if (f.type === 'signal' && f.from) {
          b.socket.send(JSON.stringify({ type: 'signal', to: f.from, candidate: f.candidate }));
        }
      });
      const trips: number[] = [];
      const candidate = {
        candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
        sdpMid: '0',
      };
      for (let i = 0; i < ROUND_TRIPS; i++) {
        const started = performance.now();
        a.socket.send(JSON.stringify({ type: 'signal', to: bWelcome.self, candidate }));
        await a.next('signal');
        trips.push(performance.now() - started);
      }
      for (const s of sockets.splice(0)) s.close();
      trips.sort((x, y) => x - y);

      // MR1: repeated joins in Chromium.
      ctx.log(`MR1: ${JOINS} joins of two Chromium pages with fake cameras`);
      const origin = await browser.newContext();
      const pageA = await origin.newPage();
      const pageB = await (await browser.newContext()).newPage();
      for (const page of [pageA, pageB]) {
        // A page of the rooms' origin (no CSP; 127.0.0.1 is a secure context, so getUserMedia works).
        await page.goto(`http://127.0.0.1:${partyPort}/`);
        await page.evaluate(PAGE_SCRIPT);
      }
      const connects: number[] = [];
      const failures: string[] = [];
      for (let i = 0; i < JOINS; i++) {
        try {
          const urlA = await roomUrl(consultant.token);
          const urlB = await roomUrl(franchisor.token);
          const first = pageA.evaluate(
            (url) =>
              (
                window as never as {
                  __join(u: string): Promise<{ openedAt: number; connectedAt: number }>;
                }
              ).__join(url),
            urlA,
          );
          // Settled at once so that a failure of the first side is never unhandled.
          const settled = first.then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          );
          // The first side is in the room before the second joins.
          await new Promise((resolve) => setTimeout(resolve, 150));
          const second = await pageB.evaluate(
            (url) =>
              (
                window as never as {
                  __join(u: string): Promise<{ openedAt: number; connectedAt: number }>;
                }
              ).__join(url),
            urlB,
          );
          const done = await settled;
          if (!done.ok) throw done.error;
          const firstDone = done.value;
          connects.push(Math.max(second.connectedAt, firstDone.connectedAt) - second.openedAt);
        } catch (error) {
          failures.push(String(error));
        }
        for (const page of [pageA, pageB]) {
          await page.evaluate(() => (window as never as { __leave(): void }).__leave());
        }
        // The room tells the other side before the next join.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      connects.sort((x, y) => x - y);

      const rows: Row[] = [
        {
          scenario: 'meeting room: both joined → call connected (Chromium)',
          clients: 2,
          p50: percentile(connects, 50),
          p99: percentile(connects, 99),
          errors: failures.length,
        },
        {
          scenario: 'meeting room: signal through the room and back',
          clients: 2,
          p50: percentile(trips, 50),
          p99: percentile(trips, 99),
          errors: 0,
        },
      ];
      return {
        aims: [
          {
            id: 'MR1',
            label: 'meeting room: both sides joined → connected call, p99 (Chromium, fake media)',
            measured: failures.length > 0 ? Number.POSITIVE_INFINITY : percentile(connects, 99),
            aim: AIM_CONNECT_P99_MS,
            kind: 'max',
            unit: 'ms',
            detail: `p50 ${percentile(connects, 50).toFixed(0)} ms, p99 ${percentile(connects, 99).toFixed(0)} ms over ${connects.length} joins; ${failures.length} failed`,
          },
          {
            id: 'MR2',
            label: 'meeting room: signalling round trip through the room, p99',
            measured: percentile(trips, 99),
            aim: AIM_SIGNAL_P99_MS,
            kind: 'max',
            unit: 'ms',
            detail: `p50 ${percentile(trips, 50).toFixed(2)} ms, p99 ${percentile(trips, 99).toFixed(2)} ms over ${trips.length} round trips`,
          },
        ],
        rows,
        notes:
          failures.length > 0 ? [`MR1: ${failures.length} joins failed, e.g. ${failures[0]}`] : [],
      };
    } finally {
      for (const s of sockets) s.terminate();
      await browser.close();
      await stop();
    }
  },
};
