import {
  ERROR_CODES,
  MAX_RESCHEDULES,
  MEETING_ROOM,
  RESCHEDULE_RULES,
  type RescheduleAcceptInput,
  type RescheduleHistory,
  type RescheduleProposalInput,
  type RescheduleRequest,
  type Session,
} from '@fm/sdk/contracts';
import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, Tx } from '../../db/client.ts';
import { meeting, meetingSlot, rescheduleRequest, user } from '../../db/schema/index.ts';
import { isConstraintViolation, isUniqueViolation } from '../../db/sqlite-errors.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import type { AvailabilityService } from '../booking/availability-service.ts';
import type { CalendarEventWriter } from '../booking/calendar-connections.ts';
import type { MeetingNotices } from '../booking/meeting-notices.ts';
import type { MeetingPayments } from '../booking/meeting-payments.ts';
import { cellsOf } from '../booking/meeting-service.ts';
import {
  canSee,
  findMeetingDetails,
  findSession,
  type MeetingDetails,
  type MeetingRow,
} from '../booking/meeting-view.ts';
import { enqueueWebhookEvent, webhookEvent } from '../webhooks/enqueue.ts';
import { meetingAudience, webhookMeeting } from '../webhooks/payloads.ts';

const MINUTE_MS = 60_000;
type Side = 'consultant' | 'franchisor';

/** Who may act on a meeting's proposals: its consultant, or its franchisor side. */
function sideOf(actor: SessionUser): Side {
  if (actor.role === 'consultant' || actor.role === 'franchisor') return actor.role;
  throw new AppError('FORBIDDEN');
}

/** Why a meeting cannot be moved now (rule 20), or null when it can. */
function moveRefusal(row: MeetingRow, now: Date): string | null {
  if (row.status !== 'future' || row.startAt.getTime() <= now.getTime()) {
    return RESCHEDULE_RULES.onlyFuture;
  }
  if (now.getTime() >= row.startAt.getTime() - MEETING_ROOM.opensBeforeMs) {
    return RESCHEDULE_RULES.roomOpened;
  }
  if (row.rescheduleCount >= MAX_RESCHEDULES) return RESCHEDULE_RULES.limitReached;
  return null;
}

function assertMovable(row: MeetingRow, now: Date): void {
  const refusal = moveRefusal(row, now);
  if (refusal) throw new AppError('RULE_VIOLATION', { message: refusal });
}

type RequestRow = typeof rescheduleRequest.$inferSelect;

