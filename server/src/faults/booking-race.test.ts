import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meeting } from '../db/schema/index.ts';
import {
  ALWAYS,
  getSlots,
  makeConsultant,
  makeFranchisor,
} from '../features/booking/test-fixtures.ts';
import { type ApiProcess, spawnApi } from '../testing/api-process.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Rule 8: two API processes on one database, 200 concurrent bookings of one slot per round — identical,
 * overlapping, adjacent inside the consultant's buffer, and of another length — so that every pair
 * clashes: each round exactly one meeting is booked and every other request is refused with 409.
 * The full figure runs in CI (10 rounds, ~12 s on 2 cores); `R1_ROUNDS` and `R1_CONCURRENT` change it.
 */

const CONCURRENT = Number(process.env.R1_CONCURRENT ?? 200);
const ROUNDS = Number(process.env.R1_ROUNDS ?? 10);
const FRANCHISORS = 20;
const BUFFER_MINUTES = 30;
const MINUTE = 60_000;
const ZONE = 'America/New_York';

let setup: TestServer;
const apis: ApiProcess[] = [];

beforeAll(async () => {
  setup = await startTestServer();
  const env = {
    DATABASE_URL: setup.container.env.DATABASE_URL,
    UPLOADS_DIR: setup.container.env.UPLOADS_DIR,
  };
  apis.push(await spawnApi({ env }), await spawnApi({ env }));
  await Promise.all(apis.map((api) => api.healthy()));
}, 90_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await setup.close();
});

/** Clashing requests around a start `t` (epoch ms): every pair overlaps or falls within the buffer. */
function variants(t: number) {
  const at = (minutes: number) => new Date(t + minutes * MINUTE).toISOString();
  return [
    { kind: 'identical', start: at(0), end: at(30) },
    { kind: 'overlapping', start: at(15), end: at(45) },
    { kind: 'adjacent, inside the buffer', start: at(30), end: at(60) },
    { kind: 'apart by 15 minutes, inside the buffer', start: at(45), end: at(75) },
    { kind: 'longer and overlapping', start: at(15), end: at(75) },
  ];
}

/**
 * Every 30-minute slot start offered on `date` (epoch ms), all pages. The first page alone covers
 * only the day's first five hours, which hold one start of the 3-hour grid in summer time (New York
 * at UTC−4): days 2 to 14 ahead hold only 9 weekdays when today is Sunday to Thursday, so 9 rounds.
 */
async function offeredStarts(consultantId: string, date: string): Promise<Set<number>> {
  const offered = new Set<number>();
  let from: string | undefined;
  for (;;) {
    const page = await getSlots(setup, consultantId, {
      date,
      timezone: ZONE,
      duration: '30',
      ...(from ? { from } : {}),
    });
    const slots = page.days.flatMap((d) => d.slots);
    for (const s of slots) offered.add(Date.parse(s.start));
    from = slots.at(-1)?.end;
    if (!page.hasMore || !from) return offered;
  }
}

describe('rule 8: booking one slot from two API processes', () => {
  it(`${CONCURRENT} concurrent clashing bookings × ${ROUNDS} rounds: one meeting per round, every loser 409`, async () => {
    const consultant = await makeConsultant(setup, {
      settings: { weeklyHours: ALWAYS, meetingLengths: [30, 60], bufferMinutes: BUFFER_MINUTES },
    });
    const franchisors = await Promise.all(
      Array.from({ length: FRANCHISORS }, () => makeFranchisor(setup)),
    );
    // Round starts: on the grid of offered 30-minute slots, three hours apart, on the days ahead.
    const starts: number[] = [];
    for (let day = 2; day <= 14 && starts.length < ROUNDS; day++) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const offered = await offeredStarts(consultant.id, date);
      starts.push(
        ...[...offered]
          .filter((t) => [0, 15, 30, 45].every((m) => offered.has(t + m * MINUTE)))
          .filter((t) => new Date(t).getUTCMinutes() === 0 && new Date(t).getUTCHours() % 3 === 0),
      );
    }
    starts.splice(ROUNDS);
    expect(starts, 'enough clashing slot groups on the grid').toHaveLength(ROUNDS);

    for (const [round, t] of starts.entries()) {
      const candidates = variants(t);
      const requests = Array.from({ length: CONCURRENT }, (_, k) => {
        const slot = candidates[k % candidates.length] ?? candidates[0];
        const franchisor = franchisors[k % FRANCHISORS];
        const api = apis[k % apis.length];
        if (!slot || !franchisor || !api) throw new Error('unreachable');
        return fetch(`${api.url}/api/session`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${franchisor.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            consultantId: consultant.id,
            start: slot.start,
            end: slot.end,
            timeZone: ZONE,
          }),
        }).then(async (res) => ({ status: res.status, body: await res.text(), slot }));
      });
      const results = await Promise.all(requests);
      const statuses = new Map<number, number>();
      for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      const unexpected = results.find((r) => r.status !== 201 && r.status !== 409);
      expect(unexpected?.body, `round ${round}: ${JSON.stringify([...statuses])}`).toBeUndefined();
      expect(statuses.get(201), `round ${round}`).toBe(1);
      expect(statuses.get(409), `round ${round}`).toBe(CONCURRENT - 1);
      for (const r of results.filter((x) => x.status === 409)) {
        expect(JSON.parse(r.body)).toMatchObject({ code: 'SLOT_TAKEN' });
      }
    }

    // The database agrees: one live meeting per round, none within the buffer of another.
    const live = await setup.container.db
      .select()
      .from(meeting)
      .where(eq(meeting.consultantId, consultant.id));
    expect(live).toHaveLength(ROUNDS);
    expect(live.every((m) => m.status === 'future')).toBe(true);
    const sorted = live.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
    for (let k = 1; k < sorted.length; k++) {
      const gap = (sorted[k]?.startAt.getTime() ?? 0) - (sorted[k - 1]?.endAt.getTime() ?? 0);
      expect(gap).toBeGreaterThanOrEqual(BUFFER_MINUTES * MINUTE);
    }
  }, 600_000);
});
