import type { PaymentRunResult } from '@fm/sdk/contracts';
import { weeklySlot } from '../payments/jobs.ts';
import { isoWeek } from '../payments/money-rules.ts';
import type { SeededMeeting } from './meetings.ts';
import { HOUR_MS } from './random.ts';
import type { DemoData } from './tables.ts';

/** The job of the weekly charge run (payments/jobs.ts `weeklyCharges`). */
const CHARGE_JOB = 'weekly-charges';
const WEEK_MS = 7 * 24 * HOUR_MS;

/**
 * The finished `job_run` rows the weekly charge run (Mondays 06:00 UTC) would have left for every
 * week from the first seeded charge up to the latest run before `now`, with what each charged. The
 * first start's catch-up then finds this week's run done, as it would on a marketplace that has been
 * running: meetings completed since Monday wait for next Monday instead of being charged (and
 * mailed) all at once at start.
 * @example buildMeetings(data, …); buildChargeRuns(data, { now, meetings });
 */
export function buildChargeRuns(
  data: DemoData,
  ctx: { now: Date; meetings: readonly SeededMeeting[] },
): void {
  const results = new Map<number, PaymentRunResult>();
  for (const m of ctx.meetings) {
    if (!m.charge) continue;
    const at = m.charge.at.getTime();
    const result = results.get(at) ?? { charged: 0, failed: 0, skipped: 0 };
    if (m.charge.paid) result.charged += 1;
    else result.failed += 1;
    results.set(at, result);
  }
  if (results.size === 0) return;
  const first = Math.min(...results.keys());
  for (let at = first; at <= weeklySlot(ctx.now).getTime(); at += WEEK_MS) {
    data.jobRun.push({
      key: `charge:${isoWeek(new Date(at))}`,
      job: CHARGE_JOB,
      startedAt: new Date(at),
      finishedAt: new Date(at),
      leaseUntil: at + HOUR_MS,
      result: JSON.stringify(results.get(at) ?? { charged: 0, failed: 0, skipped: 0 }),
    });
  }
}
