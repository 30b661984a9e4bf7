import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookDelivery } from '../../db/schema/index.ts';
import { testServerWorld } from '../../testing/test-world.ts';
import {
  book,
  json,
  makeConsultant,
  makeFranchisor,
  OFFICE_HOURS,
} from '../booking/test-fixtures.ts';
import { queuedFor, queuedOf, subscribe } from './emission-fixtures.ts';

// Rule 21: each meeting change queues its event in its own transaction, for the endpoints of the
// meeting's franchise and consultant that subscribed to it, enabled.
const START = new Date('2026-03-02T12:00:00Z'); // Monday 07:00 in New York
const world = testServerWorld({ start: START });
const db = () => world.server.container.db;

const NY = 'America/New_York';
/** 10:00–10:30 New York on Tuesday 2026-03-03. */
const TEN_AM = '2026-03-03T15:00:00.000Z';
const TEN_THIRTY = '2026-03-03T15:30:00.000Z';
const MEETING_EVENTS = WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith('meeting.'));

/** The franchisor books the consultant 10:00–10:30 New York on Tuesday, through the API. */
const bookTenAm = (franchisor: { token: string }, consultant: { id: string }) =>
  book(world.server, franchisor.token, {
    consultantId: consultant.id,
    start: TEN_AM,
    end: TEN_THIRTY,
    timeZone: NY,
  });

/** A consultant, a franchisor, and the endpoints around them: subscribed or not, theirs or not. */
async function parties(rateCents = 5_000) {
  const consultant = await makeConsultant(world.server, {
    rateCents,
    settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [30, 60] },
    firstName: 'Nora',
  });
  const franchisor = await makeFranchisor(world.server, { company: 'Wave Swim', firstName: 'Ben' });
  const stranger = await makeFranchisor(world.server);
  const otherConsultant = await makeConsultant(world.server);
  const endpoints = {
    franchise: await subscribe(db(), { franchiseId: franchisor.franchiseId }, MEETING_EVENTS),
    consultant: await subscribe(db(), { consultantId: consultant.id }, MEETING_EVENTS),
    disabled: await subscribe(db(), { franchiseId: franchisor.franchiseId }, MEETING_EVENTS, {
      enabled: false,
    }),
    chargesOnly: await subscribe(db(), { franchiseId: franchisor.franchiseId }, [
      'charge.succeeded',
    ]),
    otherFranchise: await subscribe(
      db(),
      { franchiseId: stranger.franchiseId },
      WEBHOOK_EVENT_TYPES,
    ),
    otherConsultant: await subscribe(
      db(),
      { consultantId: otherConsultant.id },
      WEBHOOK_EVENT_TYPES,
    ),
  };
  return { consultant, franchisor, stranger, endpoints };
}

/** What nobody but the two subscribed endpoints may have received. */
async function expectNothingElse(endpoints: Awaited<ReturnType<typeof parties>>['endpoints']) {
  for (const id of [
    endpoints.disabled,
    endpoints.chargesOnly,
    endpoints.otherFranchise,
    endpoints.otherConsultant,
  ]) {
    expect(await queuedFor(db(), id)).toEqual([]);
  }
}

const types = async (endpointId: string): Promise<WebhookEventType[]> =>
  (await queuedFor(db(), endpointId)).map((e) => e.type);

const patch = (token: string, id: string, body: unknown) =>
  world.server.fetch(`/api/session/${id}`, { method: 'PATCH', token, body: json(body) });

