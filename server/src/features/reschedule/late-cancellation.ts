import {
  LATE_RESCHEDULE_NOTIFICATION_TYPES,
  LATE_RESCHEDULE_RULES,
  type LateRescheduleList,
  MAX_RESCHEDULES,
  MINUTES_PER_RATE_UNIT,
  RESCHEDULE_RULES,
  type RescheduleAcceptInput,
  type RescheduleProposalInput,
  type RescheduleRequest,
  type Session,
} from '@fm/sdk/contracts';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, Tx } from '../../db/client.ts';
import { consultantUser } from '../../db/party-users.ts';
import { meeting, meetingSlot, payment, rescheduleRequest, user } from '../../db/schema/index.ts';
import { isConstraintViolation } from '../../db/sqlite-errors.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { formatUsd, toDollars } from '../../payments/money-rules.ts';
import { recordNotice } from '../../payments/notify.ts';
import { startLabel } from '../../payments/payment-rows.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import { type AvailabilityService, consultantZone } from '../booking/availability-service.ts';
import type { CalendarEventWriter } from '../booking/calendar-connections.ts';
import type { MeetingNotices } from '../booking/meeting-notices.ts';
import type { MeetingPayments } from '../booking/meeting-payments.ts';
import { cellsOf } from '../booking/meeting-service.ts';
import { findMeetingParties, findSession, type MeetingRow } from '../booking/meeting-view.ts';
import { pushNotifications } from '../notifications/push.ts';
import { enqueueWebhookEvent, webhookEvent } from '../webhooks/enqueue.ts';
import { meetingAudience, webhookMeeting } from '../webhooks/payloads.ts';
import { assertNoClash, decideRequest, insertProposal, toRequest } from './service.ts';

const MINUTE_MS = 60_000;
/**
 * The new meeting takes the payment's id, which was the cancelled meeting's: its invitation keeps
 * that UID, so its SEQUENCE starts above any the cancelled one reached (moves, then the CANCEL).
 */
const SEQUENCE_AFTER_CANCEL = MAX_RESCHEDULES + 2;

type PaymentRow = typeof payment.$inferSelect;

/** The starts of the open proposals of these late cancellations, by payment. */
export async function openProposalsOf(
  db: Db,
  paymentIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ paymentId: rescheduleRequest.paymentId, starts: rescheduleRequest.starts })
    .from(rescheduleRequest)
    .where(
      and(
        inArray(rescheduleRequest.paymentId, [...paymentIds]),
        eq(rescheduleRequest.status, 'open'),
      ),
    );
  return new Map(rows.flatMap((r) => (r.paymentId ? [[r.paymentId, r.starts] as const] : [])));
}

/**
 * A late cancellation's "reschedule" (admin-panel: "A cancellation within 24 hours is at the
 * consultant's discretion: reschedule or charge"; rule 20). The meeting row is gone, so the proposal
 * hangs on the payment: the consultant offers one to three starts of the cancelled length from its
 * availability, the franchisor accepts one — a new meeting booked in one transaction under the
 * booking's guarantee (its `meeting_slot` cells; 409 SLOT_TAKEN and nothing changed when taken),
 * carrying the payment and its hold like a move — or declines, and the consultant decides again
 * (charge, or other times).
 */
