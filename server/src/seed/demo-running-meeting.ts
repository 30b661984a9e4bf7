import { Cron } from 'croner';
import { and, eq, gt, inArray, like, lt, lte } from 'drizzle-orm';
import type { Container } from '../container.ts';
import { consultantProfile, jobRun, meeting, meetingSlot, user } from '../db/schema/index.ts';
import { cellsOf } from '../features/booking/meeting-service.ts';
import { runWithLease } from '../payments/job-lease.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;
/** The demo meeting's length: an hour from the last quarter hour. */
export const DEMO_RUNNING_MINUTES = 60;

/**
 * "Try it at once" (rules 3 and 16): on every start of the demo, the demo franchisor has a meeting with the
 * demo consultant that is running now — booked from the last quarter hour for an hour, with its
 * hold placed like any booking — so that its room can be entered from My Meetings in two browsers
 * straight away. Does nothing when such a meeting exists or the demo accounts do not. Time cells
 * another live meeting of the consultant already holds are left to it (the demo meeting overlaps).
 *
 * @example
 * const id = await ensureDemoRunningMeeting(container); // the meeting's id, or null
 */
export async function ensureDemoRunningMeeting(
  container: Pick<Container, 'db' | 'payments' | 'logger'>,
  now: Date = new Date(),
): Promise<string | null> {
  const { db } = container;
  const [franchisor] = await db
    .select({ id: user.id, franchiseId: user.franchiseId })
    .from(user)
    .where(eq(user.email, DEMO_ACCOUNTS.franchisor.email));
  const [consultant] = await db
    .select({ id: user.id, rateCents: consultantProfile.rateCents })
    .from(user)
    .leftJoin(consultantProfile, eq(consultantProfile.userId, user.id))
    .where(eq(user.email, DEMO_ACCOUNTS.consultant.email));
  if (!franchisor || !consultant) return null;

  const [running] = await db
    .select({ id: meeting.id })
    .from(meeting)
    .where(
      and(
        eq(meeting.consultantId, consultant.id),
        eq(meeting.franchisorId, franchisor.id),
        inArray(meeting.status, ['future', 'pending']),
        lte(meeting.startAt, now),
        gt(meeting.endAt, now),
      ),
    )
    .limit(1);
  if (running) return running.id;

  const startAt = new Date(Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS);
  const endAt = new Date(startAt.getTime() + DEMO_RUNNING_MINUTES * MINUTE_MS);
  const id = crypto.randomUUID();
  const row = {
    id,
    consultantId: consultant.id,
    franchisorId: franchisor.id,
    franchiseId: franchisor.franchiseId,
    startAt,
    endAt,
    timeZone: 'America/New_York',
    durationMinutes: DEMO_RUNNING_MINUTES,
    rateCents: consultant.rateCents ?? 5_000,
    status: 'future' as const,
    createdAt: now,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx.insert(meeting).values(row);
    await tx
      .insert(meetingSlot)
      .values(
        cellsOf(startAt, endAt).map((cellStart) => ({
          consultantId: consultant.id,
          cellStart,
          meetingId: id,
        })),
      )
      .onConflictDoNothing();
  });
  try {
    // The hold, as a booking places it (the demo franchise's card is pm_card_visa).
    await container.payments?.meetings.onBooked(row, { now });
  } catch (error) {
    container.logger.error('demo meeting: placing its hold failed', String(error));
  }
  return id;
}

/** How often the demo's background keeps its running meeting: every minute (UTC, croner). */
export const DEMO_MEETING_CRON = '* * * * *';

type KeeperDeps = Pick<Container, 'db' | 'payments' | 'logger'>;
/** The `job_run` key prefix of the keeper's ticks. */
const KEEPER_KEY = 'demo-meeting:';

/**
 * One tick of the keeper (rule 20: the demo meeting is always there): books the next running demo
 * meeting once the last one ended. The tick runs under a `job_run` lease of its minute, so API
 * processes ticking together book it once; the leases of ticks over an hour old are deleted, so
 * the keeper leaves no more than an hour of them behind.
 *
 * @example
 * await keepDemoMeeting(container, new Date()); // { ran: true, result: 'm-id' } or { ran: false, … }
 */
export async function keepDemoMeeting(container: KeeperDeps, now: Date) {
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS).toISOString();
  const outcome = await runWithLease(
    container.db,
    { key: `${KEEPER_KEY}${minute}`, job: 'demo-meeting', now: () => now, leaseMs: MINUTE_MS },
    () => ensureDemoRunningMeeting(container, now),
  );
  await container.db
    .delete(jobRun)
    .where(
      and(
        like(jobRun.key, `${KEEPER_KEY}%`),
        lt(jobRun.startedAt, new Date(now.getTime() - 60 * MINUTE_MS)),
      ),
    );
  return outcome;
}

/**
 * Starts the keeper (rule 20): every minute, a running demo meeting is booked when none is, so the
 * demo franchisor and consultant find a meeting with its room open at any hour the server runs —
 * not only right after a start.
 *
 * @example const keeper = startDemoMeetingKeeper(container, () => new Date()); … keeper.stop();
 */
export function startDemoMeetingKeeper(container: KeeperDeps, now: () => Date) {
  const cron = new Cron(DEMO_MEETING_CRON, { timezone: 'UTC', protect: true }, async () => {
    try {
      const outcome = await keepDemoMeeting(container, now());
      container.logger.debug('demo meeting kept', outcome);
    } catch (error) {
      container.logger.error('demo meeting: keeping it failed', String(error));
    }
  });
  return { stop: () => cron.stop() };
}
