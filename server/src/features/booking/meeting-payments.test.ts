import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppEnv, createSessionMiddleware } from '../../auth/session.ts';
import { meeting, meetingSlot, notification } from '../../db/schema/index.ts';
import { AppError, errorResponse, toAppError } from '../../http/errors.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { MeetingPayments } from './meeting-payments.ts';
import { bookingRoutes } from './routes.ts';
import { json, makeConsultant, makeFranchisor, OFFICE_HOURS } from './test-fixtures.ts';

/** The payments seam (rule 10): hooks run inside each change's transaction; a throw undoes it all. */

let clock = new Date('2026-03-02T12:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

/** The session routes wired with a given payments implementation, behind the real middleware. */
function appWith(payments: MeetingPayments) {
  const { db, env, mailer, logger, auth, refreshTokens } = server.container;
  const routes = bookingRoutes({ db, env, mailer, logger, now: () => clock, payments });
  const app = new Hono<AppEnv>()
    .use('*', createSessionMiddleware({ db, auth, refreshTokens, now: () => clock }))
    .route('/api/session', routes.session);
  app.onError((error, c) => errorResponse(c, toAppError(error, logger)));
  return app;
}

const calls: string[] = [];
const recording = (overrides: Partial<MeetingPayments> = {}): MeetingPayments => ({
  async prepareBooked(m) {
    calls.push(`prepared ${m.durationMinutes} ${m.rateCents}`);
    return { meetingId: m.id, abandon: async () => {} };
  },
  bookedStatements(m, ctx) {
    calls.push(`booked ${m.status} ${m.rateCents} ${ctx.prepared.meetingId === m.id}`);
    // Its statements commit or roll back with the booking.
    return [
      server.container.db
        .insert(notification)
        .values({ userId: m.franchisorId, type: 'hold', message: 'held' }),
    ];
  },
  async onCancelled(m, ctx) {
    const still = await ctx.tx.select().from(meeting).where(eq(meeting.id, m.id));
    calls.push(`cancelled ${still.length}`);
  },
  async onDeclined(m) {
    calls.push(`declined ${m.status}`);
  },
  async onCompleted(m) {
    calls.push(`completed ${m.status}`);
  },
  ...overrides,
});

const body = (consultantId: string) =>
  json({
    consultantId,
    start: '2026-03-03T15:00:00.000Z',
    end: '2026-03-03T15:30:00.000Z',
    timeZone: 'America/New_York',
  });

/** `POST /api/session` for the consultant's fixed slot, through the given app. */
const bookThrough = (app: ReturnType<typeof appWith>, token: string, consultantId: string) =>
  app.request('/api/session', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body(consultantId),
  });

