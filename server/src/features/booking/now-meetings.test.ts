import type { Session, SessionList } from '@fm/sdk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMeeting } from '../../payments/test-fixtures.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { recordPresence } from '../meeting-room/presence-log.ts';
import { hourMeeting } from '../meeting-room/test-fixtures.ts';

/**
 * Rule 20: a "now" meeting (live, its room open, not ended) leads every list it belongs to, marked
 * `roomOpen`, with whether the other side is in its room at this moment.
 */

const T0 = new Date('2026-03-09T15:00:00Z');
const MINUTE = 60_000;
let clock = T0;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

async function list(token: string, query: string): Promise<Session[]> {
  const res = await server.fetch(`/api/session?${query}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as SessionList).sessions;
}
const brief = (s: Session) => `${s.start.slice(11, 16)} ${s.status} ${s.roomOpen ? 'now' : '-'}`;

describe('now meetings in the meeting lists', () => {
  it('lead each tab, only from the room opening to the end, with the other side live', async () => {
    // An hour from 14:30 (running at 15:00), plus a meeting tomorrow and one yesterday.
    const { consultant, franchisor, meeting } = await hourMeeting(
      server,
      new Date(T0.getTime() - 30 * MINUTE),
    );
    const db = server.container.db;
    const pair = {
      consultantId: consultant.id,
      franchisorId: franchisor.id,
      franchiseId: franchisor.franchiseId,
      durationMinutes: 60,
      rateCents: 5_000,
    };
    await insertMeeting(db, { ...pair, startAt: new Date(T0.getTime() + 24 * 60 * MINUTE) });
    await insertMeeting(db, { ...pair, startAt: new Date(T0.getTime() - 24 * 60 * MINUTE) });
    // One starting in 5 minutes: its room is open too.
    const soon = await insertMeeting(db, { ...pair, startAt: new Date(T0.getTime() + 5 * MINUTE) });

    clock = T0;
    expect((await list(franchisor.token, '')).map(brief)).toEqual([
      '15:05 future now',
      '14:30 pending now',
      '15:00 future -',
      '15:00 pending -',
    ]);
    expect((await list(franchisor.token, 'status=pending')).map(brief)).toEqual([
      '14:30 pending now',
      '15:00 pending -',
    ]);
    expect((await list(consultant.token, 'status=future')).map(brief)).toEqual([
      '15:05 future now',
      '15:00 future -',
    ]);
    expect((await list(consultant.token, 'roomOpen=true')).map((s) => s.id).sort()).toEqual(
      [meeting.id, soon.id].sort(),
    );

    // Nobody in the room: neither side sees the other present.
    expect((await list(franchisor.token, 'roomOpen=true')).map((s) => s.otherSidePresent)).toEqual([
      false,
      false,
    ]);
    // The consultant joins the running one: the franchisor sees them; the consultant does not
    // see themself as the other side.
    await recordPresence(
      db,
      meeting.id,
      [
        {
          kind: 'join',
          connectionId: crypto.randomUUID(),
          userId: consultant.id,
          at: T0.getTime(),
        },
      ],
      server.container.logger,
    );
    const seen = await list(franchisor.token, 'roomOpen=true');
    expect(seen.find((s) => s.id === meeting.id)?.otherSidePresent).toBe(true);
    expect(seen.find((s) => s.id === soon.id)?.otherSidePresent).toBe(false);
    expect(
      (await list(consultant.token, 'roomOpen=true')).find((s) => s.id === meeting.id)
        ?.otherSidePresent,
    ).toBe(false);
    const one = await server.fetch(`/api/session/${meeting.id}`, { token: franchisor.token });
    expect(await one.json()).toMatchObject({ roomOpen: true, otherSidePresent: true });
    // Not heard from for longer than the heartbeat timeout: gone.
    clock = new Date(T0.getTime() + MINUTE);
    expect(
      (await list(franchisor.token, 'roomOpen=true')).find((s) => s.id === meeting.id)
        ?.otherSidePresent,
    ).toBe(false);

    // At the running one's end it is no longer "now" (its room stays open for the late ones).
    clock = new Date(T0.getTime() + 30 * MINUTE);
    expect((await list(franchisor.token, 'roomOpen=true')).map((s) => s.id)).toEqual([soon.id]);
    expect((await list(franchisor.token, 'status=pending')).map(brief)).toEqual([
      '15:05 pending now',
      '14:30 pending -',
      '15:00 pending -',
    ]);
  });
});
