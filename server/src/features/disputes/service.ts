import {
  type AdminDisputeDecisionInput,
  DISPUTE_REASON_LABELS,
  DISPUTE_WINDOW_DAYS,
  type Dispute,
  type DisputeReplyInput,
  type MeetingDispute,
  type OpenDisputeInput,
} from '@fm/sdk/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  auditLog,
  dispute,
  disputeMessage,
  meeting,
  payment,
  user,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentsContext } from '../../payments/context.ts';
import { formatUsd } from '../../payments/money-rules.ts';
import { notifyUsers } from '../../payments/notify.ts';
import type { FinishedRefund, RefundHooks, Refunds } from '../../payments/refunds.ts';
import { snapshot } from '../admin/audit.ts';
import { enqueueWebhookEvent, webhookEvent } from '../webhooks/enqueue.ts';
import { webhookDispute } from '../webhooks/payloads.ts';

const DAY_MS = 86_400_000;
export type DisputeRow = typeof dispute.$inferSelect;
type PaymentRow = typeof payment.$inferSelect;

/** Until when a charge may be disputed (rule 20): 14 days after it was taken. */
export const disputeDeadline = (chargedAt: Date) =>
  new Date(chargedAt.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS);

/** Whether a payment is a charge its franchisor may still dispute at `now` (not counting an existing dispute). */
const disputable = (p: PaymentRow | undefined, now: Date): p is PaymentRow & { chargedAt: Date } =>
  !!p?.isPaid &&
  p.amountCents > 0 &&
  p.chargedAt !== null &&
  now.getTime() <= disputeDeadline(p.chargedAt).getTime();

const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

/**
 * Disputes of charged meetings (rule 20). The franchisor who booked a meeting opens one on its
 * charge within 14 days, once per payment; the meeting's two sides read it and reply; an admin
 * decides it — rejected, or refunded in full or in part through {@link Refunds}, exactly once —
 * and the decision is audited and told to both sides (a notification, live, and an e-mail).
 */
