import { type Container, createContainer } from '../container.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';

/**
 * The container a money run's own process works with (`charge-run-process.ts`,
 * `payout-run-process.ts`): the database at `DATABASE_URL`, and with `STRIPE_API_URL` the Stripe
 * adapter against that (recorded fake) API instead of the ledger. Test-only.
 * @example const { container, database } = await openRunContainer();
 */
export async function openRunContainer(
  options: { now?: () => Date } = {},
): Promise<{ container: Container; database: Database }> {
  const url = process.env.DATABASE_URL ?? '';
  const stripe = process.env.STRIPE_API_URL
    ? {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_API_URL: process.env.STRIPE_API_URL,
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      }
    : {};
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    DATABASE_URL: url,
    ...stripe,
  });
  const database = await openDatabase({ url });
  const container = await createContainer({ env, database, ...options });
  return { container, database };
}

/** Prints a run's outcome as its one JSON line, closes the database and ends the process. */
export function finishRun(outcome: unknown, database: Database): never {
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
  database.close();
  process.exit(0);
}
