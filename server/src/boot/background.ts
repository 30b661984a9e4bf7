import type { Container } from '../container.ts';
import { createWebhookWorker } from '../features/webhooks/delivery/worker.ts';
import { createOutboxWorker } from '../mail/outbox-worker.ts';
import { mailTransportFromEnv } from '../mail/transport.ts';
import { startPruning } from '../maintenance/prune.ts';

/**
 * Whether this process keeps the demo meeting (rule 20): the demo seed is on, and never in
 * production, which never loads the demo seed.
 * @example keepsDemoMeeting({ SEED: 'demo', isProduction: false }); // true
 */
export function keepsDemoMeeting(env: { SEED?: string | undefined; isProduction: boolean }) {
  return env.SEED === 'demo' && !env.isProduction;
}

/**
 * What an API process runs besides serving: the payment scheduler, the mail outbox worker (unless
 * `MAIL_WORKER=off`, when `mail-worker.js` runs it alone), the webhook delivery worker (rule 21),
 * the pruning of `rate_limit`/`job_run`/`webhook_delivery`,
 * the AI search's index, built at start rather than at the first search, and with the demo seed the
 * keeper of the running demo meeting.
 * Each is safe in several processes at once (leases in the database, idempotent deletes).
 * @example const background = await startBackground(container); … await background.stop();
 */
export async function startBackground(container: Container) {
  const { env, db, logger, now } = container;
  // The AI search's index, built ahead of the first search (in its thread).
  container.franchiseRanker.warmUp();
  const scheduler = container.payments.startScheduler();
  // Rule 20: the demo meeting is always there (loaded only with the demo seed, never in production).
  const demoMeeting = keepsDemoMeeting(env)
    ? (await import('../seed/demo-running-meeting.ts')).startDemoMeetingKeeper(container, now)
    : undefined;
  const mail =
    env.MAIL_WORKER === 'in-process'
      ? createOutboxWorker({
          db,
          logger,
          now,
          transport: await mailTransportFromEnv(env, logger),
        }).start()
      : undefined;
  const webhooks = createWebhookWorker({
    db,
    logger,
    now,
    mailer: container.mailer,
    isProduction: env.isProduction,
    publicUrl: env.PUBLIC_URL,
  }).start();
  const pruning = startPruning({
    db,
    now,
    logger,
    jobRunRetentionDays: env.JOB_RUN_RETENTION_DAYS,
  });
  return {
    async stop() {
      scheduler.stop();
      demoMeeting?.stop();
      pruning.stop();
      await Promise.all([mail?.stop(), webhooks.stop()]);
    },
  };
}
