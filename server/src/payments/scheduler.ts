import { Cron } from 'croner';
import type { Logger } from '../http/logger.ts';
import type { PaymentJobs } from './jobs.ts';

/**
 * Starts the money jobs in this process (croner, UTC): the weekly charge run on Mondays 06:00, due
 * holds every 15 minutes, payouts on the 1st at 07:00, and an hourly catch-up that also runs once at
 * start — so a run missed while no process was up, or one that died half-way, still happens, a
 * payout that waited for its consultant's payout account is paid once the account is ready, and a
 * dispute's refund whose deciding process died is finished with its recorded amount. Every
 * job is guarded by a `job_run` lease: with several API processes, each starts the scheduler and one
 * of them does each run. Started by `main.ts` only (never by tests).
 * @example const scheduler = startPaymentScheduler({ jobs: container.payments.jobs, logger }); … scheduler.stop();
 */
export function startPaymentScheduler(deps: { jobs: PaymentJobs; logger: Logger }) {
  const { jobs, logger } = deps;
  const guarded = (name: string, run: () => Promise<unknown>) => async () => {
    try {
      const outcome = await run();
      logger.debug(`payments job ${name}`, outcome);
    } catch (error) {
      logger.error(`payments job ${name} failed`, error);
    }
  };
  const options = { timezone: 'UTC', protect: true } as const;
  const crons = [
    new Cron(
      '0 6 * * 1',
      options,
      guarded('weekly-charges', () => jobs.weeklyCharges()),
    ),
    new Cron(
      '*/15 * * * *',
      options,
      guarded('due-holds', () => jobs.dueHolds()),
    ),
    new Cron(
      '0 7 1 * *',
      options,
      guarded('monthly-payouts', () => jobs.monthlyPayouts()),
    ),
    new Cron(
      '5 * * * *',
      options,
      guarded('catch-up', () => jobs.catchUp()),
    ),
  ];
  void guarded('catch-up at start', () => jobs.catchUp())();
  return {
    stop() {
      for (const cron of crons) cron.stop();
    },
  };
}
