/**
 * A payout run in its own process, for the payout race tests (`payouts.test.ts`,
 * `payouts-stripe.test.ts`): `node --import tsx payout-run-process.ts` with `DATABASE_URL`,
 * `RUN=monthly|waiting|pay-waiting|catch-up` (the monthly job, the hourly waiting-payouts job, a bare
 * `payWaiting` as `account.updated` calls it, or the whole catch-up) and `AT` (the instant the jobs
 * are run for). With `STRIPE_API_URL` it pays through the Stripe adapter against that (recorded
 * fake) API. Prints the outcome as one JSON line. Test-only.
 */
import { createContainer } from '../container.ts';
import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';

const url = process.env.DATABASE_URL ?? '';
const at = new Date(process.env.AT ?? Date.now());
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
const container = await createContainer({ env, database });
const { jobs, payouts } = container.payments;
const outcome =
  process.env.RUN === 'waiting'
    ? await jobs.waitingPayouts(at)
    : process.env.RUN === 'pay-waiting'
      ? await payouts.payWaiting()
      : process.env.RUN === 'catch-up'
        ? await jobs.catchUp(at)
        : await jobs.monthlyPayouts(at);
process.stdout.write(`${JSON.stringify(outcome)}\n`);
database.close();
process.exit(0);
