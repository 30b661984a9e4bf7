import { migrateDatabase } from './boot/migrate-database.ts';
import { openDatabase } from './db/client.ts';
import { migrateUnderLock } from './db/migrations-runner.ts';
import { EnvError, loadEnv } from './env.ts';

/**
 * `npm run migrate` / `node server/dist/migrate.js`: applies the migrations to `DATABASE_URL` under
 * the database's migration lock, then exits. The deploy step before starting new API processes.
 */
async function migrate() {
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
  const { applied } = await migrateUnderLock(database, {
    migrate: migrateDatabase,
    log: (m) => console.log(m),
  });
  console.log(applied > 0 ? `migrated: ${applied} applied` : 'migrated: already up to date');
  database.close();
}

migrate().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
