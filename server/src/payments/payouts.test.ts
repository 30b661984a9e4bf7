import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobRun } from '../db/schema/index.ts';
import { finished } from '../testing/charge-runs.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  earn,
  earnJanuaryAndFebruary,
  expectPaidOnce,
  markReady,
  payoutsOf,
  runScheduler,
} from './payout-test-fixtures.ts';
import { consultantAccount, franchisorWithCard, runPayoutProcess } from './test-fixtures.ts';

/**
 * "Payouts never stall" (built-in provider): a payout left waiting (`pending`) because
 * the consultant's payout account was not ready is paid — exactly once, under its own key — as
 * soon as the account is ready: by the scheduled runs, or when the consultant connects (the
 * built-in provider's account is ready at once). Later months never count it as paid.
 */

const servers: TestServer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const server of servers.splice(0)) await server.close();
});

async function freshServer(): Promise<TestServer> {
  const server = await startTestServer();
  servers.push(server);
  return server;
}

describe('payouts that waited for the payout account (built-in provider)', () => {
  it('the schedule pays a payout left pending in January exactly once when the account is ready in February; February counts it unpaid', async () => {
    const server = await freshServer();
    const { db, payments } = server.container;
    const f = await franchisorWithCard(server);
    const franchiseId = f.franchiseId ?? '';
    // `early` gets a ready account in mid-February, `late` an hour before the monthly run.
    const early = await consultantAccount(server);
    const late = await consultantAccount(server);
    for (const c of [early, late]) {
      await earn(db, {
        consultantId: c.id,
        franchiseId,
        cents: 10_000,
        at: '2026-01-15T12:00:00Z',
      });
    }

    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      now: new Date('2026-01-31T22:00:00Z'),
    });
    const scheduler = runScheduler(payments.jobs);
    try {
      await scheduler.idle();
      // The 1st, 07:00: January's run. Neither has a payout account, so both payouts wait.
      await scheduler.jumpTo('2026-02-01T07:00:00Z');
      expect(await payoutsOf(db, early.id)).toEqual([
        { period: '2026-01', amountCents: 8_000, status: 'pending' },
      ]);
      expect(await payoutsOf(db, late.id)).toEqual([
        { period: '2026-01', amountCents: 8_000, status: 'pending' },
      ]);

      // Mid-February: `early`'s account becomes ready (nothing else tells the payouts); both earn.
      await scheduler.jumpTo('2026-02-10T12:00:00Z');
      await markReady(db, early.id);
      for (const c of [early, late]) {
        await earn(db, {
          consultantId: c.id,
          franchiseId,
          cents: 5_000,
          at: '2026-02-10T11:00:00Z',
        });
      }
      // The hourly run pays what waited, within the hour.
      await scheduler.pass(65 * 60_000);
      expect(await payoutsOf(db, early.id)).toEqual([
        { period: '2026-01', amountCents: 8_000, status: 'paid' },
      ]);
      expect(await payoutsOf(db, late.id)).toEqual([
        { period: '2026-01', amountCents: 8_000, status: 'pending' },
      ]);

      // 28 February, 23:50: `late`'s account is ready; the month's payout run is the first
      // scheduled run to see it (the catch-up at 00:05 on the 1st runs it, or the 07:00 job).
      await scheduler.jumpTo('2026-02-28T23:50:00Z');
      await markReady(db, late.id);
      await scheduler.pass(16 * 60_000);
      const march = await db.select().from(jobRun).where(eq(jobRun.key, 'payout:2026-02')).get();
      expect(march?.finishedAt).not.toBeNull();
      // February's run: its own two payouts and `late`'s January one.
      expect(JSON.parse(march?.result ?? 'null')).toEqual({ paid: 3, pending: 0 });
      // February's payout is February's shares only: January's, still waiting then, was not
      // counted as paid into it, nor left out.
      for (const c of [early, late]) {
        expect(await payoutsOf(db, c.id)).toEqual([
          { period: '2026-01', amountCents: 8_000, status: 'paid' },
          { period: '2026-02', amountCents: 4_000, status: 'paid' },
        ]);
      }

      // The schedule goes on (hourly runs, the 07:00 job, next month's run): nothing more is paid.
      await scheduler.pass(7 * 60 * 60_000);
      await scheduler.jumpTo('2026-04-01T07:00:00Z');
      expect(scheduler.failures).toEqual([]);
    } finally {
      scheduler.stop();
      vi.useRealTimers();
    }
    for (const c of [early, late]) await expectPaidOnce(db, c.id, ['2026-01', '2026-02']);
  }, 180_000);

  it('runs repeated and raced in several API processes (monthly, hourly, account.updated’s follow-up) pay each waiting payout once', async () => {
    const server = await freshServer();
    const { db, payments } = server.container;
    const f = await franchisorWithCard(server);
    const c = await consultantAccount(server);
    const franchiseId = f.franchiseId ?? '';
    await earnJanuaryAndFebruary(db, c.id, franchiseId);
    await payments.jobs.monthlyPayouts(new Date('2026-02-01T07:00:00Z'));
    await payments.jobs.monthlyPayouts(new Date('2026-03-01T07:00:00Z'));
    expect(await payoutsOf(db, c.id)).toEqual([
      { period: '2026-01', amountCents: 8_000, status: 'pending' },
      { period: '2026-02', amountCents: 16_000, status: 'pending' },
    ]);
    await markReady(db, c.id);
    const url = server.container.env.DATABASE_URL;
    const at = '2026-04-01T07:00:00Z';
    const raced = await Promise.all([
      finished(runPayoutProcess(url, { run: 'monthly', at })),
      finished(runPayoutProcess(url, { run: 'monthly', at })),
      finished(runPayoutProcess(url, { run: 'pay-waiting', at })),
      finished(runPayoutProcess(url, { run: 'catch-up', at })),
      payments.payouts.payWaiting({ consultantId: c.id }),
    ]);
    // The monthly job itself ran at most once (its lease: the catch-up may have taken it).
    expect(
      raced.slice(0, 2).filter((o) => 'ran' in o && o.ran === true).length,
    ).toBeLessThanOrEqual(1);
    // Repeated an hour later: the hourly job and another follow-up find nothing left to pay.
    const later = '2026-04-01T08:00:00Z';
    const repeated = await Promise.all([
      finished(runPayoutProcess(url, { run: 'waiting', at: later })),
      finished(runPayoutProcess(url, { run: 'pay-waiting', at: later })),
    ]);
    expect(repeated).toEqual([
      { ran: true, result: { paid: 0, waiting: 0 } },
      { paid: 0, waiting: 0 },
    ]);
    await expectPaidOnce(db, c.id, ['2026-01', '2026-02']);
  }, 180_000);

  it('connecting the payout account (ready at once) pays every waiting payout at once, once', async () => {
    const server = await freshServer();
    const { db, payments } = server.container;
    const f = await franchisorWithCard(server);
    const c = await consultantAccount(server);
    await earnJanuaryAndFebruary(db, c.id, f.franchiseId ?? '');
    await payments.payouts.runPayouts('2026-01');
    await payments.payouts.runPayouts('2026-02');
    expect((await payoutsOf(db, c.id)).map((p) => p.status)).toEqual(['pending', 'pending']);
    const connect = () =>
      server.fetch('/api/users/payouts/connect', { method: 'POST', token: c.token, body: '{}' });
    // Twice at once (a double click): the simulated account is ready, both months are paid.
    const answers = await Promise.all([connect(), connect()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const listed = await server.fetch('/api/users/payouts', { token: c.token });
    const { data } = (await listed.json()) as { data: { period: string; status: string }[] };
    expect(data.map((p) => [p.period, p.status])).toEqual([
      ['2026-02', 'paid'],
      ['2026-01', 'paid'],
    ]);
    // Later runs and visits find nothing left to pay.
    await connect();
    await server.fetch('/api/users/payouts/account', { token: c.token });
    await payments.payouts.runPayouts('2026-02');
    await payments.jobs.catchUp(new Date('2026-03-01T08:05:00Z'));
    await expectPaidOnce(db, c.id, ['2026-01', '2026-02']);
  });
});
