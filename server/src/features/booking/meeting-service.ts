import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  CANCEL_DURATION_MINUTES,
  type CreateSessionInput,
  isLateCancellation,
  type ReviewInput,
  type Session,
  type UpdateSessionInput,
} from '@fm/sdk/contracts';
import { and, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, Tx } from '../../db/client.ts';
import { insertRowWhere } from '../../db/insert-where.ts';
import {
  consultantProfile,
  franchise,
  meeting,
  meetingSlot,
  rescheduleRequest,
  review,
  reviewRequest,
  user,
} from '../../db/schema/index.ts';
import { batchFailure, isConstraintViolation } from '../../db/sqlite-errors.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import { chargeableDuration } from '../meeting-room/completion-rules.ts';
import { isPubliclyVisible } from '../users/profile-repository.ts';
import { enqueueWebhookEvent, webhookEvent, webhookEventStatement } from '../webhooks/enqueue.ts';
import { meetingAudience, webhookMeeting } from '../webhooks/payloads.ts';
import type { AvailabilityService } from './availability-service.ts';
import type { CalendarEventWriter } from './calendar-connections.ts';
import { createInFlightBookings } from './in-flight-bookings.ts';
import { type MeetingNotice, type MeetingNotices, NO_NOTICE } from './meeting-notices.ts';
import type { MeetingPayments } from './meeting-payments.ts';
import {
  bookedSession,
  canSee,
  findMeetingDetails,
  findMeetingParties,
  findSession,
  LIVE_STATUSES,
  type MeetingDetails,
  type MeetingRow,
} from './meeting-view.ts';
import { CELL_MINUTES } from './slot-generator.ts';
import { BOOKING_RULES, type MeetingEvent } from './texts.ts';

const MINUTE_MS = 60_000;

/** The 15-minute cells a meeting holds, as epoch minutes (the `meeting_slot` keys). */
export function cellsOf(startAt: Date, endAt: Date): number[] {
  const first = Math.floor(startAt.getTime() / MINUTE_MS / CELL_MINUTES) * CELL_MINUTES;
  const cells: number[] = [];
  for (let c = first; c * MINUTE_MS < endAt.getTime(); c += CELL_MINUTES) cells.push(c);
  return cells;
}

/**
 * The meeting life cycle of rule 8. Every change is one transaction with a conditional update (so of
 * two racing changes exactly one wins), the payments hook, the other party's notification and
 * the outbox mails inside it, and the realtime push and calendar writes after the commit. What
 * runs under the write lock only checks and writes; reads it does not need go before it.
 */
