/**
 * A charge run in its own process, for the fault tests (rule 10): `node --import tsx charge-run-process.ts`
 * with `DATABASE_URL`, `RUN=weekly|manual|holds` (`holds`: the job placing holds due about 48 hours
 * before), optional `CLOCK_OFFSET_MS` (this process's clock ahead of the real one) and
 * `PAUSE_AFTER_PROVIDER_CALLS=n` (manual and holds runs: after the provider answered the n-th charge
 * or hold, print `PAUSED` and hang before recording it — where a SIGKILL hurts most). With
 * `STRIPE_API_URL` it runs the Stripe adapter against that (recorded fake) API. Prints the run's
 * outcome as one JSON line. Test-only.
 */
import { finishRun, openRunContainer } from './run-container.ts';

const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const pauseAt = Number(process.env.PAUSE_AFTER_PROVIDER_CALLS ?? 0);
const { container, database } = await openRunContainer({
  now: () => new Date(Date.now() + offset),
});
let calls = 0;
const hooks = {
  afterProviderCall: async () => {
    calls += 1;
    if (calls === pauseAt) {
      process.stdout.write('PAUSED\n');
      await new Promise(() => {});
    }
  },
};
const outcome =
  process.env.RUN === 'manual'
    ? await container.payments.jobs.manualCharges(hooks)
    : process.env.RUN === 'holds'
      ? await container.payments.meetings.placeDueHolds(hooks)
      : await container.payments.jobs.weeklyCharges();
finishRun(outcome, database);
