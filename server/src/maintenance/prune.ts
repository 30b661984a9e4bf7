import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@fm/sdk/contracts';
import { and, isNotNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRun, rateLimit, webhookDelivery } from '../db/schema/index.ts';
import type { Logger } from '../http/logger.ts';

const DAY_MS = 86_400_000;

export interface PruneOptions {
  db: Db;
  now: () => Date;
  /** Finished `job_run` rows older than this go (the ledger keeps the money; these are the runs' notes). */
  jobRunRetentionDays: number;
}

/**
 * Deletes what only grows: `rate_limit` rows that stopped counting, finished `job_run` rows older than
 * the retention, and webhook deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS (rule 21: the
 * delivery log keeps 30 days). A run still going (or one whose lease guards a week not over yet) is never finished
 * that long ago, so the charge and payout leases of the current periods are untouched.
 * @example await pruneTables({ db, now, jobRunRetentionDays: 90 });
 */
export async function pruneTables(options: PruneOptions) {
  const at = options.now().getTime();
  // A row past its expiry is only a count nobody reads again, whatever its window's length.
  const limits = await options.db
    .delete(rateLimit)
    .where(lte(rateLimit.expiresAt, at))
    .returning({ key: rateLimit.key });
  const cutoff = new Date(at - options.jobRunRetentionDays * DAY_MS);
  const runs = await options.db
    .delete(jobRun)
    .where(and(isNotNull(jobRun.finishedAt), lt(jobRun.finishedAt, cutoff)))
    .returning({ key: jobRun.key });
  const deliveries = await options.db
    .delete(webhookDelivery)
    .where(lt(webhookDelivery.createdAt, new Date(at - WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_MS)))
    .returning({ id: webhookDelivery.id });
  return { rateLimits: limits.length, jobRuns: runs.length, webhookDeliveries: deliveries.length };
}

/**
 * Runs `pruneTables` every `everyMs` (an hour by default) in this process. Several processes may
 * prune at once: the deletes are idempotent, so no lease is needed.
 * @example const pruning = startPruning({ ...options, logger }); … pruning.stop();
 */
export function startPruning(options: PruneOptions & { logger: Logger; everyMs?: number }) {
  const run = () =>
    pruneTables(options)
      .then((pruned) => options.logger.debug('pruned tables', pruned))
      .catch((error: unknown) => options.logger.error('pruning failed', error));
  void run();
  const timer = setInterval(run, options.everyMs ?? 3_600_000).unref();
  return { stop: () => clearInterval(timer) };
}
