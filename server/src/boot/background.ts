import type { Container } from '../container.ts';
import { createOutboxWorker } from '../mail/outbox-worker.ts';
import { mailTransportFromEnv } from '../mail/transport.ts';
import { startPruning } from '../maintenance/prune.ts';

/**
 * What an API process runs besides serving: the payment scheduler, the mail outbox worker (unless
 * `MAIL_WORKER=off`, when `mail-worker.js` runs it alone), the pruning of `rate_limit`/`job_run`,
 * and the AI search's index, built at start rather than at the first search.
 * Each is safe in several processes at once (leases in the database, idempotent deletes).
 * @example const background = await startBackground(container); … await background.stop();
 */
export async function startBackground(container: Container) {
  const { env, db, logger, now } = container;
  // The AI search's index, built ahead of the first search (in its thread).
  container.franchiseRanker.warmUp();
  const scheduler = container.payments.startScheduler();
  const mail =
    env.MAIL_WORKER === 'in-process'
      ? createOutboxWorker({
          db,
          logger,
          now,
          transport: await mailTransportFromEnv(env, logger),
        }).start()
      : undefined;
  const pruning = startPruning({
    db,
    now,
    logger,
    rateLimitWindowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    jobRunRetentionDays: env.JOB_RUN_RETENTION_DAYS,
  });
  return {
    async stop() {
      scheduler.stop();
      pruning.stop();
      await mail?.stop();
    },
  };
}
