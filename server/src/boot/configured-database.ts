import { type Database, openDatabase } from '../db/client.ts';
import { type Env, EnvError, loadEnv } from '../env.ts';

/**
 * How every server command starts (the API, the migration step, the mail worker): the
 * environment validated — an invalid one ends the process with its message and exit code 1 —
 * and the database it names opened.
 * @example const { env, database } = await openConfiguredDatabase();
 */
export async function openConfiguredDatabase(): Promise<{ env: Env; database: Database }> {
  let env: Env;
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
  return { env, database };
}