export function toRequest(row: RequestRow, proposedBy: Side): RescheduleRequest {
  return {
    id: row.id,
    meetingId: row.meetingId,
    proposedById: row.proposedById,
    proposedBy,
    starts: row.starts,
    status: row.status,
    acceptedStart: row.acceptedStart?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Marks an open proposal answered; false when another answer came first. */
export async function decideRequest(
  tx: Tx,
  requestId: string,
  actor: SessionUser,
  at: Date,
  outcome: { status: 'accepted'; start: Date } | { status: 'declined' },
): Promise<boolean> {
  const done = await tx
    .update(rescheduleRequest)
    .set({
      status: outcome.status,
      acceptedStart: outcome.status === 'accepted' ? outcome.start : null,
      decidedById: actor.id,
      decidedAt: at,
      updatedAt: at,
    })
    .where(and(eq(rescheduleRequest.id, requestId), eq(rescheduleRequest.status, 'open')))
    .returning({ id: rescheduleRequest.id });
  return done.length > 0;
}

/** Writes an open proposal of `starts` (epoch ms) for a meeting, or a late cancellation's payment. */
export async function insertProposal(
  tx: Tx,
  subject: { meetingId: string } | { paymentId: string },
  actor: SessionUser,
  starts: number[],
  at: Date,
): Promise<RequestRow> {
  const [row] = await tx
    .insert(rescheduleRequest)
    .values({
      ...subject,
      proposedById: actor.id,
      starts: starts.map((s) => new Date(s).toISOString()),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!row) throw new Error('the proposal was not written');
  return row;
}

/**
 * The single-booking guarantee of a booking, inside the change's transaction: no other live
 * meeting of the consultant within the buffer of [start, end) (409 SLOT_TAKEN); the new cells'
 * primary key then decides the rest.
 */
export async function assertNoClash(
  tx: Tx,
  t: { consultantId: string; meetingId: string; start: number; end: number; bufferMs: number },
): Promise<void> {
  const clash = await tx
    .select({ id: meeting.id })
    .from(meeting)
    .where(
      and(
        eq(meeting.consultantId, t.consultantId),
        ne(meeting.id, t.meetingId),
        inArray(meeting.status, ['future', 'pending', 'completed']),
        lt(meeting.startAt, new Date(t.end + t.bufferMs)),
        gt(meeting.endAt, new Date(t.start - t.bufferMs)),
      ),
    )
    .limit(1);
  if (clash.length > 0) throw new AppError('SLOT_TAKEN');
}

/** A meeting's proposals, newest first (the parties' history and the admin's booking detail). */
export async function rescheduleHistoryOf(db: Db, meetingId: string): Promise<RescheduleRequest[]> {
  const rows = await db
    .select({ request: rescheduleRequest, role: user.role })
    .from(rescheduleRequest)
    .innerJoin(user, eq(user.id, rescheduleRequest.proposedById))
    .where(eq(rescheduleRequest.meetingId, meetingId))
    .orderBy(desc(rescheduleRequest.createdAt), desc(rescheduleRequest.id));
  return rows.map((r) => toRequest(r.request, r.role as Side));
}

/**
 * Rescheduling (rule 20): proposals of one to three new starts from either side of a future meeting,
 * and the other side's answer. Accepting moves the meeting in one transaction under the booking's
 * own guarantee — its old `meeting_slot` cells deleted, the new ones inserted (their primary key
 * refuses a taken time: 409, nothing changed) — with the payment following it, the other side
 * told, and a new invitation (same UID, higher SEQUENCE); connected calendars after the commit.
 */
export function createRescheduleService(deps: {
  db: Db;
  availability: AvailabilityService;
  payments: MeetingPayments;
  notices: MeetingNotices;
  calendarEvents: CalendarEventWriter;
  logger: Logger;
  now: () => Date;
}) {
  const { db, now, notices } = deps;

  async function visibleMeeting(viewer: SessionUser, id: string): Promise<MeetingDetails> {
    const details = await findMeetingDetails(db, id);
    if (!details || !canSee(viewer, details.meeting)) throw new AppError('NOT_FOUND');
    return details;
  }

  /** 409/422 before anything is written when `start` is not bookable for this meeting. */
  async function assertOffered(row: MeetingRow, start: number) {
    const end = start + row.durationMinutes * MINUTE_MS;
    if (start === row.startAt.getTime()) {
      throw new AppError('RULE_VIOLATION', { message: RESCHEDULE_RULES.sameTime });
    }
    const { verdict, availability } = await deps.availability.isOffered(
      row.consultantId,
      start,
      end,
      row.timeZone,
      { start: row.startAt.getTime(), end: row.endAt.getTime() },
    );
    if (verdict === 'taken') throw new AppError('SLOT_TAKEN');
    if (verdict === 'notOffered') throw new AppError('SLOT_NOT_OFFERED');
    return { end, bufferMs: availability.bufferMinutes * MINUTE_MS };
  }

  /** An open proposal of the meeting, with the side that made it. */
  async function openRequest(meetingId: string, requestId: string) {
    const [found] = await db
      .select({ request: rescheduleRequest, role: user.role })
      .from(rescheduleRequest)
      .innerJoin(user, eq(user.id, rescheduleRequest.proposedById))
      .where(and(eq(rescheduleRequest.id, requestId), eq(rescheduleRequest.meetingId, meetingId)));
    if (!found) throw new AppError('NOT_FOUND');
    if (found.request.status !== 'open') {
      throw new AppError('CONFLICT', { message: RESCHEDULE_RULES.notOpen });
    }
    return { request: found.request, side: found.role as Side };
  }

  /** Only the side that did not propose answers. */
  function assertOtherSide(actor: SessionUser, proposer: Side) {
    if (sideOf(actor) === proposer) {
      throw new AppError('FORBIDDEN', { message: RESCHEDULE_RULES.ownProposal });
    }
  }

  const view = async (viewer: SessionUser, id: string): Promise<Session> => {
    const session = await findSession(db, viewer, id, now());
    if (!session) throw new AppError('NOT_FOUND');
    return session;
  };

  return {
    /** `GET /api/session/{id}/reschedule-requests`: the meeting's proposals, newest first. */
    async history(viewer: SessionUser, meetingId: string): Promise<RescheduleHistory> {
      const { meeting: row } = await visibleMeeting(viewer, meetingId);
      const data = await rescheduleHistoryOf(db, meetingId);
      return {
        data,
        rescheduleCount: row.rescheduleCount,
        canPropose: moveRefusal(row, now()) === null && !data.some((r) => r.status === 'open'),
      };
    },

    /** `POST /api/session/{id}/reschedule-requests` (rule 20). */
    async propose(
      actor: SessionUser,
      meetingId: string,
      input: RescheduleProposalInput,
    ): Promise<RescheduleRequest> {
      const side = sideOf(actor);
      const details = await visibleMeeting(actor, meetingId);
      if (side === 'consultant' && !actor.isVerified) throw new AppError('PROFILE_INACTIVE');
      const at = now();
      assertMovable(details.meeting, at);
      const starts = input.starts.map((s) => Date.parse(s));
      for (const start of starts) await assertOffered(details.meeting, start);
      const request = await db
        .transaction(async (tx) => {
          const current = await tx.query.meeting.findFirst({ where: eq(meeting.id, meetingId) });
          if (!current) throw new AppError('NOT_FOUND');
          assertMovable(current, at);
          const row = await insertProposal(tx, { meetingId }, actor, starts, at);
          const notice = await notices.recordChange(tx, {
            event: 'rescheduleProposed',
            details,
            actor,
            now: at,
          });
          return { row, notice };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('RESCHEDULE_OPEN_EXISTS');
          throw error;
        });
      void notices.deliver(request.notice);
      return toRequest(request.row, side);
    },

    /**
     * `POST /api/session/{id}/reschedule-requests/{requestId}/accept`: the other side moves the
     * meeting to one of the proposed starts, atomically (rule 20).
     */
    async accept(
      actor: SessionUser,
      meetingId: string,
      requestId: string,
      input: RescheduleAcceptInput,
    ): Promise<Session> {
      const details = await visibleMeeting(actor, meetingId);
      const { request, side } = await openRequest(meetingId, requestId);
      assertOtherSide(actor, side);
      if (actor.role === 'consultant' && !actor.isVerified) throw new AppError('PROFILE_INACTIVE');
      const start = Date.parse(input.start);
      if (!request.starts.some((s) => Date.parse(s) === start)) {
        throw new AppError('RULE_VIOLATION', { message: RESCHEDULE_RULES.notProposed });
      }
      const at = now();
      const before = details.meeting;
      assertMovable(before, at);
      const { end, bufferMs } = await assertOffered(before, start);
      const startAt = new Date(start);
      const endAt = new Date(end);
      const { moved, notice } = await db
        .transaction(async (tx) => {
          if (
            !(await decideRequest(tx, requestId, actor, at, { status: 'accepted', start: startAt }))
          ) {
            throw new AppError('CONFLICT', { message: RESCHEDULE_RULES.notOpen });
          }
          const [row] = await tx
            .update(meeting)
            .set({
              startAt,
              endAt,
              rescheduleCount: sql`${meeting.rescheduleCount} + 1`,
              icsSequence: sql`${meeting.icsSequence} + 1`,
              updatedAt: at,
            })
            .where(
              and(
                eq(meeting.id, meetingId),
                eq(meeting.status, 'future'),
                eq(meeting.startAt, before.startAt),
                lt(meeting.rescheduleCount, MAX_RESCHEDULES),
              ),
            )
            .returning();
          if (!row) {
            throw new AppError('CONFLICT', { message: ERROR_CODES.CONFLICT.message });
          }
          // The single-booking guarantee of a booking: no other live meeting of the consultant
          // within the buffer, and the new 15-minute cells free (their primary key decides).
          await assertNoClash(tx, {
            consultantId: row.consultantId,
            meetingId,
            start,
            end,
            bufferMs,
          });
          await tx.delete(meetingSlot).where(eq(meetingSlot.meetingId, meetingId));
          await tx.insert(meetingSlot).values(
            cellsOf(startAt, endAt).map((cellStart) => ({
              consultantId: row.consultantId,
              cellStart,
              meetingId,
            })),
          );
          await deps.payments.onMoved?.(row, { tx, actor, now: at });
          const written = await notices.recordChange(tx, {
            event: 'rescheduleAccepted',
            details: { ...details, meeting: row },
            actor,
            now: at,
          });
          await enqueueWebhookEvent(
            tx,
            meetingAudience(row),
            webhookEvent(
              'meeting.rescheduled',
              {
                meeting: webhookMeeting({ ...details, meeting: row }, at),
                previousStartAt: before.startAt.toISOString(),
                previousEndAt: before.endAt.toISOString(),
              },
              at,
            ),
            at,
          );
          return { moved: row, notice: written };
        })
        .catch((error: unknown) => {
          if (!(error instanceof AppError) && isConstraintViolation(error)) {
            throw new AppError('SLOT_TAKEN');
          }
          throw error;
        });
      void notices.deliver(notice);
      try {
        await deps.payments.afterMoved?.(meetingId);
        // The consultant's connected calendar: the old event goes, the moved one is written.
        await deps.calendarEvents.meetingRemoved({
          id: meetingId,
          consultantId: moved.consultantId,
          externalEventId: before.externalEventId,
        });
        await deps.calendarEvents.meetingBooked({
          id: meetingId,
          consultantId: moved.consultantId,
          event: notices.calendarEvent({ ...details, meeting: moved }),
        });
      } catch (error) {
        deps.logger.error('after-move step failed', String(error));
      }
      return view(actor, meetingId);
    },

    /** `POST /api/session/{id}/reschedule-requests/{requestId}/decline`: the other side says no. */
    async decline(
      actor: SessionUser,
      meetingId: string,
      requestId: string,
    ): Promise<RescheduleRequest> {
      const details = await visibleMeeting(actor, meetingId);
      const { side } = await openRequest(meetingId, requestId);
      assertOtherSide(actor, side);
      const at = now();
      const notice = await db.transaction(async (tx) => {
        if (!(await decideRequest(tx, requestId, actor, at, { status: 'declined' }))) {
          throw new AppError('CONFLICT', { message: RESCHEDULE_RULES.notOpen });
        }
        return notices.recordChange(tx, {
          event: 'rescheduleDeclined',
          details,
          actor,
          now: at,
        });
      });
      void notices.deliver(notice);
      const [row] = await db
        .select()
        .from(rescheduleRequest)
        .where(eq(rescheduleRequest.id, requestId));
      if (!row) throw new AppError('NOT_FOUND');
      return toRequest(row, side);
    },
  };
}

export type RescheduleService = ReturnType<typeof createRescheduleService>;
