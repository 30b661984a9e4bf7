import { PRODUCT_NAME } from '@fm/sdk/contracts';
import { serve } from '@hono/node-server';
import { createContainer, defaultStaticDirs } from './container.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { AdminBootstrapRefused } from './features/auth/service.ts';
import { EnvError, loadEnv } from './env.ts';
import { seedIfEmpty } from './seed/seed-if-empty.ts';

/** Boot: validate configuration, migrate, bootstrap the admin, seed the demo, serve, shut down gracefully. */
async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    url: env.DATABASE_URL,
    authToken: env.DATABASE_AUTH_TOKEN,
  });
  await migrateDatabase(database.db);
  const container = await createContainer({ env, database, staticDirs: defaultStaticDirs });
  const { logger } = container;
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    try {
      await container.accounts.ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    } catch (error) {
      if (!(error instanceof AdminBootstrapRefused)) throw error;
      console.error(error.message);
      process.exit(1);
    }
    logger.info(`admin ${env.ADMIN_EMAIL} is ready`);
  }
  if (env.SEED === 'demo' && !env.isProduction) {
    const seeded = await seedIfEmpty(container);
    if (seeded) logger.info('demo data seeded', seeded);
  }
  const scheduler = container.payments.startScheduler();
  const server = serve(
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
    scheduler.stop();
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
