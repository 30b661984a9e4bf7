import { migrateDatabase } from '../boot/migrate-database.ts';
import { createContainer } from '../container.ts';
import { openDatabase } from '../db/client.ts';
import { EnvError, loadEnv } from '../env.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { seedIfEmpty } from './seed-if-empty.ts';

/**
 * `npm run seed -w @fm/server` (or `tsx server/src/seed/cli.ts`): migrates the database of
 * `DATABASE_URL` and seeds the demo marketplace into it when it is empty. Refuses production.
 */
async function main(): Promise<number> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (env.isProduction) {
    console.error('The demo seed never runs in production (NODE_ENV=production).');
    return 1;
  }
  const database = await openDatabase({
    url: env.DATABASE_URL,
    authToken: env.DATABASE_AUTH_TOKEN,
  });
  try {
    await migrateDatabase(database.db);
    const container = await createContainer({ env: { ...env, LOG_LEVEL: 'error' }, database });
    const started = performance.now();
    const counts = await seedIfEmpty(container);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!counts) {
      console.log(`${env.DATABASE_URL} is not empty: nothing seeded.`);
      return 0;
    }
    console.log(`Seeded ${env.DATABASE_URL} in ${seconds} s:`);
    for (const [table, count] of Object.entries(counts))
      console.log(`  ${table.padEnd(24)}${count}`);
    console.log(`\nDemo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const account of Object.values(DEMO_ACCOUNTS))
      console.log(`  ${account.role.padEnd(11)}${account.email}`);
    return 0;
  } finally {
    database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