describe('meeting events (rule 21)', () => {
  it('a booking through the API queues meeting.booked for the franchise and the consultant', async () => {
    world.now = new Date(START);
    const { consultant, franchisor, endpoints } = await parties(5_000);
    const res = await bookTenAm(franchisor, consultant);
    expect(res.status).toBe(201);
    const [forFranchise] = await queuedOf(db(), endpoints.franchise, 'meeting.booked');
    const [forConsultant] = await queuedOf(db(), endpoints.consultant, 'meeting.booked');
    expect(await types(endpoints.franchise)).toEqual(['meeting.booked']);
    expect(forFranchise?.timestamp).toBe(START.toISOString());
    expect(forFranchise?.data.meeting).toEqual({
      id: res.body.id,
      status: 'future',
      startAt: TEN_AM,
      endAt: TEN_THIRTY,
      durationMinutes: 30,
      timeZone: NY,
      consultant: { id: consultant.id, firstName: 'Nora', lastName: 'consultant' },
      franchisor: { id: franchisor.id, firstName: 'Ben', lastName: 'franchisor' },
      franchise: { id: franchisor.franchiseId, name: 'Wave Swim' },
      // Rule 10: two quarter hours at $50.
      priceCents: 10_000,
      currency: 'usd',
    });
    // One body, two deliveries with their own ids.
    expect(forConsultant?.data).toEqual(forFranchise?.data);
    expect(forConsultant?.deliveryId).not.toBe(forFranchise?.deliveryId);
    await expectNothingElse(endpoints);
  });

  it('a refused booking (the time is taken) queues nothing', async () => {
    world.now = new Date(START);
    const { consultant, franchisor, endpoints } = await parties();
    const first = await bookTenAm(franchisor, consultant);
    expect(first.status).toBe(201);
    const before = await db().select().from(webhookDelivery);
    const again = await bookTenAm(franchisor, consultant);
    expect(again.status).toBe(409);
    expect(await db().select().from(webhookDelivery)).toHaveLength(before.length);
    expect(await types(endpoints.franchise)).toEqual(['meeting.booked']);
  });

  it('declining queues meeting.declined with the status after', async () => {
    world.now = new Date(START);
    const a = await parties();
    const declined = await bookTenAm(a.franchisor, a.consultant);
    expect((await patch(a.consultant.token, declined.body.id, { status: 'declined' })).status).toBe(
      200,
    );
    const [decline] = await queuedOf(db(), a.endpoints.franchise, 'meeting.declined');
    expect(decline?.data.meeting).toMatchObject({
      id: declined.body.id,
      status: 'declined',
      startAt: TEN_AM,
    });
    expect(await types(a.endpoints.consultant)).toEqual(['meeting.booked', 'meeting.declined']);
    await expectNothingElse(a.endpoints);
  });

  it('completing queues meeting.completed once done; refused before the start, nothing', async () => {
    world.now = new Date(START);
    const b = await parties(4_000);
    const held = await bookTenAm(b.franchisor, b.consultant);
    expect((await patch(b.consultant.token, held.body.id, { status: 'completed' })).status).toBe(
      422,
    );
    expect(await types(b.endpoints.franchise)).toEqual(['meeting.booked']);
    world.now = new Date('2026-03-03T15:40:00Z');
    const done = await patch(b.consultant.token, held.body.id, { status: 'completed' });
    expect(done.status).toBe(200);
    const [completed] = await queuedOf(db(), b.endpoints.franchise, 'meeting.completed');
    expect(completed?.timestamp).toBe('2026-03-03T15:40:00.000Z');
    expect(completed?.data.meeting).toMatchObject({
      id: held.body.id,
      status: 'completed',
      durationMinutes: 30,
      priceCents: 8_000,
    });
    expect(await types(b.endpoints.consultant)).toEqual(['meeting.booked', 'meeting.completed']);
    await expectNothingElse(b.endpoints);
  });

  it('a cancellation queues meeting.cancelled (status cancelled, late within 24 hours); a refused one nothing', async () => {
    world.now = new Date(START);
    const { consultant, franchisor, endpoints } = await parties();
    const early = await bookTenAm(franchisor, consultant);
    const late = await book(world.server, franchisor.token, {
      consultantId: consultant.id,
      start: '2026-03-03T16:00:00.000Z',
      end: '2026-03-03T16:30:00.000Z',
      timeZone: NY,
    });
    const cancel = (token: string, id: string) =>
      world.server.fetch(`/api/session/${id}`, { method: 'DELETE', token });
    // The consultant may not cancel: refused, nothing queued.
    expect((await cancel(consultant.token, early.body.id)).status).toBe(403);
    expect(await types(endpoints.franchise)).toEqual(['meeting.booked', 'meeting.booked']);

    expect((await cancel(franchisor.token, early.body.id)).status).toBeLessThan(300);
    world.now = new Date('2026-03-03T12:00:00Z'); // four hours before the second
    expect((await cancel(franchisor.token, late.body.id)).status).toBeLessThan(300);
    const cancelled = await queuedOf(db(), endpoints.franchise, 'meeting.cancelled');
    expect(cancelled.map((e) => [e.data.meeting.id, e.data.meeting.status, e.data.late])).toEqual([
      [early.body.id, 'cancelled', false],
      [late.body.id, 'cancelled', true],
    ]);
    expect(cancelled[1]?.data.meeting.priceCents).toBe(10_000);
    expect(await queuedOf(db(), endpoints.consultant, 'meeting.cancelled')).toHaveLength(2);
    // Cancelled already: refused, nothing more.
    expect((await cancel(franchisor.token, late.body.id)).status).toBe(404);
    expect(await queuedOf(db(), endpoints.franchise, 'meeting.cancelled')).toHaveLength(2);
    await expectNothingElse(endpoints);
  });

  it('a booking with no subscribed endpoint queues nothing', async () => {
    world.now = new Date(START);
    const consultant = await makeConsultant(world.server, {
      settings: { timeZone: NY, weeklyHours: OFFICE_HOURS, meetingLengths: [30] },
    });
    const franchisor = await makeFranchisor(world.server);
    const before = await db().select().from(webhookDelivery);
    const res = await bookTenAm(franchisor, consultant);
    expect(res.status).toBe(201);
    const after = await db().select().from(webhookDelivery);
    expect(after).toHaveLength(before.length);
    expect(
      await db()
        .select()
        .from(webhookDelivery)
        .where(eq(webhookDelivery.eventType, 'meeting.booked')),
    ).toHaveLength(before.filter((d) => d.eventType === 'meeting.booked').length);
  });
});
