import { applyMigrations, type Db } from '../db/client.ts';
import { syncSearchVocabulary } from '../features/discovery/projection.ts';

/**
 * Brings a database up to this build: applies the drizzle-kit migrations, then fills what the
 * schema takes from the contracts (the search vocabulary of discovery). The database layer knows
 * no feature, so this step is composed here and handed to whatever migrates (`migrateUnderLock`,
 * the tests' temporary databases, the seed).
 * @example await migrateDatabase(database.db);
 */
export async function migrateDatabase(db: Db): Promise<void> {
  await applyMigrations(db);
  await syncSearchVocabulary(db);
}
