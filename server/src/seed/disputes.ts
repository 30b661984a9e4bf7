import { DISPUTE_WINDOW_DAYS } from '@fm/sdk/contracts';
import { weeklySlot } from '../payments/jobs.ts';
import type { SeededMeeting } from './meetings.ts';
import { DAY_MS, HOUR_MS, seedId } from './random.ts';
import type { DemoData } from './tables.ts';

/**
 * The demo's disputes (rule 20): one open dispute, opened a day after its charge and answered by
 * its consultant, for the admin to decide; and the demo franchisor's most recent charged meeting
 * left undisputed, so it can be disputed from its page. Both are charges of the 13 days before
 * `now`, inside the 14-day window.
 * Runs after the meetings and before the payouts and the charge runs' records.
 * @example buildMeetings(data, …); buildDisputes(data, { now, meetings, demoFranchisorId }); buildPayouts(data, { now });
 */
export function buildDisputes(
  data: DemoData,
  ctx: { now: Date; meetings: readonly SeededMeeting[]; demoFranchisorId: string },
): void {
  const now = ctx.now.getTime();
  // Charged before `now`, with at least a day of the window left.
  const recent = ctx.meetings
    .filter((m) => {
      const at = m.charge?.paid ? m.charge.at.getTime() : null;
      return at !== null && at < now - HOUR_MS && at > now - (DISPUTE_WINDOW_DAYS - 1) * DAY_MS;
    })
    .sort((a, b) => (b.charge?.at.getTime() ?? 0) - (a.charge?.at.getTime() ?? 0));
  const demoMeetings = recent.filter((m) => m.franchisor.id === ctx.demoFranchisorId);
  // The demo franchisor's newest charge stays open to dispute; the dispute is someone else's (or
  // the demo franchisor's next one).
  const keep = demoMeetings[0] ?? chargeInLatestRun(data, ctx);
  const disputed = recent.find((m) => m.franchisor.id !== ctx.demoFranchisorId) ?? demoMeetings[1];
  if (!disputed?.charge || disputed === keep) return;
  const payment = data.payment.find((p) => p.meetingId === disputed.id);
  if (!payment?.id) return;
  // Opened half-way between the charge and `now`, answered half-way between that and `now`.
  const charged = disputed.charge.at.getTime();
  const openedAt = new Date(charged + Math.floor((now - charged) / 2));
  const id = seedId('dispute', disputed.id);
  data.dispute.push({
    id,
    paymentId: payment.id,
    meetingId: disputed.id,
    franchiseId: disputed.franchisor.franchiseId,
    franchisorId: disputed.franchisor.id,
    consultantId: disputed.consultant.id,
    reason: 'ended_early',
    text: 'The consultant had to leave after about half of the booked time, but the full meeting was charged.',
    status: 'open',
    createdAt: openedAt,
    updatedAt: openedAt,
  });
  data.disputeMessage.push({
    id: seedId('dispute-message', disputed.id),
    disputeId: id,
    authorId: disputed.consultant.id,
    body: 'We covered everything on the agenda, but I did end a little early. I am fine with a partial refund.',
    createdAt: new Date(openedAt.getTime() + Math.floor((now - openedAt.getTime()) / 2)),
  });
}

/**
 * When the demo franchisor had nothing charged in the window: its latest charged meeting, charged
 * by the latest weekly run instead (its card declined before, say), so that the demo always has a
 * charge to dispute. Runs before the payouts and the runs' records are built, which then count it
 * in that run.
 */
function chargeInLatestRun(
  data: DemoData,
  ctx: { now: Date; meetings: readonly SeededMeeting[]; demoFranchisorId: string },
): SeededMeeting | undefined {
  const run = weeklySlot(ctx.now);
  const latest = ctx.meetings
    .filter(
      (m) =>
        m.franchisor.id === ctx.demoFranchisorId &&
        m.charge?.paid &&
        m.markedAsCompletedAt !== null &&
        m.markedAsCompletedAt.getTime() <= run.getTime(),
    )
    .sort((a, b) => (b.charge?.at.getTime() ?? 0) - (a.charge?.at.getTime() ?? 0))[0];
  if (!latest) return undefined;
  latest.charge = { at: run, paid: true };
  for (const row of data.meeting) if (row.id === latest.id) row.updatedAt = run;
  for (const row of data.payment) {
    if (row.meetingId !== latest.id) continue;
    row.chargedAt = run;
    row.updatedAt = run;
  }
  for (const row of data.ledgerTransaction) {
    if (row.idempotencyKey === `capture:${latest.id}`) row.createdAt = run;
  }
  return latest;
}
