import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { ledgerEntry, ledgerTransaction } from '../db/schema/index.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  ACCOUNTS,
  balance,
  captureLines,
  consultantBalance,
  firstPostingStatements,
  franchiseBalance,
  LedgerImbalanceError,
  payoutLines,
  post,
  unbalancedTransactions,
} from './ledger.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const at = new Date('2026-03-02T12:00:00Z');
const openServerDb = (s: TestServer) => openDatabase({ url: s.container.env.DATABASE_URL });

describe('the double-entry ledger', () => {
  it('refuses a posting that does not balance, or is not whole cents, and writes nothing', async () => {
    const { db } = server.container;
    // A cent short, then half cents that balance.
    for (const [key, debit, credit] of [
      ['bad:1', 100, -99],
      ['bad:2', 0.5, -0.5],
    ] as const) {
      await expect(
        post(db, {
          kind: 'capture',
          idempotencyKey: key,
          entries: [
            { account: 'a', amountCents: debit },
            { account: 'b', amountCents: credit },
          ],
          createdAt: at,
        }),
        key,
      ).rejects.toBeInstanceOf(LedgerImbalanceError);
    }
    expect(await db.select().from(ledgerTransaction)).toEqual([]);
    expect(await db.select().from(ledgerEntry)).toEqual([]);
  });

  it('posts each idempotency key once and derives balances by summing', async () => {
    const { db } = server.container;
    const capture = {
      kind: 'capture' as const,
      idempotencyKey: 'capture:m1',
      entries: captureLines('f1', 'c1', 5_001),
      createdAt: at,
    };
    await expect(post(db, capture)).resolves.toEqual({ posted: true });
    await expect(post(db, capture)).resolves.toEqual({ posted: false });
    // A second process posting the same key meets the unique index: nothing is written.
    const other = await openServerDb(server);
    try {
      await expect(post(other.db, capture)).resolves.toEqual({ posted: false });
    } finally {
      other.close();
    }
    expect(await balance(db, ACCOUNTS.franchiseCard('f1'))).toBe(5_001);
    expect(await balance(db, ACCOUNTS.platformRevenue)).toBe(-1_000);
    expect(await franchiseBalance(db, 'f1')).toEqual({ charged: 5_001, held: 0, owed: 0 });
    await post(db, {
      kind: 'payout',
      idempotencyKey: 'payout:c1:2026-03',
      entries: payoutLines('c1', 4_001),
      createdAt: at,
    });
    expect(await consultantBalance(db, 'c1')).toEqual({ earned: 4_001, paid: 4_001, owed: 0 });
    expect(await unbalancedTransactions(db)).toEqual([]);
  });

  it('writes a first posting in a batch, and fails the batch rather than post a key twice', async () => {
    const { db } = server.container;
    const hold = {
      kind: 'hold' as const,
      idempotencyKey: 'hold:batch-m1',
      entries: [
        { account: ACCOUNTS.franchiseHold('f9'), amountCents: 2_500 },
        { account: ACCOUNTS.platformHolds, amountCents: -2_500 },
        { account: 'zero', amountCents: 0 },
      ],
      createdAt: at,
    };
    const [first, ...rest] = firstPostingStatements(db, hold);
    if (!first) throw new Error('no statements');
    await db.batch([first, ...rest]);
    expect(await balance(db, ACCOUNTS.franchiseHold('f9'))).toBe(2_500);
    const [again, ...others] = firstPostingStatements(db, hold);
    if (!again) throw new Error('no statements');
    await expect(db.batch([again, ...others])).rejects.toThrow();
    expect(await balance(db, ACCOUNTS.franchiseHold('f9'))).toBe(2_500);
    expect(
      firstPostingStatements(db, { ...hold, entries: [{ account: 'a', amountCents: 0 }] }),
    ).toEqual([]);
    expect(() =>
      firstPostingStatements(db, { ...hold, entries: [{ account: 'a', amountCents: 1 }] }),
    ).toThrow(LedgerImbalanceError);
    expect(await unbalancedTransactions(db)).toEqual([]);
  });
});
