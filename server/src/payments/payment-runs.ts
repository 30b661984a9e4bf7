import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { meeting, payment } from '../db/schema/index.ts';
import { loadPayment, type PaymentContextRow } from './payment-rows.ts';

/**
 * The ids of the payments that match `where` — a payment is seen with its meeting, while that
 * still exists, so conditions may name either — in `order` (the database's order when none).
 * @example const due = await paymentIdsWhere(db, isNull(payment.failureCode), asc(payment.createdAt));
 */
export async function paymentIdsWhere(
  db: Db,
  where: SQL | undefined,
  ...order: SQL[]
): Promise<string[]> {
  const query = db
    .select({ id: payment.id })
    .from(payment)
    .leftJoin(meeting, eq(meeting.id, payment.meetingId))
    .where(where);
  const rows = await (order.length > 0 ? query.orderBy(...order) : query);
  return rows.map((r) => r.id);
}

/**
 * Each payment with who it concerns, loaded only when its turn comes (a run before it may have
 * moved it); a payment gone since is passed over. A failed load stops the caller's loop.
 * @example for await (const row of loadEach(db, ids)) result.push(row);
 */
export async function* loadEach(db: Db, ids: readonly string[]): AsyncGenerator<PaymentContextRow> {
  for (const id of ids) {
    const row = await loadPayment(db, id);
    if (row) yield row;
  }
}

/**
 * A money run over `items`, one at a time, counting each outcome. An error goes to `failed`, which
 * returns the outcome to count it as (and logs why) or throws to stop the run: every run is safe
 * to start again, so stopping on what nobody understands is better than guessing.
 * @example const counts = await tallyRun(ids, { charged: 0, failed: 0, skipped: 0 }, charge, () => 'skipped');
 */
export async function tallyRun<T, O extends string>(
  items: Iterable<T> | AsyncIterable<T>,
  counts: Record<O, number>,
  attempt: (item: T) => Promise<O>,
  failed: (error: unknown, item: T) => O,
): Promise<Record<O, number>> {
  for await (const item of items) {
    let outcome: O;
    try {
      outcome = await attempt(item);
    } catch (error) {
      outcome = failed(error, item);
    }
    counts[outcome] += 1;
  }
  return counts;
}
