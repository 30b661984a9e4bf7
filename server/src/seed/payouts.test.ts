import { asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema/index.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { buildDemoData, DEMO_USER_IDS } from './demo-data.ts';
import { payoutRunAt } from './payouts.ts';
import { seedIfEmpty } from './seed-if-empty.ts';

/** A Wednesday: May's run (June 1st, 07:00 UTC) has passed, June has not ended. */
const NOW = new Date('2025-06-04T15:07:00Z');

/**
 * The demo seed carries the payout history the monthly run would have written (seed/payouts.ts),
 * so the first `npm start` — seed, then the scheduler's catch-up at start — pays no old month and
 * floods no mailbox with "Payout sent".
 */
describe('seeded payout history', () => {
  let server: TestServer;
  const db = () => server.container.db;

  beforeAll(async () => {
    // One clock for the seed and the jobs, as `npm start` has.
    server = await startTestServer({ now: () => NOW, seed: (c) => seedIfEmpty(c, { now: NOW }) });
  });
  afterAll(async () => {
    await server?.close();
  });

  const payoutRows = () =>
    db()
      .select({
        consultantId: s.payout.consultantId,
        period: s.payout.period,
        amountCents: s.payout.amountCents,
        status: s.payout.status,
        providerReference: s.payout.providerReference,
      })
      .from(s.payout)
      .orderBy(asc(s.payout.period), asc(s.payout.consultantId));
  /** Each payout posting by its idempotency key: its lines. */
  const payoutPostings = async () => {
    const rows = await db()
      .select({
        key: s.ledgerTransaction.idempotencyKey,
        consultantId: s.ledgerTransaction.consultantId,
        account: s.ledgerEntry.account,
        amountCents: s.ledgerEntry.amountCents,
      })
      .from(s.ledgerEntry)
      .innerJoin(s.ledgerTransaction, eq(s.ledgerTransaction.id, s.ledgerEntry.transactionId))
      .where(eq(s.ledgerTransaction.kind, 'payout'))
      .orderBy(asc(s.ledgerTransaction.idempotencyKey), asc(s.ledgerEntry.account));
    return rows;
  };
  const transfers = () =>
    db()
      .select({
        key: s.providerAttempt.key,
        ownerId: s.providerAttempt.ownerId,
        amountCents: s.providerAttempt.amountCents,
        state: s.providerAttempt.state,
        reference: s.providerAttempt.reference,
      })
      .from(s.providerAttempt)
      .where(eq(s.providerAttempt.kind, 'transfer'))
      .orderBy(asc(s.providerAttempt.key));
  const payoutMails = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(s.mailOutbox)
        .where(like(s.mailOutbox.subject, '%Payout sent%'))
    )[0]?.n ?? 0;

  it('pays every month whose run has passed, with the run job recorded and the ledger balanced', async () => {
    const payouts = await payoutRows();
    const periods = [...new Set(payouts.map((p) => p.period))];
    // Meetings go back three months: March, April and May 2025 were paid; June has not ended.
    expect(periods).toEqual(['2025-03', '2025-04', '2025-05']);
    expect(payouts.filter((p) => p.period === '2025-05').length).toBeGreaterThan(50);
    expect(payouts.some((p) => p.status === 'paid')).toBe(true);
    for (const p of payouts) {
      expect(p.amountCents).toBeGreaterThan(0);
      expect(p.status === 'paid').toBe(p.providerReference !== null);
    }
    const runs = await db()
      .select()
      .from(s.jobRun)
      .where(like(s.jobRun.key, 'payout:%'))
      .orderBy(asc(s.jobRun.key));
    expect(runs.map((r) => [r.key, r.job, r.finishedAt?.toISOString()])).toEqual(
      periods.map((p) => [`payout:${p}`, 'monthly-payouts', payoutRunAt(p).toISOString()]),
    );
    for (const r of runs) {
      const of = payouts.filter((p) => `payout:${p.period}` === r.key);
      expect(JSON.parse(r.result ?? 'null')).toEqual({
        paid: of.filter((p) => p.status === 'paid').length,
        pending: of.filter((p) => p.status === 'pending').length,
      });
    }

    // Every posting balances; what the platform paid out is what the payouts say; and what each
    // consultant is still owed is exactly their June shares: all before was paid, nothing twice.
    const unbalanced = await db()
      .select({ tx: s.ledgerEntry.transactionId })
      .from(s.ledgerEntry)
      .groupBy(s.ledgerEntry.transactionId)
      .having(sql`sum(${s.ledgerEntry.amountCents}) != 0`);
    expect(unbalanced).toEqual([]);
    const postings = await payoutPostings();
    expect(postings.length).toBe(payouts.length * 2);
    const totalPaid = payouts.reduce((sum, p) => sum + p.amountCents, 0);
    expect(
      postings
        .filter((l) => l.account === 'platform:payouts')
        .reduce((t, l) => t + l.amountCents, 0),
    ).toBe(-totalPaid);
    const balances = await db()
      .select({
        account: s.ledgerEntry.account,
        total: sql<number>`sum(${s.ledgerEntry.amountCents})`.mapWith(Number),
        sinceJune:
          sql<number>`sum(case when ${s.ledgerTransaction.kind} != 'payout' and ${s.ledgerTransaction.createdAt} >= ${Date.UTC(2025, 5, 1)} then ${s.ledgerEntry.amountCents} else 0 end)`.mapWith(
            Number,
          ),
      })
      .from(s.ledgerEntry)
      .innerJoin(s.ledgerTransaction, eq(s.ledgerTransaction.id, s.ledgerEntry.transactionId))
      .where(like(s.ledgerEntry.account, 'consultant:%:payable'))
      .groupBy(s.ledgerEntry.account);
    expect(balances.length).toBeGreaterThan(0);
    for (const b of balances) expect([b.account, b.total]).toEqual([b.account, b.sinceJune]);
  });

  it('shows the demo consultant a payout history on their Payments page', async () => {
    const signIn = await server.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: DEMO_ACCOUNTS.consultant.email, password: DEMO_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const res = await server.fetch('/api/users/payouts', { token });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: { period: string; amount: number; status: string; statementUrl: string }[];
    };
    expect(data.map((p) => [p.period, p.status])).toEqual([
      ['2025-05', 'paid'],
      ['2025-04', 'paid'],
      ['2025-03', 'paid'],
    ]);
    const own = await db()
      .select({ amountCents: s.payout.amountCents })
      .from(s.payout)
      .where(eq(s.payout.consultantId, DEMO_USER_IDS.consultant))
      .orderBy(asc(s.payout.period));
    expect(data.map((p) => Math.round(p.amount * 100)).reverse()).toEqual(
      own.map((p) => p.amountCents),
    );
    // Each statement lists the meetings the payout paid for, adding up to it: nothing brought
    // forward, nothing left out.
    for (const p of data) {
      const csv = await (await server.fetch(p.statementUrl, { token })).text();
      expect(csv).toMatch(/^Date,Type,Meeting/);
      expect(csv).toMatch(/\n[^,\n]+,Meeting,/);
      expect(csv).not.toContain('Balance brought forward');
    }
  });

  it("leaves the first start's catch-up nothing old to pay and no 'Payout sent' to mail", async () => {
    const before = { payouts: await payoutRows(), mails: await payoutMails() };
    expect(before.mails).toBe(0);
    // What the scheduler runs once at start (payments/scheduler.ts), on the same clock.
    const outcome = await server.container.payments.jobs.catchUp();
    expect(outcome.monthlyPayouts).toEqual({ ran: false, reason: 'done' });
    // This week's charge run is on record too: meetings completed since Monday wait for the next one.
    expect(outcome.weeklyCharges).toEqual({ ran: false, reason: 'done' });
    expect(await payoutRows()).toEqual(before.payouts);
    expect(await payoutMails()).toBe(0);
    const chargeMails = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(s.mailOutbox)
      .where(
        or(
          eq(s.mailOutbox.subject, 'Payment received'),
          eq(s.mailOutbox.subject, 'Payment declined'),
        ),
      );
    expect(chargeMails[0]?.n).toBe(0);
    const notices = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(s.notification)
      .where(eq(s.notification.type, 'payout_sent'));
    expect(notices[0]?.n).toBe(0);
  });

  it('holds, month by month, exactly what runPayouts computes from the same ledger', async () => {
    const seeded = {
      payouts: await payoutRows(),
      postings: await payoutPostings(),
      transfers: await transfers(),
    };
    const periods = [...new Set(seeded.payouts.map((p) => p.period))];
    // Take the seeded history away (payouts, their postings, transfers and run records)…
    await db().transaction(async (tx) => {
      const payoutTx = tx
        .select({ id: s.ledgerTransaction.id })
        .from(s.ledgerTransaction)
        .where(eq(s.ledgerTransaction.kind, 'payout'));
      await tx.delete(s.ledgerEntry).where(inArray(s.ledgerEntry.transactionId, payoutTx));
      await tx.delete(s.ledgerTransaction).where(eq(s.ledgerTransaction.kind, 'payout'));
      await tx.delete(s.providerAttempt).where(eq(s.providerAttempt.kind, 'transfer'));
      await tx.delete(s.payout);
      await tx.delete(s.jobRun).where(like(s.jobRun.key, 'payout:%'));
    });
    expect(await payoutRows()).toEqual([]);
    // …and let the real monthly run rebuild it, oldest month first.
    for (const period of periods) await server.container.payments.payouts.runPayouts(period);
    expect(await payoutRows()).toEqual(seeded.payouts);
    expect(await payoutPostings()).toEqual(seeded.postings);
    expect(await transfers()).toEqual(seeded.transfers);
    // The run mails what the seed spares the first start: one "Payout sent" per paid payout.
    expect(await payoutMails()).toBe(seeded.payouts.filter((p) => p.status === 'paid').length);
  });

  it('seeds a month only once its run time (the 1st, 07:00 UTC) has passed', () => {
    const periodsAt = (now: Date) =>
      [...new Set(buildDemoData({ now, passwordHash: 'x' }).payout.map((p) => p.period))].sort();
    expect(periodsAt(new Date('2025-06-01T06:59:59Z')).at(-1)).toBe('2025-04');
    expect(periodsAt(new Date('2025-06-01T07:00:00Z')).at(-1)).toBe('2025-05');
  });
});
