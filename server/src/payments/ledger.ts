import { DECLINED_CARD_FEE_CENTS } from '@fm/sdk/contracts';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { ledgerEntry, ledgerTransaction } from '../db/schema/index.ts';
import { splitCharge } from './money-rules.ts';

/**
 * The double-entry ledger: every movement of money is one transaction whose entries, in
 * signed integer cents (debits positive, credits negative), sum to zero. Balances are derived by
 * summing entries, never stored. A transaction's idempotency key is unique, so posting the same key
 * twice is a no-op — that is what makes every charge happen once.
 *
 * Accounts:
 * - `franchise:{id}:card`        money taken from the franchise's card (captures, fees, invoices)
 * - `franchise:{id}:hold`        money reserved on the franchise's card, against `platform:holds`
 * - `franchise:{id}:receivable`  declined-card fees not yet collected
 * - `consultant:{id}:payable`    what the platform owes a consultant (80 % shares less payouts)
 * - `platform:revenue`           the platform's income (20 % fees, $25 fees, subscriptions)
 * - `platform:holds`             the other side of every hold
 * - `platform:payouts`           money sent to consultants
 */
export const ACCOUNTS = {
  franchiseCard: (franchiseId: string) => `franchise:${franchiseId}:card`,
  franchiseHold: (franchiseId: string) => `franchise:${franchiseId}:hold`,
  franchiseReceivable: (franchiseId: string) => `franchise:${franchiseId}:receivable`,
  consultantPayable: (consultantId: string) => `consultant:${consultantId}:payable`,
  platformRevenue: 'platform:revenue',
  platformHolds: 'platform:holds',
  platformPayouts: 'platform:payouts',
} as const;

export const LEDGER_KINDS = [
  'hold',
  'release',
  'capture',
  'refund',
  'declined_fee',
  'declined_fee_paid',
  'subscription_invoice',
  'payout',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Idempotency keys of the ledger: one per movement that may happen once. `capture:{meetingId}` is
 * the demo seed's convention too.
 */
export const LEDGER_KEYS = {
  hold: (meetingId: string) => `hold:${meetingId}`,
  release: (meetingId: string) => `release:${meetingId}`,
  capture: (meetingId: string) => `capture:${meetingId}`,
  refund: (meetingId: string) => `refund:${meetingId}`,
  declinedFee: (meetingId: string) => `declined_fee:${meetingId}`,
  declinedFeePaid: (meetingId: string) => `declined_fee_paid:${meetingId}`,
  invoice: (subscriptionId: string, periodStart: Date) =>
    `subscription:${subscriptionId}:${periodStart.toISOString()}`,
  payout: (consultantId: string, period: string) => `payout:${consultantId}:${period}`,
} as const;

export interface LedgerLine {
  account: string;
  amountCents: number;
}

export interface LedgerPosting {
  kind: LedgerKind;
  idempotencyKey: string;
  entries: LedgerLine[];
  createdAt: Date;
  meetingId?: string | null | undefined;
  franchiseId?: string | null | undefined;
  consultantId?: string | null | undefined;
  providerReference?: string | null | undefined;
}

/** A posting whose entries do not sum to zero (or are not whole cents) is a bug: nothing is written. */
export class LedgerImbalanceError extends Error {
  override name = 'LedgerImbalanceError';
}

/** Throws unless the lines are whole cents summing to zero. */
export function assertBalanced(entries: readonly LedgerLine[]): void {
  let sum = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents)) {
      throw new LedgerImbalanceError(`${entry.account}: ${entry.amountCents} is not whole cents`);
    }
    sum += entry.amountCents;
  }
  if (sum !== 0) {
    throw new LedgerImbalanceError(
      `entries sum to ${sum}: ${entries.map((e) => `${e.account} ${e.amountCents}`).join(', ')}`,
    );
  }
}

/** The `ledger_transaction` row of a posting (its id left to the caller or the default). */
const transactionRow = (posting: LedgerPosting) => ({
  kind: posting.kind,
  idempotencyKey: posting.idempotencyKey,
  meetingId: posting.meetingId ?? null,
  franchiseId: posting.franchiseId ?? null,
  consultantId: posting.consultantId ?? null,
  providerReference: posting.providerReference ?? null,
  createdAt: posting.createdAt,
});

/**
 * Posts one balanced transaction. A repeated idempotency key changes nothing and answers
 * `posted: false`; lines of zero are left out (a posting of nothing is not written).
 * @example await post(tx, { kind: 'capture', idempotencyKey: 'capture:m1', entries: captureLines(...), createdAt: now })
 */
