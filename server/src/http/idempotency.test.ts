import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_TTL_MS,
  IDEMPOTENT_REPLAY_HEADER,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransaction, meeting, payment, paymentMethod, session } from '../db/schema/index.ts';
import {
  ALWAYS,
  getSlots,
  json,
  makeConsultant,
  makeFranchisor,
} from '../features/booking/test-fixtures.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../testing/test-server.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';

// Real time: sessions are dated by better-auth's own clock.
const start = new Date();
let clock = start;
/** A weekday a week ahead, as YYYY-MM-DD (slots are never offered on weekends, rule 9). */
function nextWeekday(): string {
  const day = new Date(start.getTime() + 7 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

const post = (path: string, token: string, body: unknown, key?: string) =>
  server.fetch(path, {
    method: 'POST',
    token,
    body: json(body),
    headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
  });

async function bookingSetup() {
  const consultant = await makeConsultant(server, {
    settings: { weeklyHours: ALWAYS, meetingLengths: [30], timeZone: 'America/New_York' },
  });
  const franchisor = await makeFranchisor(server);
  const { days } = await getSlots(server, consultant.id, {
    date: nextWeekday(),
    timezone: 'America/New_York',
  });
  const slot = days[0]?.slots[0];
  if (!slot) throw new Error('no slot offered');
  return {
    consultant,
    franchisor,
    body: {
      consultantId: consultant.id,
      start: slot.start,
      end: slot.end,
      timeZone: 'America/New_York',
    },
  };
}

describe('Idempotency-Key', () => {
  it('concurrent identical bookings with one key make one meeting and one hold, and replay the first answer', async () => {
    const { consultant, franchisor, body } = await bookingSetup();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/session', franchisor.token, body, key)),
    );
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    // Every answer is the first one, byte for byte; all but one say they were replayed.
    expect(new Set(texts).size).toBe(1);
    expect(answers.filter((r) => r.headers.get(IDEMPOTENT_REPLAY_HEADER) === 'true')).toHaveLength(
      5,
    );
    const meetings = await server.container.db
      .select()
      .from(meeting)
      .where(eq(meeting.consultantId, consultant.id));
    expect(meetings).toHaveLength(1);
    // One payment record; a meeting a week out is held ~48 h before it (rule 10), never twice.
    const payments = await server.container.db
      .select()
      .from(payment)
      .where(eq(payment.consultantId, consultant.id));
    expect(payments).toHaveLength(1);
    const holds = await server.container.db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.consultantId, consultant.id));
    expect(holds.length).toBeLessThanOrEqual(1);

    // A retry later replays too, and a new key is a new request (here: the slot is taken).
    const later = await post('/api/session', franchisor.token, body, key);
    expect(later.status).toBe(201);
    expect(await later.text()).toBe(texts[0]);
    const fresh = await post('/api/session', franchisor.token, body, crypto.randomUUID());
    expect(fresh.status).toBe(409);
  });

  it('refuses the same key with a different request (422) and changes nothing', async () => {
    const { franchisor } = await bookingSetup();
    const key = crypto.randomUUID();
    const first = await post(
      '/api/users/payment-method',
      franchisor.token,
      { paymentMethodId: 'pm_card_mastercard' },
      key,
    );
    expect(first.status).toBeLessThan(300);
    const cards = async () =>
      (
        await server.container.db
          .select()
          .from(paymentMethod)
          .where(eq(paymentMethod.franchiseId, franchisor.franchiseId))
      ).length;
    const before = await cards();
    const other = await post(
      '/api/users/payment-method',
      franchisor.token,
      { paymentMethodId: 'pm_card_visa' },
      key,
    );
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await cards()).toBe(before);
  });

  it('keeps keys per caller: another user with the same key is a new request', async () => {
    const a = await bookingSetup();
    const b = await makeFranchisor(server);
    const key = crypto.randomUUID();
    expect((await post('/api/session', a.franchisor.token, a.body, key)).status).toBe(201);
    const other = await post('/api/session', b.token, a.body, key);
    // Not a replay of a's meeting: b's own attempt, refused because the slot is taken.
    expect(other.status).toBe(409);
    expect(other.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
  });

  it('forgets answers after 24 hours', async () => {
    const { franchisor, body } = await bookingSetup();
    const key = crypto.randomUUID();
    expect((await post('/api/session', franchisor.token, body, key)).status).toBe(201);
    clock = new Date(clock.getTime() + IDEMPOTENCY_TTL_MS + 1000);
    // The session (dated by better-auth's real clock, 24 h) would lapse at the same moment
    // unless it was made more than a second after `start`: keep it alive on purpose.
    await server.container.db
      .update(session)
      .set({ expiresAt: new Date(clock.getTime() + 3_600_000) })
      .where(eq(session.token, franchisor.token));
    try {
      const again = await post('/api/session', franchisor.token, body, key);
      expect(again.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
      expect(again.status).toBe(409);
      clock = new Date(clock.getTime() + IDEMPOTENCY_TTL_MS + 1000);
      expect(await pruneIdempotencyKeys(server.container.db, clock)).toBeGreaterThan(0);
    } finally {
      clock = start;
    }
  });

  it('refuses a malformed key and ignores keys on routes that are not creates', async () => {
    const { franchisor, body } = await bookingSetup();
    const bad = await post('/api/session', franchisor.token, body, 'short');
    expect(bad.status).toBe(400);
    const support = await post(
      '/api/users/support-request',
      franchisor.token,
      { email: 'a@b.co', details: 'Help' },
      'support-key-0001',
    );
    expect(support.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
  });

  it('passes a body sent without a content-length on to a route with its own body cap (no 500)', async () => {
    await server.container.accounts.ensureAdmin('keys-admin@test.example', TEST_PASSWORD);
    const signIn = await server.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      body: json({ email: 'keys-admin@test.example', password: TEST_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    // A chunked body: the admin routes' own cap reads the raw stream after the key's check did.
    const res = await server.fetch('/api/admin/users', {
      method: 'POST',
      token,
      headers: { [IDEMPOTENCY_HEADER]: 'chunked-key-0001' },
      body: new Blob([json({ role: 'consultant' })]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
