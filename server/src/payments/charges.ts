import { DECLINED_CARD_FEE_CENTS, type PaymentRunResult } from '@fm/sdk/contracts';
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { meeting, payment } from '../db/schema/index.ts';
import { enqueueWebhookEvent, webhookEvent } from '../features/webhooks/enqueue.ts';
import { webhookCharge } from '../features/webhooks/payloads.ts';
import { isAppError } from '../http/errors.ts';
import { billingContactOf, defaultCard, ensureCustomer } from './billing.ts';
import type { PaymentsContext } from './context.ts';
import {
  captureLines,
  declinedFeeLines,
  declinedFeePaidLines,
  isPosted,
  LEDGER_KEYS,
  post,
  releaseLines,
} from './ledger.ts';
import { formatUsd, HOLD_VALIDITY_MS, isHoldUsable, meetingAmountCents } from './money-rules.ts';
import { notifyUsers } from './notify.ts';
import {
  heldCents,
  loadPayment,
  moneyKey,
  type PaymentContextRow,
  releasePostingKey,
  startLabel,
} from './payment-rows.ts';
import { paymentIdsWhere, tallyRun } from './payment-runs.ts';
import { HoldUnusableError, isPaymentDeclined, type PaymentDeclinedError } from './provider.ts';
import { createProviderAttempts } from './provider-attempts.ts';

export type ChargeOutcome = 'charged' | 'failed' | 'skipped';

/** What the provider's part of a charge came to. */
interface Taken {
  reference: string;
  /** The recorded call that took the money; null when the hold was found captured already. */
  attemptKey: string | null;
  /** The provider has not decided yet (e.g. a bank debit): nothing is recorded now. */
  processing: boolean;
}

/** Test seams of a charge run: a hook that throws there is a process dying at the worst moment. */
export interface ChargeHooks {
  /** After the provider answered, before anything is recorded. */
  afterProviderCall?: (paymentId: string) => void | Promise<void>;
}

/** The provider's idempotency key of one charge attempt; the ledger's `capture:{meetingId}` is once per meeting. */
export const chargeKey = (key: string, attempt: number) => `charge:${key}:${attempt}`;

/**
 * Charging completed meetings (rule 10): capture the hold while it is valid, else charge the saved card
 * off-session under the same idempotency key; 20 % to the platform, 80 % to the consultant; a
 * declined card costs one $25 fee, is notified, and is retried when a new card is added. Safe to run
 * twice, concurrently or after a crash: the provider sees the same key per attempt, the ledger
 * posts each key once, and the payment row only moves forward through conditional updates.
 */
