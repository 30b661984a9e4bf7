import { openConfiguredDatabase } from './boot/configured-database.ts';
import { assertSchemaCurrent, SchemaBehindError } from './db/migrations-runner.ts';
import { createLogger } from './http/logger.ts';
import { createOutboxWorker } from './mail/outbox-worker.ts';
import { mailTransportFromEnv } from './mail/transport.ts';

/**
 * `node server/dist/mail-worker.js`: drains the mail outbox in its own process (run the API with
 * `MAIL_WORKER=off` then). Several may run; the rows' leases keep them from sending a row twice.
 */
async function runMailWorker() {
  // Signals are answered from the first moment: a stop that arrives while the worker is still
  // starting ends the process cleanly (nothing is being sent yet) instead of killing it.
  let stopWorker: (() => Promise<void>) | undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 10_000).unref();
    void (stopWorker?.() ?? Promise.resolve()).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const { env, database } = await openConfiguredDatabase();
  const logger = createLogger(env.LOG_LEVEL);
  try {
    await assertSchemaCurrent(database);
  } catch (error) {
    if (!(error instanceof SchemaBehindError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const transport = await mailTransportFromEnv(env, logger);
  if (stopping) return;
  const worker = createOutboxWorker({ db: database.db, logger, transport }).start();
  // The worker's timers do not hold a process open (in the API the server does): this does.
  const keepAlive = setInterval(() => {}, 60_000);
  stopWorker = async () => {
    clearInterval(keepAlive);
    await worker.stop();
    database.close();
  };
  logger.info(`mail worker is draining the outbox (${transport.name})`);
}

runMailWorker().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
