import cluster from 'node:cluster';
import { PRODUCT_NAME } from '@fm/sdk/contracts';
import { bootstrapAdmin } from './boot/admin-bootstrap.ts';
import { startBackground } from './boot/background.ts';
import { openConfiguredDatabase } from './boot/configured-database.ts';
import { prepareDatabase } from './boot/prepare-database.ts';
import { runWorkers } from './boot/workers.ts';
import { createContainer, defaultStaticDirs } from './container.ts';
import { assertSchemaCurrent, SchemaBehindError } from './db/migrations-runner.ts';
import { serveFramed } from './http/framed-response.ts';

/**
 * Boot: validate configuration, migrate (or check the schema), bootstrap the admin, seed the demo,
 * then serve — in this process, or with `WORKERS=n` in n forked API processes on one port — and
 * shut down gracefully.
 */
async function main() {
  const { env, database } = await openConfiguredDatabase();
  // A forked API process finds the schema ready: its primary prepared it before forking.
  const primary = cluster.isPrimary;
  try {
    if (primary) await prepareDatabase(database, env, (message) => console.log(message));
    else await assertSchemaCurrent(database);
  } catch (error) {
    if (!(error instanceof SchemaBehindError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const container = await createContainer({ env, database, staticDirs: defaultStaticDirs });
  const { logger } = container;
  if (primary && env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    // An address held by a non-admin is reported and left alone; the start goes on.
    await bootstrapAdmin(container, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  }
  if (primary && env.SEED === 'demo' && !env.isProduction) {
    // Loaded only here: production never loads the demo seed (nor its fake-data library).
    const [{ seedIfEmpty }, { ensureDemoRunningMeeting }, demoKey] = await Promise.all([
      import('./seed/seed-if-empty.ts'),
      import('./seed/demo-running-meeting.ts'),
      import('./seed/demo-embed-key.ts'),
    ]);
    const { DEFAULT_PARTNER_PORT, demoEmbedOrigins, ensureDemoEmbedKey } = demoKey;
    const seeded = await seedIfEmpty(container);
    if (seeded) logger.info('demo data seeded', seeded);
    // Rule 16: a meeting of the demo franchisor and consultant is running now, its room open.
    const running = await ensureDemoRunningMeeting(container);
    if (running) logger.info(`demo meeting running now: /meetings/${running}/room`);
    // The demo franchise's embed key, for both demo pages (no parameters needed).
    const partnerPort = Number(process.env.PARTNER_PORT ?? DEFAULT_PARTNER_PORT);
    await ensureDemoEmbedKey(
      container.db,
      demoEmbedOrigins(env.PUBLIC_URL, partnerPort),
      new Date(),
    );
  }
  if (primary && env.WORKERS > 1) {
    database.close();
    runWorkers(env.WORKERS, logger);
    return;
  }
  const background = await startBackground(container);
  const server = serveFramed(
    { fetch: container.app.fetch, port: env.PORT, hostname: env.HOST },
    (info) => {
      logger.info(
        `${PRODUCT_NAME} is listening on ${env.PUBLIC_URL} (bound to ${info.address}:${info.port})`,
      );
    },
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, closing`);
    void background.stop();
    void container.close();
    server.close(() => {
      database.close();
      process.exit(0);
    });
    // Connections that do not finish in time are cut.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
