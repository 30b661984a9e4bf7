import { DECLINED_CARD_FEE_CENTS, type PaymentRunResult } from '@fm/sdk/contracts';
import { and, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from '../container.ts';
import {
  jobRun,
  ledgerEntry,
  ledgerTransaction,
  notification,
  payment,
} from '../db/schema/index.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { ACCOUNTS, ledgerSnapshot, meetingBalances, unbalancedTransactions } from './ledger.ts';
import { meetingAmountCents, splitCharge } from './money-rules.ts';
import {
  consultantAccount,
  copyDatabase,
  franchisorWithCard,
  insertMeeting,
  json,
  ok,
  openServer,
  setMeetingStatus,
  signInAdmin,
} from './test-fixtures.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// A Monday in the past of the real clock, so that sessions stay valid while the test clock moves.
const T0 = new Date(Date.UTC(2026, 0, 5, 12));
let clock = T0;
const now = () => clock;

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ now });
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

const trigger = (url: string) =>
  ok<PaymentRunResult>(
    fetch(`${url}/api/users/cron-manual-trigger`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: '{}',
    }),
  );

async function captureOf(container: Container, meetingId: string) {
  return container.db
    .select({ account: ledgerEntry.account, amount: ledgerEntry.amountCents })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .where(eq(ledgerTransaction.idempotencyKey, `capture:${meetingId}`));
}

describe('a meeting is charged once at floor(duration / 15) × rate, split 20/80 to the cent', () => {
  it('holds for every duration and rate (property-based, real database)', async () => {
    const f = await franchisorWithCard(server);
    const c = await consultantAccount(server);
    const payments = server.container.payments;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 240 }),
        fc.integer({ min: 1, max: 250_000 }),
        async (durationMinutes, rateCents) => {
          const m = await insertMeeting(server.container.db, {
            consultantId: c.id,
            franchisorId: f.id,
            franchiseId: f.franchiseId,
            startAt: new Date(clock.getTime() + 2 * HOUR),
            durationMinutes,
            rateCents,
          });
          await payments.meetings.onBooked(m);
          await setMeetingStatus(server.container.db, m.id, 'completed');
          await payments.meetings.onCompleted(m);
          expect(await payments.charges.chargePayment(m.id)).toBe('charged');
          expect(await payments.charges.chargePayment(m.id)).toBe('skipped');
          const total = meetingAmountCents(durationMinutes, rateCents);
          const { platformFeeCents, consultantShareCents } = splitCharge(total);
          const lines = await captureOf(server.container, m.id);
          if (total === 0) {
            expect(lines).toEqual([]);
          } else {
            // A share that rounds to zero cents posts no line: the ledger holds no zero entries.
            const expected = Object.fromEntries(
              [
                [ACCOUNTS.franchiseCard(f.franchiseId ?? ''), total],
                [ACCOUNTS.platformRevenue, -platformFeeCents],
                [ACCOUNTS.consultantPayable(c.id), -consultantShareCents],
              ].filter(([, amount]) => amount !== 0),
            );
            expect(Object.fromEntries(lines.map((l) => [l.account, l.amount]))).toEqual(expected);
          }
          expect(platformFeeCents + consultantShareCents).toBe(total);
          const balances = await meetingBalances(server.container.db, m.id);
          // The hold was released into the capture: nothing stays held.
          expect(balances[ACCOUNTS.franchiseHold(f.franchiseId ?? '')] ?? 0).toBe(0);
          const [row] = await server.container.db
            .select()
            .from(payment)
            .where(eq(payment.meetingId, m.id));
          expect(row).toMatchObject({ isPaid: true, amountCents: total, status: 'completed' });
        },
      ),
      // The tiny totals are where a 20 % fee rounds to zero cents; always try them.
      {
        numRuns: 40,
        examples: [
          [15, 1],
          [15, 4],
          [15, 5],
          [0, 100],
        ],
      },
    );
    expect(await unbalancedTransactions(server.container.db)).toEqual([]);
  });
});

