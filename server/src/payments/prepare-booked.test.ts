import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment } from '../db/schema/index.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { ACCOUNTS, meetingBalances } from './ledger.ts';
import { createLedgerProvider } from './ledger-provider.ts';
import { createPayments } from './payments.ts';
import type { PaymentProvider } from './provider.ts';
import {
  consultantAccount,
  franchisorWhoseCardDeclines,
  franchisorWithCard,
  insertMeeting,
} from './test-fixtures.ts';

/**
 * A booking asks the provider before its transaction (`prepareBooked`), so that no network call
 * holds the database's write lock; the transaction then only records (`onBooked`), and a booking
 * that fails gives its hold back (`abandon`).
 */

const NOW = new Date('2026-03-02T12:00:00Z');
const HOUR = 3_600_000;
let server: TestServer;
const calls: string[] = [];

/** The ledger provider, with every call it gets written down. */
function recordingProvider(): PaymentProvider {
  const inner = createLedgerProvider({ now: () => NOW });
  return new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(property));
        return value.apply(target, args);
      };
    },
  });
}

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
});
afterAll(() => server.close());

function moneySide() {
  const { db, env, mailer, logger } = server.container;
  return createPayments({ db, env, mailer, logger, now: () => NOW, provider: recordingProvider() });
}

/** A meeting booking is about to store: 15 minutes tomorrow at $50 per 15. */
const draftOf = (f: { id: string; franchiseId: string | null }, c: { id: string }) => ({
  id: crypto.randomUUID(),
  consultantId: c.id,
  franchisorId: f.id,
  franchiseId: f.franchiseId,
  startAt: new Date(NOW.getTime() + 24 * HOUR),
  durationMinutes: 15,
  rateCents: 5_000,
});

describe('prepareBooked, then onBooked or abandon', () => {
  it('holds at the provider first, then records the hold in the transaction without asking again', async () => {
    const f = await franchisorWithCard(server);
    const c = await consultantAccount(server);
    const payments = moneySide();
    const m = await insertMeeting(server.container.db, {
      consultantId: c.id,
      franchisorId: f.id,
      franchiseId: f.franchiseId,
      startAt: new Date(NOW.getTime() + 24 * HOUR),
      durationMinutes: 30,
      rateCents: 5_000,
    });
    calls.length = 0;
    const prepared = await payments.meetings.prepareBooked(m, { now: NOW });
    expect(calls).toContain('authorize');
    // Nothing is written before the booking's transaction.
    const before = await server.container.db
      .select()
      .from(payment)
      .where(eq(payment.meetingId, m.id));
    expect(before).toEqual([]);

    calls.length = 0;
    await server.container.db.transaction((tx) =>
      payments.meetings.onBooked(m, { tx, now: NOW, prepared }),
    );
    expect(calls.filter((call) => call === 'authorize' || call === 'verifyMethod')).toEqual([]);
    const [row] = await server.container.db
      .select()
      .from(payment)
      .where(eq(payment.meetingId, m.id));
    expect(row).toMatchObject({ amountCents: 10_000, status: 'pending', holdAttempts: 1 });
    expect(row?.holdId).toBeTruthy();
    const balances = await meetingBalances(server.container.db, m.id);
    expect(balances[ACCOUNTS.franchiseHold(f.franchiseId ?? '')]).toBe(10_000);
  });

  it('gives the hold back when the booking is abandoned, and refuses a handle for another meeting', async () => {
    const f = await franchisorWithCard(server);
    const c = await consultantAccount(server);
    const payments = moneySide();
    const draft = draftOf(f, c);
    calls.length = 0;
    const prepared = await payments.meetings.prepareBooked(draft, { now: NOW });
    await prepared.abandon();
    expect(calls).toEqual(expect.arrayContaining(['authorize', 'release']));
    expect(
      await server.container.db.select().from(payment).where(eq(payment.meetingId, draft.id)),
    ).toEqual([]);

    const other = await insertMeeting(server.container.db, { ...draft, startAt: draft.startAt });
    const handle = await payments.meetings.prepareBooked(draft, { now: NOW });
    await expect(
      server.container.db.transaction((tx) =>
        payments.meetings.onBooked(other, { tx, now: NOW, prepared: handle }),
      ),
    ).rejects.toThrow(/prepared booking/);
    await handle.abandon();
  });

  it('refuses a declined card before anything is written', async () => {
    const f = await franchisorWhoseCardDeclines(server, 'pm_card_chargeDeclined');
    const c = await consultantAccount(server);
    const payments = moneySide();
    const draft = draftOf(f, c);
    await expect(payments.meetings.prepareBooked(draft, { now: NOW })).rejects.toMatchObject({
      code: 'PAYMENT_DECLINED',
      status: 402,
    });
  });
});
