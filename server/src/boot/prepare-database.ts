import type { Database } from '../db/client.ts';
import { assertSchemaCurrent, migrateUnderLock } from '../db/migrations-runner.ts';
import { migrateDatabase } from './migrate-database.ts';

/**
 * The schema step of a start: development migrates (under the database lock, so processes starting
 * together do not race); production migrates only with `MIGRATE_ON_START=true` and otherwise refuses
 * a database that is behind (`SchemaBehindError`, whose message says what to run).
 * @example await prepareDatabase(database, env, (m) => logger.info(m));
 */
export async function prepareDatabase(
  database: Database,
  env: { MIGRATE_ON_START: boolean },
  log: (message: string) => void,
): Promise<void> {
  if (env.MIGRATE_ON_START) await migrateUnderLock(database, { migrate: migrateDatabase, log });
  else await assertSchemaCurrent(database);
}
