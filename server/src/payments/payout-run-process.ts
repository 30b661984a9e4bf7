/**
 * A payout run in its own process, for the payout race tests (`payouts.test.ts`,
 * `payouts-stripe.test.ts`): `node --import tsx payout-run-process.ts` with `DATABASE_URL`,
 * `RUN=monthly|waiting|pay-waiting|catch-up` (the monthly job, the hourly waiting-payouts job, a bare
 * `payWaiting` as `account.updated` calls it, or the whole catch-up) and `AT` (the instant the jobs
 * are run for). With `STRIPE_API_URL` it pays through the Stripe adapter against that (recorded
 * fake) API. Prints the outcome as one JSON line. Test-only.
 */
import { finishRun, openRunContainer } from '../testing/run-container.ts';

const at = new Date(process.env.AT ?? Date.now());
const { container, database } = await openRunContainer();
const { jobs, payouts } = container.payments;
const outcome =
  process.env.RUN === 'waiting'
    ? await jobs.waitingPayouts(at)
    : process.env.RUN === 'pay-waiting'
      ? await payouts.payWaiting()
      : process.env.RUN === 'catch-up'
        ? await jobs.catchUp(at)
        : await jobs.monthlyPayouts(at);
finishRun(outcome, database);