export async function post(
  executor: Db | Tx,
  posting: LedgerPosting,
): Promise<{ posted: boolean }> {
  assertBalanced(posting.entries);
  const lines = posting.entries.filter((e) => e.amountCents !== 0);
  if (lines.length === 0) return { posted: false };
  return executor.transaction(async (tx) => {
    const inserted = await tx
      .insert(ledgerTransaction)
      .values(transactionRow(posting))
      .onConflictDoNothing({ target: ledgerTransaction.idempotencyKey })
      .returning({ id: ledgerTransaction.id });
    const transactionId = inserted[0]?.id;
    if (!transactionId) return { posted: false };
    await tx.insert(ledgerEntry).values(lines.map((line) => ({ transactionId, ...line })));
    return { posted: true };
  });
}

/**
 * A first posting as statements for a batch the caller runs (a booking's hold): the transaction
 * row with its id chosen here, and its entries. Unlike {@link post}, a key already posted is not a
 * no-op: the transaction row is kept, and the entries, naming an id that was never written, fail
 * on their foreign key, so the batch rolls back rather than posting twice. Empty when every line
 * is zero.
 * @example await db.batch([...otherStatements, ...firstPostingStatements(db, posting)]);
 */
export function firstPostingStatements(db: Db, posting: LedgerPosting) {
  assertBalanced(posting.entries);
  const lines = posting.entries.filter((e) => e.amountCents !== 0);
  if (lines.length === 0) return [];
  const transactionId = crypto.randomUUID();
  return [
    db
      .insert(ledgerTransaction)
      .values({ ...transactionRow(posting), id: transactionId })
      .onConflictDoNothing({ target: ledgerTransaction.idempotencyKey }),
    db.insert(ledgerEntry).values(lines.map((line) => ({ transactionId, ...line }))),
  ];
}

/** Whether a movement with this key has been posted. */
export async function isPosted(executor: Db | Tx, idempotencyKey: string): Promise<boolean> {
  const row = await executor
    .select({ id: ledgerTransaction.id })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.idempotencyKey, idempotencyKey))
    .get();
  return row !== undefined;
}

// --- The entries of each movement -------------------------------------------------------------

/** Money reserved on the franchise's card. */
export const holdLines = (franchiseId: string, amountCents: number): LedgerLine[] => [
  { account: ACCOUNTS.franchiseHold(franchiseId), amountCents },
  { account: ACCOUNTS.platformHolds, amountCents: -amountCents },
];

/** A hold given back: released, expired, or turned into a capture. */
export const releaseLines = (franchiseId: string, amountCents: number): LedgerLine[] => [
  { account: ACCOUNTS.franchiseHold(franchiseId), amountCents: -amountCents },
  { account: ACCOUNTS.platformHolds, amountCents },
];

/** A meeting charged: the card is debited the total, the platform keeps 20 %, the consultant is owed 80 %. */
export function captureLines(
  franchiseId: string,
  consultantId: string,
  totalCents: number,
): LedgerLine[] {
  const { platformFeeCents, consultantShareCents } = splitCharge(totalCents);
  return [
    { account: ACCOUNTS.franchiseCard(franchiseId), amountCents: totalCents },
    { account: ACCOUNTS.platformRevenue, amountCents: -platformFeeCents },
    { account: ACCOUNTS.consultantPayable(consultantId), amountCents: -consultantShareCents },
  ];
}

/** A capture given back in full. */
export const refundLines = (
  franchiseId: string,
  consultantId: string,
  totalCents: number,
): LedgerLine[] =>
  captureLines(franchiseId, consultantId, totalCents).map((line) => ({
    account: line.account,
    amountCents: -line.amountCents,
  }));

/** The $25 fee of a card declined at charge time: owed by the franchise until collected. */
export const declinedFeeLines = (franchiseId: string): LedgerLine[] => [
  { account: ACCOUNTS.franchiseReceivable(franchiseId), amountCents: DECLINED_CARD_FEE_CENTS },
  { account: ACCOUNTS.platformRevenue, amountCents: -DECLINED_CARD_FEE_CENTS },
];

/** The $25 fee collected from the (new) card. */
export const declinedFeePaidLines = (franchiseId: string): LedgerLine[] => [
  { account: ACCOUNTS.franchiseCard(franchiseId), amountCents: DECLINED_CARD_FEE_CENTS },
  { account: ACCOUNTS.franchiseReceivable(franchiseId), amountCents: -DECLINED_CARD_FEE_CENTS },
];

