import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { ledgerTransaction, payment } from '../db/schema/index.ts';
import type { PaymentsContext } from './context.ts';
import { ACCOUNTS, LEDGER_KEYS, type LedgerLine, post } from './ledger.ts';
import { splitCharge } from './money-rules.ts';
import { moneyKey } from './payment-rows.ts';
import { createProviderAttempts } from './provider-attempts.ts';

/**
 * The lines of a refund of `refundCents` out of a charge of `chargedCents` (rule 20): the card is
 * credited the refund, and the platform's 20 % fee and the consultant's 80 % share are reduced in
 * proportion. The fee's part is rounded down, as {@link splitCharge} rounds the fee down, and the
 * share takes the rest, so the lines always sum to the refund and a full refund reverses the
 * capture exactly.
 * @example refundSplitLines('f1', 'c1', 10_000, 2_501) // card −2 501, revenue +500, payable +2 001
 */
export function refundSplitLines(
  franchiseId: string,
  consultantId: string,
  chargedCents: number,
  refundCents: number,
): LedgerLine[] {
  if (!Number.isSafeInteger(refundCents) || refundCents < 0 || refundCents > chargedCents) {
    throw new RangeError(`a refund is 0 to ${chargedCents} whole cents, got ${refundCents}`);
  }
  const { platformFeeCents } = splitCharge(chargedCents);
  const feeBack =
    chargedCents === 0 ? 0 : Math.floor((platformFeeCents * refundCents) / chargedCents);
  return [
    { account: ACCOUNTS.franchiseCard(franchiseId), amountCents: -refundCents },
    { account: ACCOUNTS.platformRevenue, amountCents: feeBack },
    { account: ACCOUNTS.consultantPayable(consultantId), amountCents: refundCents - feeBack },
  ];
}

/** A refund attempt left `started` this long is taken as abandoned by its caller and finished. */
const ABANDONED_MS = 5 * 60_000;

/** The provider's idempotency key of a payment's refund: one refund per payment (rule 20). */
export const refundKey = (paymentId: string) => `refund:${paymentId}`;

/** Test seams of a refund: a hook that throws or hangs there is a process dying at the worst moment. */
export interface RefundHooks {
  /** After the provider answered, before anything is recorded. */
  afterProviderCall?: (paymentId: string) => void | Promise<void>;
}

/** A refund finished by the scheduler: the payment and the person who asked for it (`by`). */
export type FinishedRefund = RefundOutcome & { paymentId: string; by: string | null };

/**
 * How the caller's side of a refund finished by the scheduler (its caller died) is recorded:
 * `record` in the ledger's transaction, `recorded` after it committed (notices).
 */
export interface RefundRecorder {
  record(tx: Tx, refund: FinishedRefund): Promise<void>;
  recorded(refund: FinishedRefund): Promise<void>;
}

export interface RefundOutcome {
  /** What was given back (the amount of the refund first started, on a retry). */
  amountCents: number;
  reference: string;
  /** False when this call found the refund recorded already (a retry or a race). */
  recorded: boolean;
}

/**
 * Refunds of charged meetings (rule 20), exactly once under retries, races and crashes (decision
 * 016): the call is recorded in `provider_attempt` before it goes out, under a key of the payment,
 * so a retry after a crash first reads back what the provider did under that key (the key rides in
 * the refund's metadata: Stripe forgets idempotency keys after ~24 h, decision 030) and completes
 * from it, repeating the call (same key, same amount) only when nothing was done; the ledger's `refund:{meetingId}` posts once; the caller's
 * own rows (the dispute's decision) are written in the same transaction as the ledger, through
 * `record`. A refund whose caller died is finished by {@link finishStarted} (the scheduler).
 */
