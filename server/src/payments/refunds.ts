import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { ledgerTransaction, payment } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
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

/** Less than the ~24 hours Stripe keeps an idempotency key. */
const STRIPE_KEY_MEMORY_MS = 23 * 3_600_000;

/** The provider's idempotency key of a payment's refund: one refund per payment (rule 20). */
export const refundKey = (paymentId: string) => `refund:${paymentId}`;

/** Test seams of a refund: a hook that throws or hangs there is a process dying at the worst moment. */
export interface RefundHooks {
  /** After the provider answered, before anything is recorded. */
  afterProviderCall?: (paymentId: string) => void | Promise<void>;
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
 * so a retry after a crash repeats the same call (same key, same amount: the provider answers the
 * same refund) and never a second one; the ledger's `refund:{meetingId}` posts once; the caller's
 * own rows (the dispute's decision) are written in the same transaction as the ledger, through
 * `record`.
 */
export function createRefunds(ctx: PaymentsContext) {
  const { db } = ctx;
  const attempts = createProviderAttempts(ctx);

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
    // Stripe forgets an idempotency key after about a day: a refund started before that and never
    // recorded is not repeated blindly (it might be a second refund); it waits for a person.
    if (
      prior?.state === 'started' &&
      ctx.provider.name === 'stripe' &&
      ctx.now().getTime() - prior.createdAt.getTime() > STRIPE_KEY_MEMORY_MS
    ) {
      throw new AppError('CONFLICT', {
        message: 'This refund was started more than a day ago; check it at Stripe first',
      });
    }
    const charged = await chargeReference(moneyKey(p));
    await attempts.begin({
      key,
      kind: 'refund',
      subjectId: p.id,
      intentId: charged,
      amountCents: amount,
    });
    const { reference } = await ctx.provider.refund({
      reference: charged ?? p.id,
      amountCents: amount,
      idempotencyKey: key,
    });
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

  return { refund };
}

export type Refunds = ReturnType<typeof createRefunds>;
