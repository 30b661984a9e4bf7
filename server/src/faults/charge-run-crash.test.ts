import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { ledgerTransaction, payment } from '../db/schema/index.ts';
import { ledgerSnapshot, unbalancedTransactions } from '../payments/ledger.ts';
import { copyDatabase } from '../payments/test-fixtures.ts';
import { finished, runCharges } from '../testing/charge-runs.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { completedMeetings } from './completed-meetings.ts';

/**
 * Rule 10, ledger mode: the weekly charge run in real processes on one database — repeated, raced by two
 * processes, and killed with SIGKILL half-way then run again — charges every completed meeting
 * exactly once: the ledger ends identical to one clean run's, and balanced.
 */

const MEETINGS = 24;
const HOUR = 3_600_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await completedMeetings(server, MEETINGS);
}, 120_000);
afterAll(() => server.close());

async function stateOf(url: string) {
  const database = await openDatabase({ url });
  const ledger = await ledgerSnapshot(database.db);
  const payments = (await database.db.select().from(payment))
    .map((p) => `${p.id} ${p.isPaid} ${p.failureCode} ${p.amountCents}`)
    .sort();
  const unbalanced = await unbalancedTransactions(database.db);
  const captures = await database.db
    .select({ key: ledgerTransaction.idempotencyKey })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.kind, 'capture'));
  database.close();
  return { ledger, payments, unbalanced, captures: captures.length };
}

let expected: Awaited<ReturnType<typeof stateOf>>;

describe('rule 10 (ledger): the weekly charge run across processes and crashes', () => {
  it('one clean run in its own process charges every completed meeting; a repeat charges nothing', async () => {
    const url = await copyDatabase(server.container);
    const first = await finished(runCharges(url, { run: 'weekly' }));
    expect(first).toMatchObject({ ran: true, result: { charged: MEETINGS, failed: 0 } });
    expected = await stateOf(url);
    expect(expected.captures).toBe(MEETINGS);
    expect(expected.unbalanced).toEqual([]);
    // The week's run is done: repeated, it does nothing; the manual trigger finds nothing due.
    expect(await finished(runCharges(url, { run: 'weekly' }))).toEqual({
      ran: false,
      reason: 'done',
    });
    expect(await finished(runCharges(url, { run: 'manual' }))).toMatchObject({
      charged: 0,
      failed: 0,
    });
    expect(await stateOf(url)).toEqual(expected);
  }, 180_000);

  it('two processes racing the weekly run and the manual trigger together: each meeting charged once', async () => {
    const url = await copyDatabase(server.container);
    const outcomes = await Promise.all([
      finished(runCharges(url, { run: 'weekly' })),
      finished(runCharges(url, { run: 'weekly' })),
      finished(runCharges(url, { run: 'manual' })),
    ]);
    const weekly = outcomes.slice(0, 2);
    expect(weekly.filter((o) => o.ran === true)).toHaveLength(1);
    expect(await stateOf(url)).toEqual(expected);
  }, 180_000);

  it('killed with SIGKILL after the provider charged but before recording, then run again: no double, no missed charge', async () => {
    const url = await copyDatabase(server.container);
    const killed = runCharges(url, { run: 'manual', pauseAfter: MEETINGS / 2 });
    while (!killed.output().includes('PAUSED')) {
      if (killed.output().includes('{')) throw new Error(`finished early: ${killed.output()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    killed.kill();
    expect(await killed.exited).toBe('SIGKILL');
    const half = await stateOf(url);
    expect(half.captures).toBeGreaterThan(0);
    expect(half.captures).toBeLessThan(MEETINGS);
    expect(half.unbalanced).toEqual([]);
    const again = await finished(runCharges(url, { run: 'weekly' }));
    expect(again).toMatchObject({ ran: true });
    expect(await stateOf(url)).toEqual(expected);
  }, 180_000);

  it('the weekly run killed half-way is taken over once its lease has run out (the hourly catch-up)', async () => {
    const url = await copyDatabase(server.container);
    const killed = runCharges(url, { run: 'weekly' });
    const database = await openDatabase({ url });
    for (;;) {
      const rows = await database.db
        .select({ key: ledgerTransaction.idempotencyKey })
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.kind, 'capture'));
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    killed.kill();
    database.close();
    const code = await killed.exited;
    const half = await stateOf(url);
    expect(half.unbalanced).toEqual([]);
    expect(code).toBe('SIGKILL');
    expect(half.captures).toBeLessThan(MEETINGS);
    // While the dead run's lease holds, nobody else runs the week…
    expect(await finished(runCharges(url, { run: 'weekly' }))).toEqual({
      ran: false,
      reason: 'busy',
    });
    // …and once it has run out (an hour later), the next run takes it over and finishes the work.
    await finished(runCharges(url, { run: 'weekly', clockOffsetMs: HOUR + 60_000 }));
    expect(await stateOf(url)).toEqual(expected);
  }, 180_000);
});
