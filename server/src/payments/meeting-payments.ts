import type { LateCancellationDecision } from '@fm/sdk/contracts';
import { and, asc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { meeting, payment, providerAttempt, user } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import { billingContactOf, defaultCard, ensureCustomer, franchiseIdOf } from './billing.ts';
import type { Charges } from './charges.ts';
import type { PaymentsContext } from './context.ts';
import { holdLines, LEDGER_KEYS, post, releaseLines } from './ledger.ts';
import { formatUsd, holdPlan, isLateCancellation, meetingAmountCents } from './money-rules.ts';
import { notifyAfterCommit, notifyUsers } from './notify.ts';
import {
  heldCents,
  loadPayment,
  moneyKey,
  type PaymentContextRow,
  startLabel,
} from './payment-rows.ts';
import { type Hold, isPaymentDeclined } from './provider.ts';
import { createProviderAttempts } from './provider-attempts.ts';

/** What the money side needs to know about a meeting. */
export interface MeetingMoneyRef {
  id: string;
  consultantId: string;
  franchisorId: string;
  franchiseId: string | null;
  startAt: Date;
  durationMinutes: number;
  rateCents: number;
}

/** The booking's transaction and clock, when a hook runs inside a booking change. */
export interface SeamContext {
  tx?: Tx | undefined;
  now?: Date | undefined;
  /** What `prepareBooked` decided before the transaction (booking only). */
  prepared?: PreparedBooking | undefined;
}

/** A booking's money decided before its transaction; `abandon` undoes it when no meeting came of it. */
export interface PreparedBooking {
  readonly meetingId: string;
  abandon(): Promise<void>;
}

/** What the provider said about a booking: the hold placed, or none (a later hold, or free). */
interface BookingMoney {
  meetingId: string;
  franchiseId: string;
  amountCents: number;
  plan: ReturnType<typeof holdPlan>;
  hold: Hold | null;
}

/**
 * The booking feature's seam (`features/booking/meeting-payments.ts`, same shape). A booking first
 * calls `prepareBooked` outside any transaction (the provider's hold or card check; it throws 402
 * PAYMENT_DECLINED for a declined card and 422 RULE_VIOLATION without a card), then `onBooked` inside
 * its transaction, which only writes. The other hooks run inside the transaction of their change;
 * every database write goes through it, so a refused change leaves nothing behind; no provider
 * call runs inside it: the release of a hold is recorded there and made by `settle` after the
 * commit. `onCancelled` runs before the meeting row is deleted: it deletes the payment (hold released)
 * or, for a late cancellation, keeps it for the consultant's decision (the foreign key detaches it).
 */
export interface MeetingPayments {
  prepareBooked(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<PreparedBooking>;
  onBooked(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  onCancelled(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  onDeclined(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  onCompleted(meeting: MeetingMoneyRef, ctx?: SeamContext): Promise<void>;
  /** After a cancel, decline or no-show committed: the provider's release (never throws). */
  settle(meetingId: string): Promise<void>;
}

const NO_CARD_MESSAGE = 'Add a payment method before booking a meeting';

/** The provider's key of a hold's release (and its `provider_attempt` row). */
export const releaseKey = (key: string) => `release:${key}`;

/** The provider's key of the n-th hold attempt; the ledger's `hold:{meetingId}` is once per meeting. */
export const holdKey = (key: string, attempt: number) => `hold:${key}:${attempt}`;

async function franchiseFor(executor: Db | Tx, m: MeetingMoneyRef): Promise<string | null> {
  return m.franchiseId ?? (await franchiseIdOf(executor, m.franchisorId));
}

/**
 * Meeting money (D10): the hold at booking (or 48 h before a meeting booked further out), release on
 * cancel and decline, the consultant's choice after a late cancellation, the amount fixed at
 * completion (charged by the weekly run), and the job that places due holds.
 */
export function createMeetingPayments(ctx: PaymentsContext, charges: Charges) {
  const { db } = ctx;
  const attempts = createProviderAttempts(ctx);
  /** Prepared bookings waiting for their transaction (held weakly: a dropped handle goes). */
  const prepared = new WeakMap<PreparedBooking, BookingMoney>();

  /**
   * The provider's part of a booking: the franchise's default card, the customer, and either the
   * hold (a meeting within D10's window) or a check that the card can be charged later. Throws 402
   * for a declined card and 422 without a card. Reads and the customer id go through `executor`.
   */
  async function decideBooked(
    executor: Db | Tx,
    m: MeetingMoneyRef,
    now: Date,
  ): Promise<BookingMoney> {
    const franchiseId = await franchiseFor(executor, m);
    const card = franchiseId ? await defaultCard(executor, franchiseId) : null;
    if (!franchiseId || !card) throw new AppError('RULE_VIOLATION', { message: NO_CARD_MESSAGE });
    const amountCents = meetingAmountCents(m.durationMinutes, m.rateCents);
    const plan = holdPlan(m.startAt, now);
    const customerId = await ensureCustomerVia(executor, franchiseId);
    try {
      if (amountCents > 0 && plan.at === 'booking') {
        const hold = await ctx.provider.authorize({
          customerId,
          providerMethodId: card.providerMethodId,
          amountCents,
          idempotencyKey: holdKey(m.id, 0),
          description: `Hold for a meeting on ${m.startAt.toISOString()}`,
          metadata: { kind: 'meeting_hold', paymentId: m.id, meetingKey: m.id },
        });
        return { meetingId: m.id, franchiseId, amountCents, plan, hold };
      }
      if (amountCents > 0) {
        await ctx.provider.verifyMethod({
          customerId,
          providerMethodId: card.providerMethodId,
          idempotencyKey: `verify:${m.id}`,
        });
      }
      return { meetingId: m.id, franchiseId, amountCents, plan, hold: null };
    } catch (error) {
      if (isPaymentDeclined(error)) throw error.toAppError();
      throw error;
    }
  }

  /** The database's part of a booking: the payment row, and the hold in the ledger. */
  async function recordBooked(
    executor: Db | Tx,
    m: MeetingMoneyRef,
    money: BookingMoney,
    now: Date,
  ): Promise<void> {
    const { franchiseId, amountCents, plan, hold } = money;
    const base = {
      id: m.id,
      meetingId: m.id,
      franchiseId,
      consultantId: m.consultantId,
      amountCents,
      status: 'pending' as const,
      startAt: m.startAt,
    };
    if (hold) {
      await executor.transaction(async (t) => {
        await t
          .insert(payment)
          .values({ ...base, holdId: hold.holdId, holdExpiresAt: hold.expiresAt, holdAttempts: 1 })
          .onConflictDoNothing();
        await post(t, {
          kind: 'hold',
          idempotencyKey: LEDGER_KEYS.hold(m.id),
          entries: holdLines(franchiseId, amountCents),
          meetingId: m.id,
          franchiseId,
          providerReference: hold.holdId,
          createdAt: now,
        });
      });
      return;
    }
    await executor
      .insert(payment)
      .values({ ...base, holdDueAt: plan.at === 'later' ? plan.dueAt : null })
      .onConflictDoNothing();
  }

  /**
   * Before booking's transaction: the provider calls of `decideBooked`, so that no network call
   * runs while the database's write lock is held. The answer goes back to `onBooked` in the
   * transaction; `abandon` gives a hold back when the booking did not happen (slot taken).
   */
  async function prepareBooked(
    m: MeetingMoneyRef,
    seam: SeamContext = {},
  ): Promise<PreparedBooking> {
    const money = await decideBooked(db, m, seam.now ?? ctx.now());
    const handle: PreparedBooking = {
      meetingId: m.id,
      abandon: async () => {
        prepared.delete(handle);
        if (money.hold) {
          await ctx.provider.release({
            holdId: money.hold.holdId,
            idempotencyKey: `abandon:${m.id}`,
          });
        }
      },
    };
    prepared.set(handle, money);
    return handle;
  }

  /** In booking's transaction: records what `prepareBooked` decided (or decides now, without it). */
  async function onBooked(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const now = seam.now ?? ctx.now();
    const decided = seam.prepared ? prepared.get(seam.prepared) : undefined;
    if (seam.prepared && decided?.meetingId !== m.id) {
      throw new Error(`prepared booking ${seam.prepared.meetingId} used for meeting ${m.id}`);
    }
    await recordBooked(executor, m, decided ?? (await decideBooked(executor, m, now)), now);
  }

  /** `ensureCustomer` writes through the booking's transaction when there is one. */
  async function ensureCustomerVia(executor: Db | Tx, franchiseId: string): Promise<string> {
    return ensureCustomer({ ...ctx, db: executor as Db }, franchiseId);
  }

  /**
   * Gives a hold back: the ledger's release, `then` on the payment row and the record of the
   * provider's release in one transaction (the booking change's own, when there is one); the
   * provider is called after the commit (decision 016) — by `settle`, which the change calls once
   * it has committed, or at once when there is no outer transaction. A release recorded but never
   * made (a crash) is made by the hourly job.
   */
  async function releaseHold(
    row: PaymentContextRow,
    executor: Db | Tx,
    then: (t: Db | Tx) => Promise<void>,
    inOuterTransaction: boolean,
  ): Promise<void> {
    const p = row.payment;
    const key = moneyKey(p);
    const franchiseId = row.franchiseId;
    const held = franchiseId ? await heldCents(executor, key, franchiseId) : 0;
    await executor.transaction(async (t) => {
      if (p.holdId) {
        await attempts.begin(
          {
            key: releaseKey(key),
            kind: 'release',
            subjectId: p.id,
            intentId: p.holdId,
            amountCents: held,
          },
          t,
        );
      }
      if (franchiseId && held > 0) {
        await post(t, {
          kind: 'release',
          idempotencyKey: LEDGER_KEYS.release(key),
          entries: releaseLines(franchiseId, held),
          meetingId: p.meetingId,
          franchiseId,
          providerReference: p.holdId,
          createdAt: ctx.now(),
        });
      }
      await then(t);
    });
    if (p.holdId && !inOuterTransaction) await settleRelease(releaseKey(key));
  }

  /** Makes a recorded release at the provider (releasing twice is harmless there); never throws. */
  async function settleRelease(key: string): Promise<void> {
    const row = await db
      .select()
      .from(providerAttempt)
      .where(and(eq(providerAttempt.key, key), eq(providerAttempt.state, 'started')))
      .get();
    if (!row?.intentId) return;
    try {
      await ctx.provider.release({ holdId: row.intentId, idempotencyKey: key });
      await attempts.finish(db, key, 'succeeded');
    } catch (error) {
      ctx.logger.error('releasing a hold failed; the hourly job retries it', {
        key,
        error: String(error),
      });
    }
  }

  /**
   * After a cancel, decline or no-show has committed: the provider's part of it (the hold's
   * release). Never throws; what fails here is retried by `releasePending`.
   */
  async function settle(meetingId: string): Promise<void> {
    await settleRelease(releaseKey(meetingId));
  }

  /** The hourly job: releases recorded more than a minute ago and never made (a crash, an outage). */
  async function releasePending(): Promise<{ released: number }> {
    const stale = await attempts.stale('release', new Date(ctx.now().getTime() - 60_000));
    for (const a of stale) await settleRelease(a.key);
    return { released: stale.length };
  }

  async function onCancelled(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const row = await loadPayment(executor, m.id);
    if (!row || row.payment.isPaid) return;
    const now = seam.now ?? ctx.now();
    if (isLateCancellation(m.startAt, now)) {
      // The consultant decides: charge or let the franchisor reschedule. The hold stays meanwhile.
      await executor
        .update(payment)
        .set({ lateCancelledAt: now, startAt: m.startAt, holdDueAt: null })
        .where(eq(payment.id, row.payment.id));
      const franchisor = await executor
        .select({ firstName: user.firstName, lastName: user.lastName })
        .from(user)
        .where(eq(user.id, m.franchisorId))
        .get();
      const who = franchisor
        ? `${franchisor.firstName} ${franchisor.lastName}`.trim()
        : row.franchiseName;
      const notify = seam.tx ? notifyAfterCommit : notifyUsers;
      await notify(ctx, {
        userIds: [m.consultantId],
        actorId: m.franchisorId,
        type: 'late_cancellation',
        subject: 'Meeting cancelled within 24 hours',
        message: `${who} (${row.franchiseName}) cancelled your meeting on ${startLabel(m.startAt, row.timeZone)} less than 24 hours before it. Choose whether to charge ${formatUsd(row.payment.amountCents)} or let them reschedule.`,
        link: '/payments',
      });
      return;
    }
    await releaseHold(
      row,
      executor,
      async (t) => {
        await t.delete(payment).where(eq(payment.id, row.payment.id));
      },
      seam.tx !== undefined,
    );
  }

  async function onDeclined(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const row = await loadPayment(executor, m.id);
    if (!row || row.payment.isPaid) return;
    await releaseHold(
      row,
      executor,
      async (t) => {
        await t
          .update(payment)
          .set({ status: 'declined', holdId: null, holdExpiresAt: null, holdDueAt: null })
          .where(eq(payment.id, row.payment.id));
      },
      seam.tx !== undefined,
    );
  }

  async function onCompleted(m: MeetingMoneyRef, seam: SeamContext = {}): Promise<void> {
    const executor = seam.tx ?? db;
    const amountCents = meetingAmountCents(m.durationMinutes, m.rateCents);
    const franchiseId = await franchiseFor(executor, m);
    const updated = await executor
      .update(payment)
      .set({ status: 'completed', amountCents, holdDueAt: null })
      .where(and(or(eq(payment.meetingId, m.id), eq(payment.id, m.id)), eq(payment.isPaid, false)))
      .returning({ id: payment.id });
    if (updated.length > 0) return;
    await executor
      .insert(payment)
      .values({
        id: m.id,
        meetingId: m.id,
        franchiseId,
        consultantId: m.consultantId,
        amountCents,
        status: 'completed',
        startAt: m.startAt,
      })
      .onConflictDoNothing();
  }

  /** Places one due hold; a declined card is counted once per attempt and notified to both sides. */
  async function placeHold(row: PaymentContextRow): Promise<'held' | 'failed' | 'skipped'> {
    const p = row.payment;
    const m = row.meeting;
    const franchiseId = row.franchiseId;
    if (m?.status !== 'future' || p.holdId || p.isPaid || !franchiseId) return 'skipped';
    const key = moneyKey(p);
    const amountCents = meetingAmountCents(m.durationMinutes, m.rateCents);
    const attempt = p.holdAttempts;
    const card = await defaultCard(db, franchiseId);
    try {
      if (!card) throw new AppError('RULE_VIOLATION', { message: 'There is no card on file.' });
      const customerId = await ensureCustomer(ctx, franchiseId);
      const hold = await ctx.provider.authorize({
        customerId,
        providerMethodId: card.providerMethodId,
        amountCents,
        idempotencyKey: holdKey(key, attempt),
        description: `Hold for a meeting on ${m.startAt.toISOString()}`,
        metadata: { kind: 'meeting_hold', paymentId: p.id, meetingKey: key },
      });
      await db.transaction(async (t) => {
        const updated = await t
          .update(payment)
          .set({
            holdId: hold.holdId,
            holdExpiresAt: hold.expiresAt,
            holdDueAt: null,
            holdFailureCode: null,
            holdAttempts: attempt + 1,
            amountCents,
          })
          .where(
            and(eq(payment.id, p.id), isNull(payment.holdId), eq(payment.holdAttempts, attempt)),
          )
          .returning({ id: payment.id });
        if (updated.length === 0) return;
        await post(t, {
          kind: 'hold',
          idempotencyKey: LEDGER_KEYS.hold(key),
          entries: holdLines(franchiseId, amountCents),
          meetingId: p.meetingId,
          franchiseId,
          providerReference: hold.holdId,
          createdAt: ctx.now(),
        });
      });
      return 'held';
    } catch (error) {
      const declined = isPaymentDeclined(error);
      const noCard = error instanceof AppError && error.code === 'RULE_VIOLATION';
      if (!declined && !noCard) throw error;
      const code = declined ? error.failureCode : 'no_payment_method';
      const reason = declined ? error.displayMessage : 'There is no card on file.';
      const updated = await db
        .update(payment)
        .set({ holdFailureCode: code, holdAttempts: attempt + 1, holdDueAt: null })
        .where(and(eq(payment.id, p.id), eq(payment.holdAttempts, attempt)))
        .returning({ id: payment.id });
      if (updated.length === 0) return 'failed';
      const when = startLabel(m.startAt, row.timeZone);
      await notifyUsers(ctx, {
        userIds: [m.franchisorId, await billingContactOf(db, franchiseId)],
        actorId: m.consultantId,
        type: 'hold_failed',
        subject: 'Please update your card',
        message: `We could not reserve ${formatUsd(amountCents)} on your card for your meeting with ${row.consultantName} on ${when} (${reason}). Please update your card before the meeting.`,
        link: '/my-profile/payment-details',
      });
      await notifyUsers(ctx, {
        userIds: [m.consultantId],
        actorId: m.franchisorId,
        type: 'hold_failed',
        subject: 'Payment hold failed',
        message: `The payment hold for your meeting with ${row.franchiseName} on ${when} failed. The franchisor has been asked to update their card.`,
        link: '/meetings',
      });
      return 'failed';
    }
  }

  /** The job behind D10's "about 48 hours before": every hold that is due, once per meeting. */
  async function placeDueHolds(): Promise<{ held: number; failed: number; skipped: number }> {
    const due = await db
      .select({ id: payment.id })
      .from(payment)
      .innerJoin(meeting, eq(meeting.id, payment.meetingId))
      .where(
        and(
          isNotNull(payment.holdDueAt),
          lte(payment.holdDueAt, ctx.now()),
          isNull(payment.holdId),
          eq(payment.isPaid, false),
          eq(meeting.status, 'future'),
        ),
      )
      .orderBy(asc(payment.holdDueAt));
    const result = { held: 0, failed: 0, skipped: 0 };
    for (const { id } of due) {
      const row = await loadPayment(db, id);
      if (!row) continue;
      try {
        result[await placeHold(row)] += 1;
      } catch (error) {
        ctx.logger.error('placing a hold failed', error);
        result.skipped += 1;
      }
    }
    return result;
  }

  /** A new default card: failed holds of upcoming meetings are placed again. */
  async function retryFailedHolds(franchiseId: string): Promise<void> {
    const failed = await db
      .select({ id: payment.id })
      .from(payment)
      .innerJoin(meeting, eq(meeting.id, payment.meetingId))
      .where(
        and(
          isNotNull(payment.holdFailureCode),
          isNull(payment.holdId),
          eq(payment.isPaid, false),
          eq(meeting.status, 'future'),
          or(eq(payment.franchiseId, franchiseId), eq(meeting.franchiseId, franchiseId)),
        ),
      );
    for (const { id } of failed) {
      const row = await loadPayment(db, id);
      if (row)
        await placeHold(row).catch((error: unknown) =>
          ctx.logger.error('hold retry failed', error),
        );
    }
  }

  /** Late cancellations waiting for this consultant's decision. */
  async function pendingLateCancellations(consultantId: string) {
    const rows = await db
      .select({ id: payment.id })
      .from(payment)
      .where(
        and(
          eq(payment.consultantId, consultantId),
          isNotNull(payment.lateCancelledAt),
          eq(payment.status, 'pending'),
          eq(payment.isPaid, false),
        ),
      )
      .orderBy(asc(payment.startAt));
    const result: PaymentContextRow[] = [];
    for (const r of rows) {
      const row = await loadPayment(db, r.id);
      if (row) result.push(row);
    }
    return result;
  }

  /**
   * The consultant's choice after a late cancellation (admin-panel §1): `charge` charges the booked
   * amount now (like a completed meeting), `reschedule` releases the hold.
   */
  async function resolveLateCancellation(
    consultantId: string,
    paymentId: string,
    decision: LateCancellationDecision,
  ): Promise<'charged' | 'failed' | 'released'> {
    const row = await loadPayment(db, paymentId);
    const p = row?.payment;
    if (!row || !p || p.consultantId !== consultantId || !p.lateCancelledAt) {
      throw new AppError('NOT_FOUND');
    }
    if (p.isPaid || p.status !== 'pending') {
      throw new AppError('CONFLICT', { message: 'This cancellation has been settled already' });
    }
    if (decision === 'reschedule') {
      await releaseLateCancellation(p.id);
      return 'released';
    }
    await db
      .update(payment)
      .set({ status: 'completed' })
      .where(and(eq(payment.id, p.id), eq(payment.status, 'pending')));
    const outcome = await charges.chargePayment(p.id);
    return outcome === 'charged' ? 'charged' : 'failed';
  }

  async function releaseLateCancellation(paymentId: string): Promise<void> {
    const row = await loadPayment(db, paymentId);
    if (!row || row.payment.isPaid) return;
    await releaseHold(
      row,
      db,
      async (t) => {
        await t.delete(payment).where(and(eq(payment.id, paymentId), eq(payment.isPaid, false)));
      },
      false,
    );
  }

  const seam: MeetingPayments = {
    prepareBooked,
    onBooked,
    onCancelled,
    onDeclined,
    onCompleted,
    settle,
  };
  return {
    ...seam,
    seam,
    releasePending,
    placeDueHolds,
    retryFailedHolds,
    pendingLateCancellations,
    resolveLateCancellation,
    releaseLateCancellation,
  };
}

export type MeetingMoney = ReturnType<typeof createMeetingPayments>;
