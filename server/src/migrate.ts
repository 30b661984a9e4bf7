import { openConfiguredDatabase } from './boot/configured-database.ts';
import { migrateDatabase } from './boot/migrate-database.ts';
import { migrateUnderLock } from './db/migrations-runner.ts';

/**
 * `npm run migrate` / `node server/dist/migrate.js`: applies the migrations to `DATABASE_URL` under
 * the database's migration lock, then exits. The deploy step before starting new API processes.
 */
async function migrate() {
  const { database } = await openConfiguredDatabase();
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