export function createCharges(ctx: PaymentsContext) {
  const { db } = ctx;
  const attempts = createProviderAttempts(ctx);

  async function chargePayment(
    idOrMeetingId: string,
    options: { retry?: boolean; hooks?: ChargeHooks | undefined } = {},
  ): Promise<ChargeOutcome> {
    const row = await loadPayment(db, idOrMeetingId);
    if (!row) return 'skipped';
    const p = row.payment;
    if (p.isPaid) return 'skipped';
    if (p.failureCode && !options.retry) return 'skipped';
    const completed = p.status === 'completed' || row.meeting?.status === 'completed';
    if (!completed) return 'skipped';
    const franchiseId = row.franchiseId;
    if (!franchiseId) {
      ctx.logger.error('payment without a franchise cannot be charged', { paymentId: p.id });
      return 'skipped';
    }
    const key = moneyKey(p);
    const amount = row.meeting
      ? meetingAmountCents(row.meeting.durationMinutes, row.meeting.rateCents)
      : p.amountCents;
    const attempt = p.chargeAttempts;
    const held = await heldCents(db, key, franchiseId);

    if (amount === 0) {
      const settled = await recordSuccess(row, { franchiseId, amount, held, reference: null });
      return settled ? 'charged' : 'skipped';
    }
    const card = await defaultCard(db, franchiseId);
    if (!card) {
      const counted = await recordFailure(row, {
        attempt,
        amount,
        code: 'no_payment_method',
        fee: false,
        reason: 'There is no card on file.',
      });
      return counted ? 'failed' : 'skipped';
    }
    const idempotencyKey = chargeKey(key, attempt);
    let taken: Taken;
    try {
      const customerId = await ensureCustomer(ctx, franchiseId);
      taken = await takeMoney(row, {
        customerId,
        providerMethodId: card.providerMethodId,
        amount,
        held,
        attempt,
        idempotencyKey,
      });
    } catch (error) {
      if (!isPaymentDeclined(error)) throw error;
      await options.hooks?.afterProviderCall?.(p.id);
      const counted = await recordFailure(row, {
        attempt,
        amount,
        code: error.failureCode,
        fee: true,
        reason: (error as PaymentDeclinedError).displayMessage,
      });
      // A concurrent run recorded this very attempt already.
      return counted ? 'failed' : 'skipped';
    }
    // Not decided at the provider yet: its webhook, or the next run's reading, settles it.
    if (taken.processing) return 'skipped';
    const reference = taken.reference;
    await options.hooks?.afterProviderCall?.(p.id);
    const settled = await recordSuccess(row, {
      franchiseId,
      amount,
      held,
      reference,
      attemptKey: taken.attemptKey,
    });
    await collectDeclinedFee(row, franchiseId);
    return settled ? 'charged' : 'skipped';
  }

  /**
   * The provider's part of a charge, exactly once whatever happened before (decision 016). First
   * what earlier calls for this payment left at the provider is read — a hold captured or a charge
   * that went through without being recorded is taken as the outcome, never repeated (Stripe's
   * idempotency keys are gone after ~24 h) — then the hold itself is read; only then is a call
   * made, each one recorded before it goes out.
   */
  async function takeMoney(
    row: PaymentContextRow,
    c: {
      customerId: string;
      providerMethodId: string;
      amount: number;
      held: number;
      attempt: number;
      idempotencyKey: string;
    },
  ): Promise<Taken> {
    const p = row.payment;
    const key = moneyKey(p);
    const { provider } = ctx;
    for (const prior of await attempts.unfinished(p.id, ['capture', 'charge'])) {
      const seen = prior.intentId
        ? await provider.readIntent(prior.intentId)
        : await provider.findIntent({
            customerId: prior.ownerId ?? c.customerId,
            idempotencyKey: prior.key,
            since: prior.createdAt,
          });
      // The ledger provider keeps nothing to read: repeating under the same key is safe there.
      if (!seen) continue;
      if (seen.status === 'succeeded' && seen.intentId) {
        return { reference: seen.intentId, attemptKey: prior.key, processing: false };
      }
      if (seen.status === 'processing') {
        return { reference: seen.intentId ?? '', attemptKey: prior.key, processing: true };
      }
      if (prior.kind === 'charge' && seen.status === 'failed' && seen.failure) {
        await attempts.finish(db, prior.key, 'failed');
        // The decline of this very attempt, never recorded: it is recorded now, not retried.
        if (prior.key === c.idempotencyKey || prior.key === `${c.idempotencyKey}:off_session`) {
          throw seen.failure;
        }
        continue;
      }
      // A hold still capturable is captured below; a charge never made or cancelled is void.
      if (prior.kind === 'charge' || seen.status === 'canceled' || seen.status === 'absent') {
        await attempts.finish(db, prior.key, 'void');
      }
    }
    const hold = p.holdId ? await provider.readIntent(p.holdId) : null;
    if (hold?.status === 'succeeded' && hold.intentId) {
      // Captured at the provider by a call this database never heard of (or a webhook's race).
      return { reference: hold.intentId, attemptKey: null, processing: false };
    }
    const holdLive = hold === null || hold.status === 'held';
    const capturable =
      p.holdId !== null &&
      holdLive &&
      c.held >= c.amount &&
      (hold === null || hold.amountCents >= c.amount) &&
      isHoldUsable(p.holdExpiresAt, ctx.now());
    const offSession = async (keyUsed: string): Promise<Taken> => {
      await attempts.begin({
        key: keyUsed,
        kind: 'charge',
        subjectId: p.id,
        ownerId: c.customerId,
        amountCents: c.amount,
      });
      const { reference } = await provider.chargeOffSession({
        customerId: c.customerId,
        providerMethodId: c.providerMethodId,
        amountCents: c.amount,
        idempotencyKey: keyUsed,
        description: `Meeting with ${row.consultantName} on ${startLabel(row.startAt, row.timeZone)}`,
        metadata: {
          kind: 'meeting_charge',
          paymentId: p.id,
          meetingKey: key,
          attempt: String(c.attempt),
        },
      });
      return { reference, attemptKey: keyUsed, processing: false };
    };
    if (capturable && p.holdId) {
      await attempts.begin({
        key: c.idempotencyKey,
        kind: 'capture',
        subjectId: p.id,
        intentId: p.holdId,
        amountCents: c.amount,
      });
      try {
        const { reference } = await provider.capture({
          holdId: p.holdId,
          amountCents: c.amount,
          idempotencyKey: c.idempotencyKey,
        });
        return { reference, attemptKey: c.idempotencyKey, processing: false };
      } catch (error) {
        // The provider no longer has the hold (released or expired early): charge the card. The
        // key is derived, so a rerun meets the same failed capture and reaches the same charge.
        if (!(error instanceof HoldUnusableError)) throw error;
        await attempts.finish(db, c.idempotencyKey, 'void');
        return offSession(`${c.idempotencyKey}:off_session`);
      }
    }
    const taken = await offSession(c.idempotencyKey);
    // A hold that could not be used is given back (an expired one is gone already).
    if (p.holdId && holdLive) {
      await provider.release({ holdId: p.holdId, idempotencyKey: `release:${key}` });
    }
    return taken;
  }

  /** Records a charge once: ledger (release of the hold, capture with its split) and the rows. */
  async function recordSuccess(
    row: PaymentContextRow,
    c: {
      franchiseId: string;
      amount: number;
      held: number;
      reference: string | null;
      /** The provider call that took the money (its record moves to `succeeded`). */
      attemptKey?: string | null | undefined;
    },
  ): Promise<boolean> {
    const p = row.payment;
    const key = moneyKey(p);
    const at = ctx.now();
    const { posted, settled } = await db.transaction(async (tx) => {
      if (c.held > 0) {
        await post(tx, {
          kind: 'release',
          idempotencyKey: await releasePostingKey(tx, key),
          entries: releaseLines(c.franchiseId, c.held),
          meetingId: p.meetingId,
          franchiseId: c.franchiseId,
          providerReference: p.holdId,
          createdAt: at,
        });
      }
      const { posted } = await post(tx, {
        kind: 'capture',
        idempotencyKey: LEDGER_KEYS.capture(key),
        entries: captureLines(c.franchiseId, p.consultantId, c.amount),
        meetingId: p.meetingId,
        franchiseId: c.franchiseId,
        consultantId: p.consultantId,
        providerReference: c.reference,
        createdAt: at,
      });
      const updated = await tx
        .update(payment)
        .set({
          isPaid: true,
          status: 'completed',
          amountCents: c.amount,
          chargedAt: at,
          failureCode: null,
          holdId: null,
          holdExpiresAt: null,
          holdDueAt: null,
        })
        .where(and(eq(payment.id, p.id), eq(payment.isPaid, false)))
        .returning({ id: payment.id });
      if (p.meetingId) {
        await tx
          .update(meeting)
          .set({ isPaid: true, paidAmountCents: c.amount })
          .where(eq(meeting.id, p.meetingId));
      }
      if (c.attemptKey) await attempts.finish(tx, c.attemptKey, 'succeeded', c.reference);
      if (updated.length > 0) {
        // Rule 21: told once, by the run that moved the payment to paid.
        await enqueueWebhookEvent(
          tx,
          { franchiseId: c.franchiseId, consultantId: p.consultantId },
          webhookEvent(
            'charge.succeeded',
            {
              charge: webhookCharge(p, {
                franchiseId: c.franchiseId,
                amountCents: c.amount,
                failureMessage: null,
              }),
            },
            at,
          ),
          at,
        );
      }
      return { posted, settled: updated.length > 0 };
    });
    if (posted && c.amount > 0) {
      await notifyUsers(ctx, {
        userIds: [row.franchisorId, await billingContactOf(db, c.franchiseId)],
        actorId: p.consultantId,
        type: 'payment_charged',
        subject: 'Payment received',
        message: `Your card was charged ${formatUsd(c.amount)} for your meeting with ${row.consultantName}.`,
        link: '/payments',
      });
    }
    return settled;
  }

  /**
   * A declined charge: the attempt is counted once (a conditional update), the $25 fee is posted
   * once per meeting whatever the number of attempts, and the franchise is told to update its card.
   */
  async function recordFailure(
    row: PaymentContextRow,
    f: { attempt: number; amount: number; code: string; fee: boolean; reason: string },
  ): Promise<boolean> {
    const p = row.payment;
    const key = moneyKey(p);
    const franchiseId = row.franchiseId;
    const counted = await db.transaction(async (tx) => {
      const updated = await tx
        .update(payment)
        .set({
          failureCode: f.code,
          chargeAttempts: f.attempt + 1,
          status: 'completed',
          amountCents: f.amount,
        })
        .where(
          and(
            eq(payment.id, p.id),
            eq(payment.isPaid, false),
            eq(payment.chargeAttempts, f.attempt),
          ),
        )
        .returning({ id: payment.id });
      if (updated.length === 0) return { counted: false, feePosted: false };
      // Rule 21: each counted attempt is told once.
      const at = ctx.now();
      await enqueueWebhookEvent(
        tx,
        { franchiseId, consultantId: p.consultantId },
        webhookEvent(
          'charge.failed',
          {
            charge: webhookCharge(p, {
              franchiseId,
              amountCents: f.amount,
              failureMessage: f.reason,
            }),
          },
          at,
        ),
        at,
      );
      let feePosted = false;
      if (f.fee && franchiseId) {
        ({ posted: feePosted } = await post(tx, {
          kind: 'declined_fee',
          idempotencyKey: LEDGER_KEYS.declinedFee(key),
          entries: declinedFeeLines(franchiseId),
          meetingId: p.meetingId,
          franchiseId,
          createdAt: ctx.now(),
        }));
      }
      return { counted: true, feePosted };
    });
    if (!counted.counted) return false;
    const fee = counted.feePosted
      ? ` A ${formatUsd(DECLINED_CARD_FEE_CENTS)} declined-card fee applies.`
      : '';
    await notifyUsers(ctx, {
      userIds: [row.franchisorId, await billingContactOf(db, franchiseId)],
      actorId: p.consultantId,
      type: 'payment_failed',
      subject: 'Payment declined',
      message: `The payment of ${formatUsd(f.amount)} for your meeting with ${row.consultantName} was declined (${f.reason}).${fee} Please update your card.`,
      link: '/my-profile/payment-details',
    });
    return true;
  }

  /** After a successful retry, the declined-card fee still owed for that meeting is charged too. */
  async function collectDeclinedFee(row: PaymentContextRow, franchiseId: string): Promise<void> {
    const key = moneyKey(row.payment);
    if (!(await isPosted(db, LEDGER_KEYS.declinedFee(key)))) return;
    if (await isPosted(db, LEDGER_KEYS.declinedFeePaid(key))) return;
    const card = await defaultCard(db, franchiseId);
    if (!card) return;
    try {
      const customerId = await ensureCustomer(ctx, franchiseId);
      const idempotencyKey = `declined_fee:${key}:${row.payment.chargeAttempts}`;
      // As for the charge itself (decision 016): a fee taken but not recorded is found, not retaken.
      const prior = await attempts.begin({
        key: idempotencyKey,
        kind: 'fee',
        subjectId: row.payment.id,
        ownerId: customerId,
        amountCents: DECLINED_CARD_FEE_CENTS,
      });
      const seen =
        prior?.state === 'started'
          ? await ctx.provider.findIntent({ customerId, idempotencyKey, since: prior.createdAt })
          : null;
      const reference =
        seen?.status === 'succeeded' && seen.intentId
          ? seen.intentId
          : (
              await ctx.provider.chargeOffSession({
                customerId,
                providerMethodId: card.providerMethodId,
                amountCents: DECLINED_CARD_FEE_CENTS,
                idempotencyKey,
                description: 'Declined-card fee',
                metadata: { kind: 'declined_fee', paymentId: row.payment.id, meetingKey: key },
              })
            ).reference;
      await db.transaction(async (tx) => {
        await post(tx, {
          kind: 'declined_fee_paid',
          idempotencyKey: LEDGER_KEYS.declinedFeePaid(key),
          entries: declinedFeePaidLines(franchiseId),
          meetingId: row.payment.meetingId,
          franchiseId,
          providerReference: reference,
          createdAt: ctx.now(),
        });
        await attempts.finish(tx, idempotencyKey, 'succeeded', reference);
      });
    } catch (error) {
      // The fee stays owed (franchise receivable); the next successful charge collects it.
      if (!isPaymentDeclined(error)) throw error;
    }
  }

  /** Completed meetings that have no payment row yet (booked before payments were wired) get one. */
  async function ensurePaymentRows(): Promise<void> {
    const missing = await db
      .select({
        id: meeting.id,
        franchiseId: meeting.franchiseId,
        consultantId: meeting.consultantId,
        franchisorId: meeting.franchisorId,
        durationMinutes: meeting.durationMinutes,
        rateCents: meeting.rateCents,
        startAt: meeting.startAt,
      })
      .from(meeting)
      .leftJoin(payment, eq(payment.meetingId, meeting.id))
      .where(and(eq(meeting.status, 'completed'), eq(meeting.isPaid, false), isNull(payment.id)));
    for (const m of missing) {
      await db
        .insert(payment)
        .values({
          id: m.id,
          meetingId: m.id,
          franchiseId: m.franchiseId,
          consultantId: m.consultantId,
          franchisorId: m.franchisorId,
          durationMinutes: m.durationMinutes,
          amountCents: meetingAmountCents(m.durationMinutes, m.rateCents),
          status: 'completed',
          startAt: m.startAt,
        })
        .onConflictDoNothing();
    }
  }

  /** Late cancellations the consultant never decided on are released after a week (treated as reschedule). */
  async function expireLateCancellations(release: (paymentId: string) => Promise<void>) {
    const cutoff = new Date(ctx.now().getTime() - HOLD_VALIDITY_MS);
    const stale = await paymentIdsWhere(
      db,
      and(
        isNotNull(payment.lateCancelledAt),
        lt(payment.lateCancelledAt, cutoff),
        eq(payment.status, 'pending'),
        eq(payment.isPaid, false),
      ),
    );
    for (const id of stale) await release(id);
  }

  /**
   * The weekly run and the admin's manual trigger (rule 10): every completed, unpaid meeting without a
   * recorded failure — those of the past week and any missed before. Unknown errors stop the run
   * (it is safe to run again); a provider outage skips that payment until the next run.
   */
  async function runCharges(options: { hooks?: ChargeHooks } = {}): Promise<PaymentRunResult> {
    await ensurePaymentRows();
    const due = await paymentIdsWhere(
      db,
      and(
        eq(payment.isPaid, false),
        isNull(payment.failureCode),
        or(eq(payment.status, 'completed'), eq(meeting.status, 'completed')),
      ),
      asc(payment.createdAt),
      asc(payment.id),
    );
    return tallyRun(
      due,
      { charged: 0, failed: 0, skipped: 0 },
      (id) => chargePayment(id, { hooks: options.hooks }),
      (error, id) => {
        if (!isAppError(error)) throw error;
        ctx.logger.error('charge skipped', { paymentId: id, code: error.code });
        return 'skipped';
      },
    );
  }

  /** A new default card: the franchise's declined charges are tried again (each attempt its own key). */
  async function retryFailedForFranchise(franchiseId: string): Promise<PaymentRunResult> {
    const failed = await paymentIdsWhere(
      db,
      and(
        eq(payment.isPaid, false),
        isNotNull(payment.failureCode),
        or(eq(payment.franchiseId, franchiseId), eq(meeting.franchiseId, franchiseId)),
      ),
      asc(payment.createdAt),
    );
    return tallyRun(
      failed,
      { charged: 0, failed: 0, skipped: 0 },
      (id) => chargePayment(id, { retry: true }),
      (error) => {
        ctx.logger.error('retry of a declined charge failed', error);
        return 'skipped';
      },
    );
  }

  /**
   * A charge the provider reports as succeeded (webhook): recorded like the run would, once. This is
   * what repairs a crash between Stripe's answer and our write before the next run does.
   */
  async function recordProviderSuccess(
    paymentId: string,
    reference: string,
    attemptKey: string | null = null,
  ): Promise<void> {
    const row = await loadPayment(db, paymentId);
    if (!row || row.payment.isPaid || !row.franchiseId) return;
    const p = row.payment;
    const amount = row.meeting
      ? meetingAmountCents(row.meeting.durationMinutes, row.meeting.rateCents)
      : p.amountCents;
    const held = await heldCents(db, moneyKey(p), row.franchiseId);
    await recordSuccess(row, {
      franchiseId: row.franchiseId,
      amount,
      held,
      reference,
      attemptKey,
    });
  }

  /** A charge attempt the provider reports as failed (webhook): counted once, with the fee once. */
  async function recordProviderFailure(
    paymentId: string,
    attempt: number,
    failure: { code: string; reason: string },
  ): Promise<void> {
    const row = await loadPayment(db, paymentId);
    if (!row || row.payment.isPaid || row.payment.chargeAttempts !== attempt) return;
    const amount = row.meeting
      ? meetingAmountCents(row.meeting.durationMinutes, row.meeting.rateCents)
      : row.payment.amountCents;
    await recordFailure(row, {
      attempt,
      amount,
      code: failure.code,
      fee: true,
      reason: failure.reason,
    });
  }

  /** Number of payments the next run would charge (for the admin). */
  async function countDue(): Promise<number> {
    const row = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payment)
      .where(
        and(
          eq(payment.isPaid, false),
          isNull(payment.failureCode),
          eq(payment.status, 'completed'),
        ),
      )
      .get();
    return row?.n ?? 0;
  }

  return {
    chargePayment,
    runCharges,
    retryFailedForFranchise,
    expireLateCancellations,
    recordProviderSuccess,
    recordProviderFailure,
    countDue,
  };
}

export type Charges = ReturnType<typeof createCharges>;