describe('the charge run: twice, concurrently, and after a crash, the same ledger as one clean run', () => {
  const ids: Record<string, string> = {};
  let f1: Awaited<ReturnType<typeof franchisorWithCard>>;
  let f2: Awaited<ReturnType<typeof franchisorWithCard>>;
  let base: string;

  beforeAll(async () => {
    const { db, payments } = server.container;
    f1 = await franchisorWithCard(server);
    f2 = await franchisorWithCard(server);
    const c1 = await consultantAccount(server);
    const c2 = await consultantAccount(server);
    const book = async (
      name: string,
      franchisor: typeof f1,
      consultantId: string,
      durationMinutes: number,
      rateCents: number,
      startInHours: number,
    ) => {
      const m = await insertMeeting(db, {
        consultantId,
        franchisorId: franchisor.id,
        franchiseId: franchisor.franchiseId,
        startAt: new Date(clock.getTime() + startInHours * HOUR),
        durationMinutes,
        rateCents,
      });
      await payments.meetings.onBooked(m);
      ids[name] = m.id;
      return m;
    };
    const complete = async (
      m: { id: string } & Parameters<typeof payments.meetings.onCompleted>[0],
    ) => {
      await setMeetingStatus(db, m.id, 'completed');
      await payments.meetings.onCompleted(m);
    };
    clock = new Date(T0.getTime() + 30 * DAY);
    // Held on day 0: the holds have expired by the run, so the cards are charged off-session.
    const expired = await book('expired', f1, c1.id, 45, 12_345, 3);
    const declined = await book('declined', f2, c2.id, 30, 9_999, 5);
    const noShow = await book('noShow', f1, c2.id, 60, 4_000, 6);
    clock = new Date(clock.getTime() + 6 * DAY);
    // Held on day 6: still valid at the run, so they are captured.
    const captured = await book('captured', f1, c1.id, 60, 5_000, 2);
    const short = await book('short', f1, c2.id, 20, 7_777, 4);
    const cancelledByConsultant = await book('consultantDeclined', f1, c1.id, 30, 5_000, 30);
    await book('upcoming', f1, c1.id, 30, 5_000, 40);
    await book('farOut', f1, c2.id, 30, 5_000, 24 * 10);
    clock = new Date(clock.getTime() + 2 * DAY);
    for (const m of [expired, declined, noShow, captured, short]) await complete(m);
    await setMeetingStatus(db, cancelledByConsultant.id, 'declined');
    await payments.meetings.onDeclined(cancelledByConsultant);
    // F2's card now fails at charge time (it attached and passed its check).
    await ok(
      server.fetch('/api/users/payment-method', {
        method: 'POST',
        token: f2.token,
        body: json({ paymentMethodId: 'pm_card_chargeCustomerFail' }),
      }),
    );
    base = await copyDatabase(server.container);
  });

  it('charges what is due, once, with one $25 fee for the declined card', async () => {
    const clean = await openServer(server.container, await copyDatabase(server.container), now);
    try {
      await expect(trigger(clean.url)).resolves.toEqual({ charged: 4, failed: 1, skipped: 0 });
      const db = clean.container.db;
      const captures = await db
        .select({ key: ledgerTransaction.idempotencyKey })
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.kind, 'capture'));
      for (const name of ['expired', 'noShow', 'captured', 'short']) {
        expect(captures.filter((c) => c.key === `capture:${ids[name]}`)).toHaveLength(1);
      }
      expect(captures.some((c) => c.key === `capture:${ids.upcoming}`)).toBe(false);
      const expiredLines = await captureOf(clean.container, ids.expired ?? '');
      expect(expiredLines.find((l) => l.account.endsWith(':card'))?.amount).toBe(3 * 12_345);
      expect(
        (await captureOf(clean.container, ids.short ?? '')).find((l) => l.account.endsWith(':card'))
          ?.amount,
      ).toBe(7_777);
      const fees = await db
        .select({
          key: ledgerTransaction.idempotencyKey,
          amount: ledgerEntry.amountCents,
          account: ledgerEntry.account,
        })
        .from(ledgerTransaction)
        .innerJoin(ledgerEntry, eq(ledgerEntry.transactionId, ledgerTransaction.id))
        .where(eq(ledgerTransaction.kind, 'declined_fee'));
      expect(fees).toEqual(
        expect.arrayContaining([
          {
            key: `declined_fee:${ids.declined}`,
            amount: DECLINED_CARD_FEE_CENTS,
            account: ACCOUNTS.franchiseReceivable(f2.franchiseId ?? ''),
          },
          {
            key: `declined_fee:${ids.declined}`,
            amount: -DECLINED_CARD_FEE_CENTS,
            account: ACCOUNTS.platformRevenue,
          },
        ]),
      );
      expect(fees).toHaveLength(2);
      const [failed] = await db
        .select()
        .from(payment)
        .where(eq(payment.id, ids.declined ?? ''));
      expect(failed).toMatchObject({
        isPaid: false,
        failureCode: 'generic_decline',
        chargeAttempts: 1,
      });
      const told = await db
        .select()
        .from(notification)
        .where(and(eq(notification.userId, f2.id), eq(notification.type, 'payment_failed')));
      expect(told).toHaveLength(1);
      expect(told[0]?.message).toContain('$25.00 declined-card fee');
      // Released and never-charged holds; nothing unbalanced.
      const held = await meetingBalances(db, ids.consultantDeclined ?? '');
      expect(held[ACCOUNTS.franchiseHold(f1.franchiseId ?? '')]).toBe(0);
      const upcoming = await meetingBalances(db, ids.upcoming ?? '');
      expect(upcoming[ACCOUNTS.franchiseHold(f1.franchiseId ?? '')]).toBe((30 * 5_000) / 15);
      expect(await unbalancedTransactions(db)).toEqual([]);

      // Running again charges nothing and adds no fee.
      await expect(trigger(clean.url)).resolves.toEqual({ charged: 0, failed: 0, skipped: 0 });
    } finally {
      await clean.close();
    }
  });

  it('leaves the same ledger after one run, two runs, two concurrent processes, and a crash', async () => {
    const snapshotOf = async (container: Container) => ({
      ledger: await ledgerSnapshot(container.db),
      payments: (await container.db.select().from(payment))
        .map((p) => `${p.id} ${p.isPaid} ${p.failureCode} ${p.chargeAttempts} ${p.amountCents}`)
        .sort(),
    });
    const open = async () =>
      openServer(server.container, await copyDatabase(server.container), now);

    const clean = await open();
    await trigger(clean.url);
    const expected = await snapshotOf(clean.container);
    await clean.close();

    const twice = await open();
    await trigger(twice.url);
    await trigger(twice.url);
    expect(await snapshotOf(twice.container)).toEqual(expected);
    await twice.close();

    // Two API processes on one database file, triggered at the same moment, twice each.
    const first = await open();
    const second = await openServer(server.container, first.container.env.DATABASE_URL, now);
    const results = await Promise.all([
      trigger(first.url),
      trigger(second.url),
      trigger(first.url),
      trigger(second.url),
    ]);
    expect(results.reduce((n, r) => n + r.charged, 0)).toBe(4);
    expect(results.reduce((n, r) => n + r.failed, 0)).toBe(1);
    expect(await snapshotOf(first.container)).toEqual(expected);
    await second.close();
    await first.close();

    // Killed half-way: two meetings recorded, the third charged by the provider but not recorded.
    const crashed = await open();
    let calls = 0;
    await expect(
      crashed.container.payments.jobs.manualCharges({
        afterProviderCall: () => {
          calls += 1;
          if (calls === 3) throw new Error('process killed');
        },
      }),
    ).rejects.toThrow('process killed');
    const partial = await snapshotOf(crashed.container);
    expect(partial.ledger).not.toEqual(expected.ledger);
    await trigger(crashed.url);
    expect(await snapshotOf(crashed.container)).toEqual(expected);
    await crashed.close();
  });

  it('retries a declined charge once the card is updated, and collects the fee once', async () => {
    const db = server.container.db;
    await trigger(server.url);
    await ok(
      server.fetch('/api/users/payment-method', {
        method: 'POST',
        token: f2.token,
        body: json({ paymentMethodId: 'pm_card_mastercard' }),
      }),
    );
    const [row] = await db
      .select()
      .from(payment)
      .where(eq(payment.id, ids.declined ?? ''));
    expect(row).toMatchObject({ isPaid: true, failureCode: null, chargeAttempts: 1 });
    const kinds = await db
      .select({ kind: ledgerTransaction.kind, key: ledgerTransaction.idempotencyKey })
      .from(ledgerTransaction)
      .where(like(ledgerTransaction.idempotencyKey, `%${ids.declined}%`));
    expect(kinds.map((k) => k.kind).sort()).toEqual(
      ['capture', 'declined_fee', 'declined_fee_paid', 'hold', 'release'].sort(),
    );
    // The franchise owes nothing any more; its card paid the meeting and the fee.
    const receivable = await db
      .select({ amount: ledgerEntry.amountCents })
      .from(ledgerEntry)
      .where(eq(ledgerEntry.account, ACCOUNTS.franchiseReceivable(f2.franchiseId ?? '')));
    expect(receivable.reduce((s, r) => s + r.amount, 0)).toBe(0);
    await expect(trigger(server.url)).resolves.toEqual({ charged: 0, failed: 0, skipped: 0 });
    expect(await unbalancedTransactions(db)).toEqual([]);
    expect(base).toMatch(/^file:/);
  });

  it('runs the weekly run once per week across processes; a dead run is taken over', async () => {
    const { jobs } = server.container.payments;
    const other = await openServer(server.container, server.container.env.DATABASE_URL, now);
    try {
      const [a, b] = await Promise.all([
        jobs.weeklyCharges(),
        other.container.payments.jobs.weeklyCharges(),
      ]);
      expect([a.ran, b.ran].filter(Boolean)).toHaveLength(1);
      await expect(jobs.weeklyCharges()).resolves.toEqual({ ran: false, reason: 'done' });
      // A run whose process died (lease ran out, never finished) is run again by the next tick.
      const nextWeek = new Date(clock.getTime() + 7 * DAY);
      const { weeklySlot } = await import('./jobs.ts');
      const { isoWeek } = await import('./money-rules.ts');
      await server.container.db.insert(jobRun).values({
        key: `charge:${isoWeek(weeklySlot(nextWeek))}`,
        job: 'weekly-charges',
        startedAt: clock,
        leaseUntil: clock.getTime() - 1,
      });
      await expect(jobs.weeklyCharges(nextWeek)).resolves.toMatchObject({ ran: true });
    } finally {
      await other.close();
    }
  });

  it('answers 403 ADMIN_ONLY to anyone but an admin', async () => {
    const res = await server.fetch('/api/users/cron-manual-trigger', {
      method: 'POST',
      token: f1.token,
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'ADMIN_ONLY' });
    expect(
      (await server.fetch('/api/users/cron-manual-trigger', { method: 'POST', body: '{}' })).status,
    ).toBe(401);
  });
});