export function createRefunds(ctx: PaymentsContext) {
  const { db } = ctx;
  const attempts = createProviderAttempts(ctx);
  let recorder: RefundRecorder | null = null;

  /** The charge's reference at the provider: the capture's, as the ledger kept it. */
  async function chargeReference(key: string): Promise<string | null> {
    const row = await db
      .select({ reference: ledgerTransaction.providerReference })
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, LEDGER_KEYS.capture(key)))
      .get();
    return row?.reference ?? null;
  }

  /**
   * Gives back `amountCents` of a charged payment, or — when a refund of this payment was started
   * before and never recorded — that refund's amount. `record` runs inside the transaction that
   * posts the refund, only when this call posts it.
   */
  async function refund(
    paymentId: string,
    amountCents: number,
    options: {
      record?: (tx: Tx, outcome: RefundOutcome) => Promise<void>;
      hooks?: RefundHooks | undefined;
      /** Who asks for the refund (an admin), kept with the attempt for {@link finishStarted}. */
      by?: string | undefined;
    } = {},
  ): Promise<RefundOutcome> {
    const p = await db.select().from(payment).where(eq(payment.id, paymentId)).get();
    if (!p?.isPaid || !p.franchiseId) throw new Error(`payment ${paymentId} is not charged`);
    const franchiseId = p.franchiseId;
    const key = refundKey(p.id);
    const prior = await attempts.byKey(key);
    const amount = prior ? prior.amountCents : amountCents;
    if (amount <= 0 || amount > p.amountCents - p.refundedCents) {
      throw new RangeError(`cannot refund ${amount} of ${p.amountCents - p.refundedCents} cents`);
    }
    if (prior?.state === 'succeeded' && prior.reference) {
      return { amountCents: amount, reference: prior.reference, recorded: false };
    }
    const charged = (await chargeReference(moneyKey(p))) ?? p.id;
    await attempts.begin({
      key,
      kind: 'refund',
      subjectId: p.id,
      intentId: charged,
      ownerId: options.by ?? null,
      amountCents: amount,
    });
    // A refund started before may have been made: read it back rather than trust a key the
    // provider may have forgotten; call again only when nothing was made.
    const found =
      prior?.state === 'started'
        ? await ctx.provider.findRefund({
            reference: prior.intentId ?? charged,
            idempotencyKey: key,
          })
        : null;
    const { reference } =
      found ??
      (await ctx.provider.refund({ reference: charged, amountCents: amount, idempotencyKey: key }));
    await options.hooks?.afterProviderCall?.(p.id);
    return db.transaction(async (tx) => {
      const { posted } = await post(tx, {
        kind: 'refund',
        idempotencyKey: LEDGER_KEYS.refund(moneyKey(p)),
        entries: refundSplitLines(franchiseId, p.consultantId, p.amountCents, amount),
        meetingId: p.meetingId,
        franchiseId,
        consultantId: p.consultantId,
        providerReference: reference,
        createdAt: ctx.now(),
      });
      const outcome = { amountCents: amount, reference, recorded: posted };
      await attempts.finish(tx, key, 'succeeded', reference);
      if (!posted) return outcome;
      await tx
        .update(payment)
        .set({ refundedCents: p.refundedCents + amount })
        .where(and(eq(payment.id, p.id), eq(payment.refundedCents, p.refundedCents)));
      await options.record?.(tx, outcome);
      return outcome;
    });
  }

  /** Who records the refunds {@link finishStarted} finishes (the dispute feature, once wired). */
  function recordFinishedWith(record: RefundRecorder): void {
    recorder = record;
  }

  /**
   * Finishes every refund left `started` for more than a few minutes — its caller died between
   * recording the attempt and recording the refund — with the amount recorded, through the
   * recorder (the scheduler's hourly job). Nothing is done until a recorder is wired. Answers how
   * many were finished.
   */
  async function finishStarted(
    at: Date = ctx.now(),
  ): Promise<{ finished: number; failed: number }> {
    const record = recorder;
    if (!record) return { finished: 0, failed: 0 };
    const left = await attempts.stale('refund', new Date(at.getTime() - ABANDONED_MS));
    let finished = 0;
    let failed = 0;
    for (const a of left) {
      try {
        const of = (outcome: RefundOutcome) => ({
          ...outcome,
          paymentId: a.subjectId,
          by: a.ownerId,
        });
        const outcome = await refund(a.subjectId, a.amountCents, {
          by: a.ownerId ?? undefined,
          record: (tx, done) => record.record(tx, of(done)),
        });
        if (outcome.recorded) await record.recorded(of(outcome));
        finished += 1;
      } catch (error) {
        failed += 1;
        ctx.logger.error(`refund ${a.key} could not be finished`, error);
      }
    }
    return { finished, failed };
  }

  return { refund, finishStarted, recordFinishedWith };
}

export type Refunds = ReturnType<typeof createRefunds>;