export function createLateRescheduleService(deps: {
  db: Db;
  availability: AvailabilityService;
  payments: MeetingPayments;
  notices: MeetingNotices;
  calendarEvents: CalendarEventWriter;
  mailer: Mailer;
  realtime: RealtimePublisher;
  logger: Logger;
  now: () => Date;
}) {
  const { db, now } = deps;

  /** The late cancellation `actor` is a party to, or 404 (rule 7: others' are not there). */
  async function latePayment(actor: SessionUser, paymentId: string): Promise<PaymentRow> {
    const [p] = await db.select().from(payment).where(eq(payment.id, paymentId));
    const party = actor.role === 'consultant' ? p?.consultantId : p?.franchisorId;
    if (!p || party !== actor.id) throw new AppError('NOT_FOUND');
    if (!p.lateCancelledAt || p.isPaid || p.status !== 'pending' || p.meetingId) {
      throw new AppError('CONFLICT', { message: LATE_RESCHEDULE_RULES.settled });
    }
    return p;
  }

  /** The booking the cancelled meeting was, from its payment (older payments do not keep it). */
  function bookingOf(p: PaymentRow) {
    if (!p.franchisorId || !p.durationMinutes) {
      throw new AppError('RULE_VIOLATION', { message: LATE_RESCHEDULE_RULES.noBooking });
    }
    const units = Math.floor(p.durationMinutes / MINUTES_PER_RATE_UNIT);
    return {
      franchisorId: p.franchisorId,
      durationMinutes: p.durationMinutes,
      rateCents: units > 0 ? Math.round(p.amountCents / units) : 0,
    };
  }

  /** 409/422 before anything is written when `start` is not free in the consultant's hours. */
  async function assertOffered(consultantId: string, start: number, durationMinutes: number) {
    const end = start + durationMinutes * MINUTE_MS;
    const { verdict, availability } = await deps.availability.isOffered(
      consultantId,
      start,
      end,
      'UTC',
    );
    if (verdict === 'taken') throw new AppError('SLOT_TAKEN');
    if (verdict === 'notOffered') throw new AppError('SLOT_NOT_OFFERED');
    return { end, bufferMs: availability.bufferMinutes * MINUTE_MS, zone: availability.timeZone };
  }

  async function openRequestOf(paymentId: string, requestId: string) {
    const [request] = await db
      .select()
      .from(rescheduleRequest)
      .where(and(eq(rescheduleRequest.id, requestId), eq(rescheduleRequest.paymentId, paymentId)));
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status !== 'open') {
      throw new AppError('CONFLICT', { message: RESCHEDULE_RULES.notOpen });
    }
    return request;
  }

  /** Writes a notice (notification and e-mail) in `tx`; answers the ids to push after commit. */
  function notify(
    tx: Tx,
    notice: { userId: string; actorId: string; type: string; subject: string; message: string },
    link: string,
  ) {
    return recordNotice({ mailer: deps.mailer, now }, tx, {
      userIds: [notice.userId],
      actorId: notice.actorId,
      type: notice.type,
      subject: notice.subject,
      message: notice.message,
      link,
    });
  }

  const push = (ids: string[]) =>
    pushNotifications({ db, realtime: deps.realtime, logger: deps.logger }, ids);

  async function consultantName(consultantId: string): Promise<string> {
    const [c] = await db
      .select({ first: consultantUser.firstName, last: consultantUser.lastName })
      .from(consultantUser)
      .where(eq(consultantUser.id, consultantId));
    return `${c?.first ?? ''} ${c?.last ?? ''}`.trim() || 'Your consultant';
  }

  /** The zone a franchisor reads times in (rule 20): their own, else the consultant's. */
  async function franchisorZone(franchisorId: string, consultantId: string): Promise<string> {
    const [row] = await db
      .select({ timeZone: user.timeZone })
      .from(user)
      .where(eq(user.id, franchisorId));
    return row?.timeZone ?? consultantZone(db, consultantId);
  }

  return {
    /** `POST /api/users/payments/{id}/reschedule-requests`: the consultant proposes new times. */
    async propose(
      actor: SessionUser,
      paymentId: string,
      input: RescheduleProposalInput,
    ): Promise<RescheduleRequest> {
      const p = await latePayment(actor, paymentId);
      if (!actor.isVerified) throw new AppError('PROFILE_INACTIVE');
      const booking = bookingOf(p);
      const starts = input.starts.map((s) => Date.parse(s));
      for (const start of starts)
        await assertOffered(p.consultantId, start, booking.durationMinutes);
      const at = now();
      const [name, zone] = await Promise.all([
        consultantName(p.consultantId),
        franchisorZone(booking.franchisorId, p.consultantId),
      ]);
      const { row, ids } = await db.transaction(async (tx) => {
        // One open proposal per payment (the open index covers meetings only). The transaction
        // writes first — the payment, still waiting for its decision — so it holds the write lock
        // before it reads: two proposals cannot both see none open.
        const waiting = await tx
          .update(payment)
          .set({ updatedAt: at })
          .where(
            and(
              eq(payment.id, p.id),
              isNotNull(payment.lateCancelledAt),
              isNull(payment.meetingId),
              eq(payment.status, 'pending'),
              eq(payment.isPaid, false),
            ),
          )
          .returning({ id: payment.id });
        if (waiting.length === 0) {
          throw new AppError('CONFLICT', { message: LATE_RESCHEDULE_RULES.settled });
        }
        const open = await tx
          .select({ id: rescheduleRequest.id })
          .from(rescheduleRequest)
          .where(and(eq(rescheduleRequest.paymentId, p.id), eq(rescheduleRequest.status, 'open')))
          .limit(1);
        if (open.length > 0) throw new AppError('RESCHEDULE_OPEN_EXISTS');
        const written = await insertProposal(tx, { paymentId: p.id }, actor, starts, at);
        const noticeIds = await notify(
          tx,
          {
            userId: booking.franchisorId,
            actorId: actor.id,
            type: LATE_RESCHEDULE_NOTIFICATION_TYPES.proposed,
            subject: 'New times for your cancelled meeting',
            message: `${name} proposed new times for the meeting on ${startLabel(p.startAt, zone)} you cancelled less than 24 hours before it. Accept one to meet then for the ${formatUsd(p.amountCents)} already booked, or decline.`,
          },
          '/bookings',
        );
        return { row: written, ids: noticeIds };
      });
      void push(ids);
      return toRequest(row, 'consultant');
    },

    /** `GET /api/users/late-cancellations/reschedule-requests`: the franchisor's open ones. */
    async listForFranchisor(actor: SessionUser): Promise<LateRescheduleList> {
      const rows = await db
        .select({ request: rescheduleRequest, payment })
        .from(rescheduleRequest)
        .innerJoin(payment, eq(payment.id, rescheduleRequest.paymentId))
        .where(and(eq(payment.franchisorId, actor.id), eq(rescheduleRequest.status, 'open')))
        .orderBy(asc(rescheduleRequest.createdAt));
      const data = [];
      for (const r of rows) {
        data.push({
          paymentId: r.payment.id,
          request: toRequest(r.request, 'consultant'),
          consultant: {
            id: r.payment.consultantId,
            name: await consultantName(r.payment.consultantId),
          },
          durationMinutes: r.payment.durationMinutes ?? 0,
          amount: toDollars(r.payment.amountCents),
          cancelledStart: r.payment.startAt?.toISOString() ?? null,
        });
      }
      return { data };
    },

    /**
     * `POST /api/users/late-cancellations/{paymentId}/reschedule-requests/{requestId}/accept`: the
     * franchisor books the chosen start — one transaction with the answer, the meeting, its cells,
     * the payment carried over and the notice.
     */
    async accept(
      actor: SessionUser,
      paymentId: string,
      requestId: string,
      input: RescheduleAcceptInput,
    ): Promise<Session> {
      const p = await latePayment(actor, paymentId);
      const booking = bookingOf(p);
      const request = await openRequestOf(p.id, requestId);
      const start = Date.parse(input.start);
      if (!request.starts.some((s) => Date.parse(s) === start)) {
        throw new AppError('RULE_VIOLATION', { message: RESCHEDULE_RULES.notProposed });
      }
      const { end, bufferMs, zone } = await assertOffered(
        p.consultantId,
        start,
        booking.durationMinutes,
      );
      const parties = await findMeetingParties(db, {
        consultantId: p.consultantId,
        franchisorId: booking.franchisorId,
        franchiseId: p.franchiseId,
      });
      if (!parties) throw new AppError('NOT_FOUND');
      const at = now();
      const row: MeetingRow = {
        id: p.id,
        consultantId: p.consultantId,
        franchisorId: booking.franchisorId,
        franchiseId: p.franchiseId,
        startAt: new Date(start),
        endAt: new Date(end),
        timeZone: zone,
        durationMinutes: booking.durationMinutes,
        status: 'future',
        rateCents: booking.rateCents,
        paidAmountCents: 0,
        isPaid: false,
        markedAsCompletedAt: null,
        declinedAt: null,
        externalEventId: null,
        apiKeyId: null,
        rescheduleCount: 0,
        icsSequence: SEQUENCE_AFTER_CANCEL,
        createdAt: at,
        updatedAt: at,
      };
      const details = { ...parties, meeting: row };
      const notice = await db
        .transaction(async (tx) => {
          const answered = await decideRequest(tx, requestId, actor, at, {
            status: 'accepted',
            start: row.startAt,
          });
          if (!answered) throw new AppError('CONFLICT', { message: RESCHEDULE_RULES.notOpen });
          await assertNoClash(tx, {
            consultantId: row.consultantId,
            meetingId: row.id,
            start,
            end,
            bufferMs,
          });
          await tx.insert(meeting).values(row);
          await tx.insert(meetingSlot).values(
            cellsOf(row.startAt, row.endAt).map((cellStart) => ({
              consultantId: row.consultantId,
              cellStart,
              meetingId: row.id,
            })),
          );
          await deps.payments.onLateRescheduled?.(row, { tx, actor, now: at });
          // Rule 21: the new meeting is a booking for the partner's back end.
          await enqueueWebhookEvent(
            tx,
            meetingAudience(row),
            webhookEvent('meeting.booked', { meeting: webhookMeeting(details, at) }, at),
            at,
          );
          return deps.notices.recordChange(tx, { event: 'booked', details, actor, now: at });
        })
        .catch((error: unknown) => {
          if (!(error instanceof AppError) && isConstraintViolation(error)) {
            throw new AppError('SLOT_TAKEN');
          }
          throw error;
        });
      void deps.notices.deliver(notice);
      try {
        await deps.payments.afterMoved?.(row.id);
        await deps.calendarEvents.meetingBooked({
          id: row.id,
          consultantId: row.consultantId,
          event: deps.notices.calendarEvent(details),
        });
      } catch (error) {
        deps.logger.error('after-booking step of a late reschedule failed', String(error));
      }
      const session = await findSession(db, actor, row.id, now());
      if (!session) throw new AppError('NOT_FOUND');
      return session;
    },

    /**
     * `POST /api/users/late-cancellations/{paymentId}/reschedule-requests/{requestId}/decline`:
     * the franchisor declines; the late cancellation waits for the consultant's decision again.
     */
    async decline(
      actor: SessionUser,
      paymentId: string,
      requestId: string,
    ): Promise<RescheduleRequest> {
      const p = await latePayment(actor, paymentId);
      await openRequestOf(p.id, requestId);
      const at = now();
      const zone = await consultantZone(db, p.consultantId);
      const ids = await db.transaction(async (tx) => {
        if (!(await decideRequest(tx, requestId, actor, at, { status: 'declined' }))) {
          throw new AppError('CONFLICT', { message: RESCHEDULE_RULES.notOpen });
        }
        return notify(
          tx,
          {
            userId: p.consultantId,
            actorId: actor.id,
            type: LATE_RESCHEDULE_NOTIFICATION_TYPES.declined,
            subject: 'Proposed times declined',
            message: `The franchisor declined the new times for the meeting on ${startLabel(p.startAt, zone)} it cancelled late. Choose again whether to charge ${formatUsd(p.amountCents)} or propose other times.`,
          },
          '/payments',
        );
      });
      void push(ids);
      const [row] = await db
        .select()
        .from(rescheduleRequest)
        .where(eq(rescheduleRequest.id, requestId));
      if (!row) throw new AppError('NOT_FOUND');
      return toRequest(row, 'consultant');
    },
  };
}

export type LateRescheduleService = ReturnType<typeof createLateRescheduleService>;