/** A subscription invoice paid by the franchise. */
export const invoiceLines = (franchiseId: string, amountCents: number): LedgerLine[] => [
  { account: ACCOUNTS.franchiseCard(franchiseId), amountCents },
  { account: ACCOUNTS.platformRevenue, amountCents: -amountCents },
];

/** A consultant paid: what the platform owed them goes out. */
export const payoutLines = (consultantId: string, amountCents: number): LedgerLine[] => [
  { account: ACCOUNTS.consultantPayable(consultantId), amountCents },
  { account: ACCOUNTS.platformPayouts, amountCents: -amountCents },
];

// --- Balances, derived -----------------------------------------------------------------------

const total = sql<number>`coalesce(sum(${ledgerEntry.amountCents}), 0)`.mapWith(Number);

/** The balance of one account (debits positive). */
export async function balance(executor: Db | Tx, account: string): Promise<number> {
  const row = await executor
    .select({ total })
    .from(ledgerEntry)
    .where(eq(ledgerEntry.account, account))
    .get();
  return row?.total ?? 0;
}

/** Balances per account of every account starting with `prefix` (e.g. `franchise:{id}:`). */
export async function balancesByPrefix(
  executor: Db | Tx,
  prefix: string,
): Promise<Record<string, number>> {
  const rows = await executor
    .select({ account: ledgerEntry.account, total })
    .from(ledgerEntry)
    .where(like(ledgerEntry.account, `${prefix.replace(/[%_]/g, '')}%`))
    .groupBy(ledgerEntry.account);
  return Object.fromEntries(rows.map((r) => [r.account, r.total]));
}

/** A meeting's money per account: held, charged, fees and shares of its transactions. */
export async function meetingBalances(
  executor: Db | Tx,
  meetingId: string,
): Promise<Record<string, number>> {
  const rows = await executor
    .select({ account: ledgerEntry.account, total })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .where(eq(ledgerTransaction.meetingId, meetingId))
    .groupBy(ledgerEntry.account);
  return Object.fromEntries(rows.map((r) => [r.account, r.total]));
}

/**
 * What a franchise has paid, has on hold and still owes (cents, positive numbers).
 * @example const { charged, held, owed } = await franchiseBalance(db, franchiseId);
 */
export async function franchiseBalance(executor: Db | Tx, franchiseId: string) {
  const b = await balancesByPrefix(executor, `franchise:${franchiseId}:`);
  return {
    charged: b[ACCOUNTS.franchiseCard(franchiseId)] ?? 0,
    held: b[ACCOUNTS.franchiseHold(franchiseId)] ?? 0,
    owed: b[ACCOUNTS.franchiseReceivable(franchiseId)] ?? 0,
  };
}

/**
 * What a consultant has earned (80 % shares net of refunds), been paid and is still owed (cents).
 * @example const { earned, paid, owed } = await consultantBalance(db, consultantId);
 */
export async function consultantBalance(executor: Db | Tx, consultantId: string) {
  const rows = await executor
    .select({ kind: ledgerTransaction.kind, total })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .where(eq(ledgerEntry.account, ACCOUNTS.consultantPayable(consultantId)))
    .groupBy(ledgerTransaction.kind);
  let earned = 0;
  let paid = 0;
  for (const row of rows) {
    if (row.kind === 'payout') paid += row.total;
    else earned -= row.total;
  }
  return { earned, paid, owed: earned - paid };
}

/** Transactions whose entries do not sum to zero: always empty (a check for tests and audits). */
export async function unbalancedTransactions(executor: Db | Tx): Promise<string[]> {
  const rows = await executor
    .select({ id: ledgerEntry.transactionId })
    .from(ledgerEntry)
    .groupBy(ledgerEntry.transactionId)
    .having(sql`sum(${ledgerEntry.amountCents}) != 0`);
  return rows.map((r) => r.id);
}

/** Every transaction with its entries, in a stable order (for comparing two ledgers). */
export async function ledgerSnapshot(executor: Db | Tx, kinds?: readonly LedgerKind[]) {
  const rows = await executor
    .select({
      key: ledgerTransaction.idempotencyKey,
      kind: ledgerTransaction.kind,
      account: ledgerEntry.account,
      amountCents: ledgerEntry.amountCents,
    })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .where(kinds ? inArray(ledgerTransaction.kind, [...kinds]) : and());
  return rows
    .map((r) => `${r.key} ${r.kind} ${r.account} ${r.amountCents}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