describe('the payments seam', () => {
  it('a payment record that fails rolls back the meeting, its cells and the notification', async () => {
    const consultant = await makeConsultant(server, { settings: { weeklyHours: OFFICE_HOURS } });
    const franchisor = await makeFranchisor(server);
    const db = server.container.db;
    const app = appWith(
      recording({
        bookedStatements: () => [
          db.insert(notification).values({ userId: franchisor.id, type: 'hold', message: 'held' }),
          // Runs after the meeting, its cells and the notice were written in the batch.
          db.run(sql`select json('not json')`),
        ],
      }),
    );
    const res = await bookThrough(app, franchisor.token, consultant.id);
    expect(res.status).toBe(500);
    expect(await db.select().from(meeting).where(eq(meeting.consultantId, consultant.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(meetingSlot).where(eq(meetingSlot.consultantId, consultant.id)),
    ).toEqual([]);
    expect(
      await db.select().from(notification).where(eq(notification.userId, consultant.id)),
    ).toEqual([]);
    expect(
      await db.select().from(notification).where(eq(notification.userId, franchisor.id)),
    ).toEqual([]);
  });

  it('calls each hook with the stored meeting inside its change', async () => {
    calls.length = 0;
    const consultant = await makeConsultant(server, {
      rateCents: 7_500,
      settings: { weeklyHours: OFFICE_HOURS },
    });
    const franchisor = await makeFranchisor(server);
    const app = appWith(recording());
    const headers = (token: string) => ({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    const created = await app.request('/api/session', {
      method: 'POST',
      headers: headers(franchisor.token),
      body: body(consultant.id),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const held = await server.container.db
      .select()
      .from(notification)
      .where(eq(notification.type, 'hold'));
    expect(held.map((n) => n.userId)).toContain(franchisor.id);
    const deleted = await app.request(`/api/session/${id}`, {
      method: 'DELETE',
      headers: headers(franchisor.token),
    });
    expect(deleted.status).toBe(200);
    const bookAgain = async () => {
      const res = await app.request('/api/session', {
        method: 'POST',
        headers: headers(franchisor.token),
        body: body(consultant.id),
      });
      return ((await res.json()) as { id: string }).id;
    };
    const patch = (meetingId: string, status: string) =>
      app.request(`/api/session/${meetingId}`, {
        method: 'PATCH',
        headers: headers(consultant.token),
        body: json({ status }),
      });
    expect((await patch(await bookAgain(), 'declined')).status).toBe(200);
    const last = await bookAgain();
    const saved = clock;
    clock = new Date('2026-03-03T15:05:00Z');
    try {
      expect((await patch(last, 'completed')).status).toBe(200);
    } finally {
      clock = saved;
    }
    expect(calls).toEqual([
      'prepared 30 7500',
      'booked future 7500 true',
      'cancelled 1',
      'prepared 30 7500',
      'booked future 7500 true',
      'declined declined',
      'prepared 30 7500',
      'booked future 7500 true',
      'completed completed',
    ]);
  });

  it('asks the provider before the transaction: a refusal there writes nothing and books nothing', async () => {
    calls.length = 0;
    const consultant = await makeConsultant(server, { settings: { weeklyHours: OFFICE_HOURS } });
    const franchisor = await makeFranchisor(server);
    const app = appWith(
      recording({
        async prepareBooked() {
          calls.push('declined by the provider');
          throw new AppError('PAYMENT_DECLINED');
        },
      }),
    );
    const res = await bookThrough(app, franchisor.token, consultant.id);
    expect(res.status).toBe(402);
    expect(calls).toEqual(['declined by the provider']);
    expect(
      await server.container.db
        .select()
        .from(meeting)
        .where(eq(meeting.consultantId, consultant.id)),
    ).toEqual([]);
  });

  it('refuses a slot taken before the request with 409 without asking the provider', async () => {
    calls.length = 0;
    const consultant = await makeConsultant(server, { settings: { weeklyHours: OFFICE_HOURS } });
    const [first, second] = [await makeFranchisor(server), await makeFranchisor(server)];
    const app = appWith(recording());
    expect((await bookThrough(app, first.token, consultant.id)).status).toBe(201);
    const refused = await bookThrough(app, second.token, consultant.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'SLOT_TAKEN' });
    // Refused before the provider (and the write lock): only the winner was prepared.
    expect(calls.filter((c) => c.startsWith('prepared'))).toHaveLength(1);
  });

  it('in one process, a booking racing for a time in flight waits and is refused without asking the provider', async () => {
    calls.length = 0;
    const consultant = await makeConsultant(server, { settings: { weeklyHours: OFFICE_HOURS } });
    const franchisors = [await makeFranchisor(server), await makeFranchisor(server)];
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const app = appWith(
      recording({
        async prepareBooked(m) {
          calls.push(`prepared ${m.durationMinutes} ${m.rateCents}`);
          // The first booking stays in flight until the second has arrived and is waiting.
          await held;
          return { meetingId: m.id, abandon: async () => void calls.push('abandoned') };
        },
      }),
    );
    const first = bookThrough(app, franchisors[0]?.token ?? '', consultant.id);
    while (calls.length === 0) await new Promise((r) => setTimeout(r, 5));
    const second = bookThrough(app, franchisors[1]?.token ?? '', consultant.id);
    await new Promise((r) => setTimeout(r, 50));
    letGo();
    const statuses = [(await first).status, (await second).status];
    expect(statuses).toEqual([201, 409]);
    expect(calls.filter((c) => c.startsWith('prepared'))).toHaveLength(1);
    expect(calls).not.toContain('abandoned');
  });

  it('gives the prepared hold back when the slot was taken meanwhile (two API processes)', async () => {
    calls.length = 0;
    const consultant = await makeConsultant(server, { settings: { weeklyHours: OFFICE_HOURS } });
    const franchisors = [await makeFranchisor(server), await makeFranchisor(server)];
    // Both requests pass the availability check and are prepared before either transaction runs:
    // each comes through its own app (as through two processes over one database).
    let arrived = 0;
    let release = () => {};
    const bothPrepared = new Promise<void>((resolve) => {
      release = resolve;
    });
    const payments = recording({
      async prepareBooked(m) {
        calls.push(`prepared ${m.durationMinutes} ${m.rateCents}`);
        arrived += 1;
        if (arrived === 2) release();
        await bothPrepared;
        return {
          meetingId: m.id,
          abandon: async () => {
            calls.push('abandoned');
          },
        };
      },
    });
    const statuses = await Promise.all(
      franchisors.map(
        async (f) => (await bookThrough(appWith(payments), f.token, consultant.id)).status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409]);
    expect(calls.filter((c) => c.startsWith('prepared'))).toEqual([
      'prepared 30 5000',
      'prepared 30 5000',
    ]);
    // Both built their records; only the winner's were written, with its meeting.
    expect(calls.filter((c) => c.startsWith('booked'))).toEqual([
      'booked future 5000 true',
      'booked future 5000 true',
    ]);
    const held = await server.container.db
      .select({ userId: notification.userId })
      .from(notification)
      .where(
        and(
          eq(notification.type, 'hold'),
          inArray(
            notification.userId,
            franchisors.map((f) => f.id),
          ),
        ),
      );
    const winner = franchisors[statuses.indexOf(201)];
    expect(held).toEqual([{ userId: winner?.id }]);
    expect(calls.filter((c) => c === 'abandoned')).toHaveLength(1);
  });
});
