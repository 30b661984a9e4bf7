import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRun } from '../db/schema/index.ts';

export type LeaseOutcome<T> = { ran: true; result: T } | { ran: false; reason: 'done' | 'busy' };

/**
 * Runs `work` at most once per `key` across processes and restarts (the `job_run` table): the first
 * process to insert the key holds a lease; others answer `busy` while it runs and `done` after. A
 * run that died (its lease ran out without finishing) is taken over by the next caller; a run that
 * failed gives its lease up at once so the next tick retries it. Runs must themselves be idempotent
 * (they are: every charge and payout has its own key), the lease only avoids doing the work twice.
 * @example await runWithLease(db, { key: 'charge:2026-W47', job: 'weekly-charges', now, leaseMs: 3_600_000 }, () => charges.runCharges())
 */
export async function runWithLease<T>(
  db: Db,
  options: { key: string; job: string; now: () => Date; leaseMs: number },
  work: () => Promise<T>,
): Promise<LeaseOutcome<T>> {
  const { key, job, now, leaseMs } = options;
  const startedAt = now();
  const leaseUntil = startedAt.getTime() + leaseMs;
  const inserted = await db
    .insert(jobRun)
    .values({ key, job, startedAt, leaseUntil })
    .onConflictDoNothing()
    .returning({ key: jobRun.key });
  let acquired = inserted.length > 0;
  if (!acquired) {
    const takenOver = await db
      .update(jobRun)
      .set({ startedAt, leaseUntil })
      .where(
        and(
          eq(jobRun.key, key),
          isNull(jobRun.finishedAt),
          lt(jobRun.leaseUntil, startedAt.getTime()),
        ),
      )
      .returning({ key: jobRun.key });
    acquired = takenOver.length > 0;
  }
  if (!acquired) {
    const row = await db.select().from(jobRun).where(eq(jobRun.key, key)).get();
    return { ran: false, reason: row?.finishedAt ? 'done' : 'busy' };
  }
  try {
    const result = await work();
    await db
      .update(jobRun)
      .set({ finishedAt: now(), result: JSON.stringify(result ?? null) })
      .where(eq(jobRun.key, key));
    return { ran: true, result };
  } catch (error) {
    await db
      .update(jobRun)
      .set({
        leaseUntil: 0,
        result: JSON.stringify({ error: error instanceof Error ? error.message : String(error) }),
      })
      .where(eq(jobRun.key, key));
    throw error;
  }
}