export function createDisputeService(deps: { ctx: PaymentsContext; refunds: Refunds }) {
  const { ctx, refunds } = deps;
  const { db } = ctx;

  /** The meeting of `meetingId` as one of its two sides may see it, else 404. */
  async function meetingOf(viewer: SessionUser, meetingId: string) {
    const m = await db.select().from(meeting).where(eq(meeting.id, meetingId)).get();
    if (!m || (m.franchisorId !== viewer.id && m.consultantId !== viewer.id)) {
      throw new AppError('NOT_FOUND');
    }
    return m;
  }

  const paymentOf = (meetingId: string) =>
    db.select().from(payment).where(eq(payment.meetingId, meetingId)).get();

  const disputeOfMeeting = (meetingId: string) =>
    db.select().from(dispute).where(eq(dispute.meetingId, meetingId)).get();

  /** A dispute with its replies, as both sides and the admin read it. */
  async function toDispute(row: DisputeRow): Promise<Dispute> {
    const [p, messages] = await Promise.all([
      db
        .select({ amountCents: payment.amountCents })
        .from(payment)
        .where(eq(payment.id, row.paymentId))
        .get(),
      db
        .select({
          message: disputeMessage,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
        })
        .from(disputeMessage)
        .innerJoin(user, eq(user.id, disputeMessage.authorId))
        .where(eq(disputeMessage.disputeId, row.id))
        .orderBy(asc(disputeMessage.createdAt), asc(disputeMessage.id)),
    ]);
    return {
      id: row.id,
      meetingId: row.meetingId,
      paymentId: row.paymentId,
      franchisorId: row.franchisorId,
      consultantId: row.consultantId,
      reason: row.reason as Dispute['reason'],
      text: row.text,
      status: row.status,
      chargedCents: p?.amountCents ?? 0,
      refundCents: row.refundCents ?? 0,
      decisionNote: row.decisionNote,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      messages: messages.map((m) => ({
        id: m.message.id,
        authorId: m.message.authorId,
        authorName: fullName(m),
        authorRole:
          m.message.authorId === row.consultantId
            ? 'consultant'
            : m.message.authorId === row.franchisorId
              ? 'franchisor'
              : 'admin',
        body: m.message.body,
        createdAt: m.message.createdAt.toISOString(),
      })),
    };
  }

  /** `GET /api/session/{id}/dispute`: the dispute, and whether the franchisor may open one. */
  async function view(viewer: SessionUser, meetingId: string): Promise<MeetingDispute> {
    const m = await meetingOf(viewer, meetingId);
    const [p, row] = await Promise.all([paymentOf(m.id), disputeOfMeeting(m.id)]);
    const canOpen =
      !row &&
      viewer.id === m.franchisorId &&
      viewer.role === 'franchisor' &&
      disputable(p, ctx.now());
    return {
      dispute: row ? await toDispute(row) : null,
      canOpen,
      openUntil: canOpen && p?.chargedAt ? disputeDeadline(p.chargedAt).toISOString() : null,
    };
  }

  /** `POST /api/session/{id}/dispute`: only the franchisor who booked it, on a charge, in time, once. */
  async function open(
    viewer: SessionUser,
    meetingId: string,
    input: OpenDisputeInput,
  ): Promise<Dispute> {
    const m = await meetingOf(viewer, meetingId);
    if (m.franchisorId !== viewer.id) throw new AppError('FORBIDDEN');
    const p = await paymentOf(m.id);
    if (!p?.isPaid || p.amountCents <= 0 || !p.chargedAt) throw new AppError('DISPUTE_NOT_CHARGED');
    if (!disputable(p, ctx.now())) throw new AppError('DISPUTE_WINDOW_CLOSED');
    const at = ctx.now();
    const row = await db.transaction(async (tx) => {
      const [opened] = await tx
        .insert(dispute)
        .values({
          paymentId: p.id,
          meetingId: m.id,
          franchiseId: p.franchiseId ?? m.franchiseId,
          franchisorId: m.franchisorId,
          consultantId: m.consultantId,
          reason: input.reason,
          text: input.text,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: dispute.paymentId })
        .returning();
      if (opened) {
        await enqueueWebhookEvent(
          tx,
          { franchiseId: opened.franchiseId, consultantId: opened.consultantId },
          webhookEvent('dispute.opened', { dispute: webhookDispute(opened) }, at),
          at,
        );
      }
      return opened;
    });
    if (!row) throw new AppError('DISPUTE_EXISTS');
    await notifyUsers(ctx, {
      userIds: [m.consultantId],
      actorId: viewer.id,
      type: 'dispute_opened',
      subject: 'A charge was disputed',
      message: `${fullName(viewer)} disputed the charge of ${formatUsd(p.amountCents)} for your meeting: ${DISPUTE_REASON_LABELS[input.reason]}. Please reply on the meeting's page.`,
      link: `/bookings/${m.id}`,
    });
    return toDispute(row);
  }

  /** `POST /api/session/{id}/dispute/replies`: either side, while the dispute is open. */
  async function reply(
    viewer: SessionUser,
    meetingId: string,
    input: DisputeReplyInput,
  ): Promise<Dispute> {
    const m = await meetingOf(viewer, meetingId);
    const row = await disputeOfMeeting(m.id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'open') throw new AppError('DISPUTE_DECIDED');
    await db
      .insert(disputeMessage)
      .values({ disputeId: row.id, authorId: viewer.id, body: input.body, createdAt: ctx.now() });
    const other = viewer.id === row.consultantId ? row.franchisorId : row.consultantId;
    await notifyUsers(ctx, {
      userIds: [other],
      actorId: viewer.id,
      type: 'dispute_reply',
      subject: 'A reply on a dispute',
      message: `${fullName(viewer)} replied on the dispute of your meeting's charge.`,
      link: `/bookings/${m.id}`,
    });
    return toDispute(row);
  }

  /**
   * Moves an open dispute to its decision (rejected when `refundCents` is 0) with its audit entry,
   * in `tx`; false when it was decided already (a race or a retry).
   */
  async function recordDecision(
    tx: Tx,
    row: DisputeRow,
    p: PaymentRow,
    decision: { by: string | null; refundCents: number; note: string | null },
  ): Promise<boolean> {
    const at = ctx.now();
    const { refundCents } = decision;
    const status =
      refundCents === 0
        ? 'rejected'
        : refundCents >= p.amountCents
          ? 'refunded'
          : 'partially_refunded';
    const [after] = await tx
      .update(dispute)
      .set({
        status,
        refundCents,
        decisionNote: decision.note,
        decidedById: decision.by,
        decidedAt: at,
        updatedAt: at,
      })
      .where(and(eq(dispute.id, row.id), eq(dispute.status, 'open')))
      .returning();
    if (!after) return false;
    await enqueueWebhookEvent(
      tx,
      { franchiseId: after.franchiseId, consultantId: after.consultantId },
      webhookEvent('dispute.resolved', { dispute: webhookDispute(after) }, at),
      at,
    );
    // `by` is unknown only for a refund the scheduler finished from an attempt that named nobody:
    // the entry is still written, with no actor, as the trail's rows allow.
    await tx.insert(auditLog).values({
      actorId: decision.by,
      createdAt: at,
      action: `dispute.${status}`,
      entityType: 'dispute',
      entityId: row.id,
      before: snapshot(row),
      after: snapshot(after),
    });
    return true;
  }

  /** Both sides are told of a decision (a notification, live, and an e-mail). */
  async function tellDecision(
    row: DisputeRow,
    p: PaymentRow,
    decision: { by: string | null; refundCents: number; note: string | null },
  ): Promise<void> {
    const { refundCents, note } = decision;
    const what =
      refundCents === 0
        ? 'was rejected'
        : `ended with a refund of ${formatUsd(refundCents)} of ${formatUsd(p.amountCents)}`;
    await notifyUsers(ctx, {
      userIds: [row.franchisorId, row.consultantId],
      actorId: decision.by,
      type: 'dispute_decided',
      subject: 'A dispute was decided',
      message: `The dispute of the charge for the meeting ${what}.${note ? ` ${note}` : ''}`,
      link: row.meetingId ? `/bookings/${row.meetingId}` : '/payments',
    });
  }

  /** The open dispute of a payment and the payment, for a refund the scheduler finished. */
  async function disputeOfRefund(refund: FinishedRefund, executor: Db | Tx = db) {
    const row = await executor
      .select()
      .from(dispute)
      .where(eq(dispute.paymentId, refund.paymentId))
      .get();
    const p = await executor.select().from(payment).where(eq(payment.id, refund.paymentId)).get();
    return row && p ? { row, p } : null;
  }

  // A refund decided by an admin whose process died before recording it is finished by the
  // payments scheduler with the amount recorded; the decision is the admin's, without its note.
  refunds.recordFinishedWith({
    async record(tx, refund) {
      const found = await disputeOfRefund(refund, tx);
      if (!found) return;
      await recordDecision(tx, found.row, found.p, {
        by: refund.by,
        refundCents: refund.amountCents,
        note: null,
      });
    },
    async recorded(refund) {
      const found = await disputeOfRefund(refund);
      if (!found) return;
      await tellDecision(found.row, found.p, {
        by: refund.by,
        refundCents: refund.amountCents,
        note: null,
      });
    },
  });

  /**
   * An admin's decision (rule 20): rejected, or refunded in full or by `refundCents` (less than the
   * charge). A refund goes through the provider once, whatever the retries: a decision whose refund
   * was started and never recorded is completed with that refund's amount. The dispute moves out of
   * `open` once, in the ledger's transaction, with its audit entry; both sides are told.
   */
  async function decide(
    admin: SessionUser,
    disputeId: string,
    input: AdminDisputeDecisionInput,
    hooks?: RefundHooks,
  ): Promise<Dispute> {
    const row = await db.select().from(dispute).where(eq(dispute.id, disputeId)).get();
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'open') throw new AppError('DISPUTE_DECIDED');
    const p = await db.select().from(payment).where(eq(payment.id, row.paymentId)).get();
    if (!p) throw new AppError('NOT_FOUND');
    const note = input.note?.trim() ? input.note.trim() : null;
    const decided = (tx: Tx, refundCents: number) =>
      recordDecision(tx, row, p, { by: admin.id, refundCents, note });
    let refundCents = 0;
    let changed = false;
    if (input.decision === 'reject') {
      changed = await db.transaction((tx) => decided(tx, 0));
    } else {
      const wanted = input.decision === 'full_refund' ? p.amountCents : (input.refundCents ?? 0);
      if (input.decision === 'partial_refund' && wanted >= p.amountCents) {
        throw new AppError('REFUND_TOO_LARGE');
      }
      const outcome = await refunds.refund(p.id, wanted, {
        hooks,
        by: admin.id,
        record: async (tx, done) => {
          changed = await decided(tx, done.amountCents);
        },
      });
      refundCents = outcome.amountCents;
    }
    const current = await db.select().from(dispute).where(eq(dispute.id, row.id)).get();
    if (!current) throw new AppError('NOT_FOUND');
    if (changed) {
      await tellDecision(row, p, { by: admin.id, refundCents, note });
    } else if (current.status === 'open') {
      throw new AppError('CONFLICT');
    }
    return toDispute(current);
  }

  return { view, open, reply, decide, toDispute };
}

export type DisputeService = ReturnType<typeof createDisputeService>;