export function createMeetingService(deps: {
  db: Db;
  availability: AvailabilityService;
  payments: MeetingPayments;
  notices: MeetingNotices;
  calendarEvents: CalendarEventWriter;
  logger: Logger;
  now: () => Date;
}) {
  const { db, now, payments, notices } = deps;
  const inFlight = createInFlightBookings();
  // The booking's first reads, built once (a refused booking is mostly these).
  const subscriptionOf = db
    .select({ stripeSubscriptionStatus: franchise.stripeSubscriptionStatus })
    .from(franchise)
    .where(eq(franchise.id, sql.placeholder('franchiseId')))
    .limit(1)
    .prepare();
  const consultantOf = db
    .select({
      id: user.id,
      role: user.role,
      isVerified: user.isVerified,
      status: user.status,
      isDeleted: user.isDeleted,
      isDeactivated: user.isDeactivated,
      rateCents: consultantProfile.rateCents,
    })
    .from(user)
    .leftJoin(consultantProfile, eq(consultantProfile.userId, user.id))
    .where(eq(user.id, sql.placeholder('consultantId')))
    .limit(1)
    .prepare();

  /** A meeting the viewer may see, or 404 (also for meetings of others: rule 7). */
  async function visibleMeeting(q: Db | Tx, viewer: SessionUser, id: string) {
    const details = await findMeetingDetails(q, id);
    if (!details || !canSee(viewer, details.meeting)) throw new AppError('NOT_FOUND');
    return details;
  }

  async function view(viewer: SessionUser, id: string): Promise<Session> {
    const session = await findSession(db, viewer, id, now());
    if (!session) throw new AppError('NOT_FOUND');
    return session;
  }

  /**
   * Runs a change (its notification and mails are written inside it), then pushes the
   * notification without waiting for the room server, and updates calendars (never failing the
   * change).
   */
  async function change<T>(
    work: (tx: Tx) => Promise<{ result: T; notice: MeetingNotice }>,
    after?: (result: T) => Promise<void>,
  ): Promise<T> {
    const { result, notice } = await db.transaction(work);
    await afterCommit(notice, after && (() => after(result)));
    return result;
  }

  /** What a committed change does next: push its notice, then `after` (never failing the change). */
  async function afterCommit(notice: MeetingNotice, after?: () => Promise<void>): Promise<void> {
    // The push does not hold up the answer: it is best effort (never throws), the database holds
    // the notification, and the bell polls as the fallback.
    void notices.deliver(notice);
    if (!after) return;
    try {
      await after();
    } catch (error) {
      deps.logger.error('after-commit step failed', String(error));
    }
  }

  async function record(
    tx: Tx,
    event: MeetingEvent,
    details: MeetingDetails,
    actor: SessionUser,
    at: Date,
  ) {
    return notices.recordChange(tx, { event, details, actor, now: at });
  }

  const refresh = (details: MeetingDetails, row: MeetingRow): MeetingDetails => ({
    ...details,
    meeting: row,
  });

  return {
    view,

    /**
     * `POST /api/session` (rules 8, 9 and 11). `source.apiKeyId`: the API key the booking came through
     * (a partner page's embed key or the franchise's secret key, rule 18), recorded on the meeting.
     */
    async book(
      actor: SessionUser,
      input: CreateSessionInput,
      source: { apiKeyId?: string | null | undefined } = {},
    ): Promise<Session> {
      if (actor.role !== 'franchisor') {
        throw new AppError('FORBIDDEN', { message: BOOKING_RULES.franchisorsOnly });
      }
      const brand = actor.franchiseId
        ? (await subscriptionOf.all({ franchiseId: actor.franchiseId }))[0]
        : undefined;
      const status = brand?.stripeSubscriptionStatus;
      if (!status || !ACTIVE_SUBSCRIPTION_STATUSES.includes(status)) {
        throw new AppError('SUBSCRIPTION_REQUIRED');
      }
      const [consultant] = await consultantOf.all({ consultantId: input.consultantId });
      if (consultant?.role !== 'consultant' || !isPubliclyVisible(consultant)) {
        throw new AppError('NOT_FOUND');
      }
      if (consultant.rateCents === null) {
        throw new AppError('RULE_VIOLATION', { message: BOOKING_RULES.noRate });
      }
      const startAt = new Date(input.start);
      const endAt = new Date(input.end);
      const [start, end] = [startAt.getTime(), endAt.getTime()];
      const offeredNow = () =>
        deps.availability.isOffered(consultant.id, start, end, input.timeZone);
      let { verdict, availability, calendars } = await offeredNow();
      let buffer = 0;
      for (;;) {
        // Taken already: refused before the provider and the write lock (most losers of a race).
        if (verdict === 'taken') throw new AppError('SLOT_TAKEN');
        if (verdict === 'notOffered') throw new AppError('SLOT_NOT_OFFERED');
        buffer = availability.bufferMinutes * MINUTE_MS;
        const other = inFlight.overlapping(consultant.id, start - buffer, end + buffer);
        if (!other) break;
        // Another booking of this process is taking this time: wait for it, then read again.
        await other;
        ({ verdict, availability, calendars } = await offeredNow());
      }
      const release = inFlight.claim(consultant.id, start - buffer, end + buffer);
      try {
        const rateCents = consultant.rateCents;

        const id = crypto.randomUUID();
        // Read now, not under the write lock: the transaction below only checks and writes.
        const parties = await findMeetingParties(db, {
          consultantId: consultant.id,
          franchisorId: actor.id,
          franchiseId: actor.franchiseId,
        });
        if (!parties) throw new AppError('NOT_FOUND');
        const at = now();
        const durationMinutes = (endAt.getTime() - startAt.getTime()) / MINUTE_MS;
        // Texts, invitation and mails composed now: under the lock they are only inserted.
        const composed = notices.compose({
          event: 'booked',
          details: {
            ...parties,
            meeting: {
              id,
              consultantId: consultant.id,
              startAt,
              endAt,
              timeZone: input.timeZone,
              updatedAt: at,
            },
          },
          actor,
          consultantZone: availability.timeZone,
          now: at,
        });
        // The provider first, outside the transaction: no network call holds the write lock.
        const prepared = await payments.prepareBooked(
          {
            id,
            consultantId: consultant.id,
            franchisorId: actor.id,
            franchiseId: actor.franchiseId,
            startAt,
            durationMinutes,
            rateCents,
          },
          { actor, now: at },
        );
        const row: MeetingRow = {
          id,
          consultantId: consultant.id,
          franchisorId: actor.id,
          franchiseId: actor.franchiseId,
          startAt,
          endAt,
          timeZone: input.timeZone,
          durationMinutes,
          status: 'future',
          rateCents,
          paidAmountCents: 0,
          isPaid: false,
          markedAsCompletedAt: null,
          declinedAt: null,
          externalEventId: null,
          apiKeyId: source.apiKeyId ?? null,
          rescheduleCount: 0,
          icsSequence: 0,
          createdAt: at,
          updatedAt: at,
        };
        const notice = notices.statements(composed);
        // Rule 21: `meeting.booked` queued in the same batch, for the endpoints subscribed to it.
        const booked = webhookEventStatement(
          db,
          meetingAudience(row),
          webhookEvent(
            'meeting.booked',
            { meeting: webhookMeeting({ ...parties, meeting: row }, at) },
            at,
          ),
          at,
        );
        // One batch, one transaction that never yields to other requests between its statements.
        // The database decides, whatever the number of API processes: the meeting is written only
        // when no live meeting of the consultant is within the buffer of it (writers are
        // serialised, so this sees every committed booking); its cells then need the meeting row
        // (foreign key) and take its 15-minute cells (primary key), so a refused meeting fails
        // the batch before the notice and the payment records.
        await db
          .batch([
            insertRowWhere(
              db,
              meeting,
              row,
              sql`not exists (select 1 from ${meeting} where ${and(
                eq(meeting.consultantId, consultant.id),
                inArray(meeting.status, [...LIVE_STATUSES, 'completed']),
                lt(meeting.startAt, new Date(end + buffer)),
                gt(meeting.endAt, new Date(start - buffer)),
              )})`,
            ),
            db.insert(meetingSlot).values(
              cellsOf(startAt, endAt).map((cellStart) => ({
                consultantId: consultant.id,
                cellStart,
                meetingId: id,
              })),
            ),
            ...notice.statements,
            ...(booked ? [booked] : []),
            ...payments.bookedStatements(row, { prepared, now: at }),
          ])
          .catch(async (error: unknown) => {
            // No meeting came of it: give the hold back (never hiding the booking's own error).
            await prepared.abandon().catch((abandonError: unknown) => {
              deps.logger.error(
                'releasing the hold of a failed booking failed',
                String(abandonError),
              );
            });
            // Refused at its cells (statement 1): no meeting row, or a cell already held.
            const failure = batchFailure(error);
            if (failure?.index === 1 && failure.constraint) throw new AppError('SLOT_TAKEN');
            throw error;
          });
        notice.committed();
        const result: MeetingDetails = { ...parties, meeting: row };
        // The event in the consultant's connected calendars (no lookup when none is).
        await afterCommit(
          notice.notice,
          calendars === 0
            ? undefined
            : async () => {
                await deps.calendarEvents.meetingBooked({
                  id,
                  consultantId: consultant.id,
                  event: notices.calendarEvent(result),
                });
              },
        );
        // Answered from what the booking holds (the row it committed, the parties it read).
        return bookedSession(result, now());
      } finally {
        release();
      }
    },

    /** `PATCH /api/session/{id}`: the consultant declines or completes (rule 11: once activated). */
    async update(actor: SessionUser, id: string, input: UpdateSessionInput): Promise<Session> {
      const details = await visibleMeeting(db, actor, id);
      if (actor.role !== 'consultant') {
        throw new AppError('FORBIDDEN', { message: BOOKING_RULES.consultantOnlyAction });
      }
      if (!actor.isVerified) throw new AppError('PROFILE_INACTIVE');
      const at = now();
      const declining = input.status === 'declined';
      await change(
        async (tx) => {
          const [row] = declining
            ? await tx
                .update(meeting)
                .set({
                  status: 'declined',
                  declinedAt: at,
                  // The spec's payload records the cancelled duration (15 minutes).
                  durationMinutes: CANCEL_DURATION_MINUTES,
                  updatedAt: at,
                })
                .where(and(eq(meeting.id, id), inArray(meeting.status, [...LIVE_STATUSES])))
                .returning()
            : await tx
                .update(meeting)
                .set({
                  status: 'completed',
                  markedAsCompletedAt: at,
                  // Rule 16: capped at the measured presence when the meeting room was used.
                  durationMinutes: await chargeableDuration(
                    tx,
                    details.meeting,
                    input.duration,
                    at,
                  ),
                  updatedAt: at,
                })
                .where(
                  and(
                    eq(meeting.id, id),
                    inArray(meeting.status, [...LIVE_STATUSES]),
                    lte(meeting.startAt, at),
                  ),
                )
                .returning();
          if (!row) {
            const current = await tx.query.meeting.findFirst({ where: eq(meeting.id, id) });
            if (!current) throw new AppError('NOT_FOUND');
            if (!declining && current.startAt.getTime() > at.getTime()) {
              throw new AppError('RULE_VIOLATION', { message: BOOKING_RULES.completeBeforeStart });
            }
            throw new AppError('RULE_VIOLATION', { message: BOOKING_RULES.alreadyFinal });
          }
          await tx.delete(meetingSlot).where(eq(meetingSlot.meetingId, id));
          // Rule 20: a meeting that will not take place leaves no proposal to move it open.
          await tx
            .update(rescheduleRequest)
            .set({ status: 'withdrawn', updatedAt: at })
            .where(and(eq(rescheduleRequest.meetingId, id), eq(rescheduleRequest.status, 'open')));
          const changed = refresh(details, row);
          const notice = await record(tx, declining ? 'declined' : 'completed', changed, actor, at);
          await enqueueWebhookEvent(
            tx,
            meetingAudience(row),
            webhookEvent(
              declining ? 'meeting.declined' : 'meeting.completed',
              { meeting: webhookMeeting(changed, at) },
              at,
            ),
            at,
          );
          if (declining) await payments.onDeclined(row, { tx, actor, now: at });
          else await payments.onCompleted(row, { tx, actor, now: at });
          return { result: row, notice };
        },
        async (row) => {
          if (declining) {
            // The hold's release, recorded in the change, is made at the provider now (decision 016).
            await payments.settle?.(id);
            await deps.calendarEvents.meetingRemoved({
              id,
              consultantId: row.consultantId,
              externalEventId: row.externalEventId,
            });
          }
        },
      );
      return view(actor, id);
    },

    /** `DELETE /api/session/{id}`: the franchisor side cancels an upcoming or pending meeting. */
    async cancel(actor: SessionUser, id: string): Promise<void> {
      const details = await visibleMeeting(db, actor, id);
      if (actor.role !== 'franchisor') {
        throw new AppError('FORBIDDEN', { message: BOOKING_RULES.franchisorOnlyAction });
      }
      const at = now();
      await change(
        async (tx) => {
          const current = await tx.query.meeting.findFirst({ where: eq(meeting.id, id) });
          if (!current) throw new AppError('NOT_FOUND');
          if (!(LIVE_STATUSES as readonly string[]).includes(current.status)) {
            throw new AppError('RULE_VIOLATION', { message: BOOKING_RULES.cancelOnlyUpcoming });
          }
          const notice = await record(tx, 'cancelled', refresh(details, current), actor, at);
          // A late cancellation's notice to the consultant is written here, pushed with this one.
          await payments.onCancelled(current, {
            tx,
            actor,
            now: at,
            notificationIds: notice.notificationIds,
          });
          const gone = await tx
            .delete(meeting)
            .where(and(eq(meeting.id, id), inArray(meeting.status, [...LIVE_STATUSES])))
            .returning({ id: meeting.id });
          if (gone.length === 0) {
            throw new AppError('RULE_VIOLATION', { message: BOOKING_RULES.cancelOnlyUpcoming });
          }
          await enqueueWebhookEvent(
            tx,
            meetingAudience(current),
            webhookEvent(
              'meeting.cancelled',
              {
                meeting: webhookMeeting(refresh(details, current), at, 'cancelled'),
                late: isLateCancellation(current.startAt, at),
              },
              at,
            ),
            at,
          );
          return { result: current, notice };
        },
        async (row) => {
          await payments.settle?.(id);
          await deps.calendarEvents.meetingRemoved({
            id,
            consultantId: row.consultantId,
            externalEventId: row.externalEventId,
          });
        },
      );
    },

    /** `POST /api/session/{id}/review`: the franchisor side, once, for a completed meeting. */
    async review(actor: SessionUser, id: string, input: ReviewInput): Promise<Session> {
      const details = await visibleMeeting(db, actor, id);
      if (actor.role !== 'franchisor') {
        throw new AppError('FORBIDDEN', { message: BOOKING_RULES.franchisorOnlyAction });
      }
      const at = now();
      await change(async (tx) => {
        const current = await tx.query.meeting.findFirst({ where: eq(meeting.id, id) });
        if (!current) throw new AppError('NOT_FOUND');
        if (current.status !== 'completed') {
          throw new AppError('RULE_VIOLATION', { message: BOOKING_RULES.reviewOnlyCompleted });
        }
        const existing = await tx.query.review.findFirst({ where: eq(review.meetingId, id) });
        if (existing) throw new AppError('CONFLICT', { message: BOOKING_RULES.alreadyReviewed });
        await tx.insert(review).values({
          meetingId: id,
          authorId: actor.id,
          consultantId: current.consultantId,
          rating: input.rating,
          comment: input.comment ? input.comment : null,
          createdAt: at,
        });
        const notice = await record(tx, 'reviewed', refresh(details, current), actor, at);
        return { result: null, notice };
      }).catch((error: unknown) => {
        if (isConstraintViolation(error)) {
          throw new AppError('CONFLICT', { message: BOOKING_RULES.alreadyReviewed });
        }
        throw error;
      });
      return view(actor, id);
    },

    /** `POST /api/session/{id}/review-request`: the consultant asks (rule 11: once activated); idempotent. */
    async requestReview(actor: SessionUser, id: string): Promise<Session> {
      const details = await visibleMeeting(db, actor, id);
      if (actor.role !== 'consultant') {
        throw new AppError('FORBIDDEN', { message: BOOKING_RULES.consultantOnlyAction });
      }
      if (!actor.isVerified) throw new AppError('PROFILE_INACTIVE');
      const at = now();
      await change(async (tx) => {
        const current = await tx.query.meeting.findFirst({ where: eq(meeting.id, id) });
        if (!current) throw new AppError('NOT_FOUND');
        if (current.status !== 'completed') {
          throw new AppError('RULE_VIOLATION', {
            message: BOOKING_RULES.reviewRequestOnlyCompleted,
          });
        }
        const existing = await tx.query.review.findFirst({ where: eq(review.meetingId, id) });
        if (existing) throw new AppError('CONFLICT', { message: BOOKING_RULES.alreadyReviewed });
        const inserted = await tx
          .insert(reviewRequest)
          .values({ meetingId: id, requestedAt: at })
          .onConflictDoNothing()
          .returning({ meetingId: reviewRequest.meetingId });
        const notice =
          inserted.length > 0
            ? await record(tx, 'reviewRequested', refresh(details, current), actor, at)
            : NO_NOTICE;
        return { result: null, notice };
      });
      return view(actor, id);
    },
  };
}

export type MeetingService = ReturnType<typeof createMeetingService>;
