import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  EARLY_ACCESS_PRICE_CENTS,
  EARLY_ACCESS_PROMO_CODE,
  type PromoCodeResult,
  paidPeriodLeft,
  SUBSCRIPTION_PRICE_CENTS,
  SUBSCRIPTION_TERM_MONTHS,
  type Subscription,
  type SubscriptionStatus,
  UNSUBSCRIBED_LABEL,
} from '@fm/sdk/contracts';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { franchise, promoCode, subscription } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import {
  billingContactOf,
  defaultCard,
  ensureCustomer,
  ensureFranchise,
  franchiseIdOf,
} from './billing.ts';
import type { PaymentsContext } from './context.ts';
import { invoiceLines, LEDGER_KEYS, post } from './ledger.ts';
import { addMonthsUtc, formatUsd, toDollars } from './money-rules.ts';
import { notifyUsers } from './notify.ts';
import { isPaymentDeclined, type ProviderSubscription } from './provider.ts';

export type SubscriptionRow = typeof subscription.$inferSelect;
type PromoRow = typeof promoCode.$inferSelect;

const LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trialing',
  canceled: 'Canceled',
};

export const PROMO_MESSAGES = {
  invalid: 'This promo code is not valid',
  expired: 'This promo code has expired',
  exhausted: 'This promo code is no longer available',
  noCard: 'Add a payment method before subscribing',
  alreadyActive: 'Your subscription is already active',
  nothingToCancel: 'You have no active subscription',
  nothingToReactivate: 'You have no subscription to reactivate',
} as const;

const isLive = (status: SubscriptionStatus | null | undefined) =>
  !!status && ACTIVE_SUBSCRIPTION_STATUSES.includes(status);

/**
 * The franchisor subscription (rule 11): $497 a month on a 12-month term, or $300 with a valid
 * early-access code. `unsubscribe` cancels now (status `canceled`: booking and messaging stop);
 * `reactivate` resumes the same term while it lasts — without a new invoice inside a period already
 * paid — and starts a new term after it. `franchise.stripeSubscriptionStatus`, which rule 11's checks
 * read, always follows the franchise's latest subscription. In ledger mode this module also bills
 * renewals; in Stripe mode invoices and renewals arrive by webhook.
 */
export function createSubscriptions(ctx: PaymentsContext) {
  const { db } = ctx;
  const billsItself = ctx.provider.name === 'ledger';

  async function latestOf(executor: Db | Tx, franchiseId: string): Promise<SubscriptionRow | null> {
    const row = await executor
      .select()
      .from(subscription)
      .where(eq(subscription.franchiseId, franchiseId))
      .orderBy(desc(subscription.createdAt), desc(subscription.id))
      .get();
    return row ?? null;
  }

  /** Keeps the franchise's status (read by rule 11's booking and messaging checks) on its latest subscription. */
  async function syncFranchiseStatus(executor: Db | Tx, franchiseId: string): Promise<void> {
    const latest = await latestOf(executor, franchiseId);
    await executor
      .update(franchise)
      .set({ stripeSubscriptionStatus: latest?.status ?? null })
      .where(eq(franchise.id, franchiseId));
  }

  async function findPromo(code: string): Promise<PromoRow | null> {
    const normalized = code.trim().toUpperCase();
    const found = await db.select().from(promoCode).where(eq(promoCode.code, normalized)).get();
    if (found) return found;
    if (normalized !== EARLY_ACCESS_PROMO_CODE) return null;
    // The early-access code exists in every installation, seeded or not (rule 11).
    await db
      .insert(promoCode)
      .values({
        code: EARLY_ACCESS_PROMO_CODE,
        description: 'Early-access pricing: $300 a month for the 12-month term instead of $497.',
        priceCents: EARLY_ACCESS_PRICE_CENTS,
      })
      .onConflictDoNothing();
    return (await db.select().from(promoCode).where(eq(promoCode.code, normalized)).get()) ?? null;
  }

  function promoProblem(promo: PromoRow | null): string | null {
    if (!promo?.active) return PROMO_MESSAGES.invalid;
    if (promo.expiresAt && promo.expiresAt.getTime() <= ctx.now().getTime()) {
      return PROMO_MESSAGES.expired;
    }
    if (promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions) {
      return PROMO_MESSAGES.exhausted;
    }
    return null;
  }

  /** `POST users/validate-promo-code`: whether the code applies and the monthly price it gives. */
  async function validatePromo(code: string): Promise<PromoCodeResult> {
    const promo = await findPromo(code);
    const problem = promoProblem(promo);
    if (problem || !promo) {
      return {
        valid: false,
        price: toDollars(SUBSCRIPTION_PRICE_CENTS),
        message: problem ?? PROMO_MESSAGES.invalid,
      };
    }
    return {
      valid: true,
      price: toDollars(promo.priceCents),
      message: `Promo code applied: ${formatUsd(promo.priceCents)} a month for ${SUBSCRIPTION_TERM_MONTHS} months`,
    };
  }

  function toApi(row: SubscriptionRow | null, promo: string | null): Subscription {
    if (!row) {
      return {
        status: null,
        label: UNSUBSCRIBED_LABEL,
        price: null,
        promoCode: null,
        currentPeriodEnd: null,
        termEndsAt: null,
        cancelAtPeriodEnd: false,
      };
    }
    return {
      status: row.status,
      label: LABELS[row.status],
      price: toDollars(row.priceCents),
      promoCode: promo,
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      termEndsAt: row.termEndsAt.toISOString(),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    };
  }

  async function describe(franchiseId: string | null): Promise<Subscription> {
    if (!franchiseId) return toApi(null, null);
    const row = await latestOf(db, franchiseId);
    let code: string | null = null;
    if (row?.promoCodeId) {
      code =
        (
          await db
            .select({ code: promoCode.code })
            .from(promoCode)
            .where(eq(promoCode.id, row.promoCodeId))
            .get()
        )?.code ?? null;
    }
    return toApi(row, code);
  }

  /** `GET users/subscription`. */
  async function getForUser(userId: string): Promise<Subscription> {
    return describe(await franchiseIdOf(db, userId));
  }

  async function requireCard(franchiseId: string) {
    const card = await defaultCard(db, franchiseId);
    if (!card) throw new AppError('RULE_VIOLATION', { message: PROMO_MESSAGES.noCard });
    return card;
  }

  async function startAtProvider(
    franchiseId: string,
    providerMethodId: string,
    priceCents: number,
    idempotencyKey: string,
    metadata: Record<string, string>,
    firstInvoiceAt?: Date,
  ): Promise<ProviderSubscription> {
    const customerId = await ensureCustomer(ctx, franchiseId);
    try {
      const started = await ctx.provider.createSubscription({
        customerId,
        providerMethodId,
        priceCents,
        idempotencyKey,
        metadata,
        firstInvoiceAt,
      });
      if (started.status === 'incomplete' || started.status === 'canceled') {
        throw new AppError('PAYMENT_DECLINED', { message: 'Your card was declined.' });
      }
      return started;
    } catch (error) {
      if (isPaymentDeclined(error)) throw error.toAppError();
      throw error;
    }
  }

  /** In ledger mode the first invoice of a period is posted here; Stripe's come by webhook. */
  async function postInvoice(
    tx: Db | Tx,
    row: Pick<SubscriptionRow, 'id' | 'franchiseId' | 'priceCents'>,
    periodStart: Date,
    reference: string | null,
  ) {
    if (!billsItself) return;
    await post(tx, {
      kind: 'subscription_invoice',
      idempotencyKey: LEDGER_KEYS.invoice(row.id, periodStart),
      entries: invoiceLines(row.franchiseId, row.priceCents),
      franchiseId: row.franchiseId,
      providerReference: reference,
      createdAt: ctx.now(),
    });
  }

  async function create(
    franchiseId: string,
    promo: PromoRow | null,
    idempotencyKey: string,
  ): Promise<void> {
    const card = await requireCard(franchiseId);
    const priceCents = promo?.priceCents ?? SUBSCRIPTION_PRICE_CENTS;
    const started = await startAtProvider(
      franchiseId,
      card.providerMethodId,
      priceCents,
      idempotencyKey,
      {
        franchiseId,
        ...(promo ? { promoCode: promo.code } : {}),
      },
    );
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(subscription)
        .values({
          franchiseId,
          provider: ctx.provider.name,
          providerSubscriptionId: started.providerSubscriptionId,
          status: started.status === 'trialing' ? 'trialing' : 'active',
          priceCents,
          promoCodeId: promo?.id ?? null,
          currentPeriodStart: started.currentPeriodStart,
          currentPeriodEnd: started.currentPeriodEnd,
          termEndsAt: addMonthsUtc(started.currentPeriodStart, SUBSCRIPTION_TERM_MONTHS),
          createdAt: ctx.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        // A concurrent duplicate request, or Stripe's webhook, stored this subscription first: it
        // only lacks the promo code, which only this request knows.
        if (promo) {
          const [claimed] = await tx
            .update(subscription)
            .set({ promoCodeId: promo.id, priceCents })
            .where(
              and(
                eq(subscription.provider, ctx.provider.name),
                eq(subscription.providerSubscriptionId, started.providerSubscriptionId),
                isNull(subscription.promoCodeId),
              ),
            )
            .returning({ id: subscription.id });
          if (claimed) {
            await tx
              .update(promoCode)
              .set({ redemptions: sql`${promoCode.redemptions} + 1` })
              .where(eq(promoCode.id, promo.id));
          }
        }
        await syncFranchiseStatus(tx, franchiseId);
        return;
      }
      if (promo) {
        await tx
          .update(promoCode)
          .set({ redemptions: sql`${promoCode.redemptions} + 1` })
          .where(eq(promoCode.id, promo.id));
      }
      if (row.status === 'active') {
        await postInvoice(tx, row, row.currentPeriodStart, started.providerSubscriptionId);
      }
      await syncFranchiseStatus(tx, franchiseId);
    });
  }

  /** `POST users/subscribe {promoCode?}`: needs a card (422); an invalid code is refused (400). */
  async function subscribe(userId: string, code: string | undefined): Promise<Subscription> {
    const franchiseId = await ensureFranchise(db, userId);
    const latest = await latestOf(db, franchiseId);
    if (isLive(latest?.status))
      throw new AppError('CONFLICT', { message: PROMO_MESSAGES.alreadyActive });
    await requireCard(franchiseId);
    let promo: PromoRow | null = null;
    if (code) {
      promo = await findPromo(code);
      const problem = promoProblem(promo);
      if (problem) {
        throw new AppError('VALIDATION_FAILED', {
          message: problem,
          errors: { promoCode: problem },
        });
      }
    }
    const count = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(subscription)
      .where(eq(subscription.franchiseId, franchiseId))
      .get();
    await create(franchiseId, promo, `subscription:${franchiseId}:${count?.n ?? 0}`);
    return describe(franchiseId);
  }

  /** `POST users/unsubscribe`: cancels now; booking and messaging stop (rule 11). */
  async function unsubscribe(userId: string): Promise<Subscription> {
    const franchiseId = await franchiseIdOf(db, userId);
    const latest = franchiseId ? await latestOf(db, franchiseId) : null;
    if (!franchiseId || !latest || !isLive(latest.status)) {
      throw new AppError('RULE_VIOLATION', { message: PROMO_MESSAGES.nothingToCancel });
    }
    if (latest.providerSubscriptionId && latest.provider === ctx.provider.name) {
      await ctx.provider.cancelSubscription({
        providerSubscriptionId: latest.providerSubscriptionId,
        idempotencyKey: `cancel:${latest.providerSubscriptionId}`,
      });
    }
    await db.transaction(async (tx) => {
      await tx
        .update(subscription)
        .set({ status: 'canceled', canceledAt: ctx.now(), cancelAtPeriodEnd: false })
        .where(eq(subscription.id, latest.id));
      await syncFranchiseStatus(tx, franchiseId);
    });
    return describe(franchiseId);
  }

  /**
   * `POST users/reactivate-subscription`: within the term, the same subscription resumes (a period
   * already paid is not billed again); after the term, a new 12-month term starts at the same price
   * when its promo code is still valid, else at $497.
   */
  async function reactivate(userId: string): Promise<Subscription> {
    const franchiseId = await franchiseIdOf(db, userId);
    const latest = franchiseId ? await latestOf(db, franchiseId) : null;
    if (!franchiseId || !latest) {
      throw new AppError('RULE_VIOLATION', { message: PROMO_MESSAGES.nothingToReactivate });
    }
    if (isLive(latest.status))
      throw new AppError('CONFLICT', { message: PROMO_MESSAGES.alreadyActive });
    const card = await requireCard(franchiseId);
    const now = ctx.now();
    const reactivationKey = `reactivate:${latest.id}:${latest.canceledAt?.getTime() ?? 0}`;
    if (now.getTime() < latest.termEndsAt.getTime()) {
      const paidUntil = paidPeriodLeft(latest, now) ?? undefined;
      const started = await startAtProvider(
        franchiseId,
        card.providerMethodId,
        latest.priceCents,
        reactivationKey,
        { franchiseId, reactivates: latest.id },
        paidUntil,
      );
      await db.transaction(async (tx) => {
        const periodStart = paidUntil ? latest.currentPeriodStart : started.currentPeriodStart;
        await tx
          .update(subscription)
          .set({
            status: 'active',
            canceledAt: null,
            provider: ctx.provider.name,
            providerSubscriptionId: started.providerSubscriptionId,
            currentPeriodStart: periodStart,
            currentPeriodEnd: started.currentPeriodEnd,
          })
          .where(eq(subscription.id, latest.id));
        if (!paidUntil) await postInvoice(tx, latest, periodStart, started.providerSubscriptionId);
        await syncFranchiseStatus(tx, franchiseId);
      });
      return describe(franchiseId);
    }
    let promo: PromoRow | null = null;
    if (latest.promoCodeId) {
      const old = await db
        .select()
        .from(promoCode)
        .where(eq(promoCode.id, latest.promoCodeId))
        .get();
      if (old && !promoProblem(old)) promo = old;
    }
    await create(franchiseId, promo, reactivationKey);
    return describe(franchiseId);
  }

  /**
   * Ledger mode's billing: every live subscription whose period has ended is charged for the next
   * one (a trial ends into its first paid period); at the end of the term a new term begins. A
   * declined card cancels the subscription and tells the billing contact.
   */
  async function renewDue(): Promise<{ renewed: number; canceled: number }> {
    const result = { renewed: 0, canceled: 0 };
    if (!billsItself) return result;
    const due = await db
      .select()
      .from(subscription)
      .where(
        and(
          eq(subscription.provider, 'ledger'),
          inArray(subscription.status, ['active', 'trialing']),
          lte(subscription.currentPeriodEnd, ctx.now()),
        ),
      )
      .orderBy(asc(subscription.currentPeriodEnd));
    for (const row of due) {
      let current = row;
      while (current.currentPeriodEnd.getTime() <= ctx.now().getTime()) {
        const next = await renewOnce(current);
        if (!next) {
          result.canceled += 1;
          break;
        }
        result.renewed += 1;
        // Another process renewed or canceled it meanwhile: its state is authoritative.
        if (next.status === 'canceled' || next.currentPeriodEnd <= current.currentPeriodEnd) break;
        current = next;
      }
    }
    return result;
  }

  async function renewOnce(row: SubscriptionRow): Promise<SubscriptionRow | null> {
    const periodStart = row.currentPeriodEnd;
    const card = await defaultCard(db, row.franchiseId);
    const invoiceKey = LEDGER_KEYS.invoice(row.id, periodStart);
    try {
      if (!card) throw new AppError('RULE_VIOLATION', { message: 'There is no card on file.' });
      const customerId = await ensureCustomer(ctx, row.franchiseId);
      const { reference } = await ctx.provider.chargeOffSession({
        customerId,
        providerMethodId: card.providerMethodId,
        amountCents: row.priceCents,
        idempotencyKey: invoiceKey,
        description: 'Subscription',
        metadata: { kind: 'subscription_invoice', subscriptionId: row.id },
      });
      return await db.transaction(async (tx) => {
        const termEndsAt =
          periodStart.getTime() >= row.termEndsAt.getTime()
            ? addMonthsUtc(row.termEndsAt, SUBSCRIPTION_TERM_MONTHS)
            : row.termEndsAt;
        const [updated] = await tx
          .update(subscription)
          .set({
            status: 'active',
            currentPeriodStart: periodStart,
            currentPeriodEnd: addMonthsUtc(periodStart, 1),
            termEndsAt,
          })
          .where(and(eq(subscription.id, row.id), eq(subscription.currentPeriodEnd, periodStart)))
          .returning();
        await postInvoice(tx, row, periodStart, reference);
        await syncFranchiseStatus(tx, row.franchiseId);
        return (
          updated ??
          (await tx.select().from(subscription).where(eq(subscription.id, row.id)).get()) ??
          null
        );
      });
    } catch (error) {
      const declined = isPaymentDeclined(error);
      if (!declined && !(error instanceof AppError && error.code === 'RULE_VIOLATION')) throw error;
      await db.transaction(async (tx) => {
        await tx
          .update(subscription)
          .set({ status: 'canceled', canceledAt: ctx.now() })
          .where(eq(subscription.id, row.id));
        await syncFranchiseStatus(tx, row.franchiseId);
      });
      await notifyUsers(ctx, {
        userIds: [await billingContactOf(db, row.franchiseId)],
        type: 'subscription_payment_failed',
        subject: 'Subscription payment declined',
        message: `Your subscription payment of ${formatUsd(row.priceCents)} was declined${declined ? ` (${error.displayMessage})` : ''}, so your subscription has been canceled. Update your card and reactivate it to keep booking meetings.`,
        link: '/my-profile/subscription',
      });
      return null;
    }
  }

  return {
    getForUser,
    describe,
    validatePromo,
    subscribe,
    unsubscribe,
    reactivate,
    renewDue,
    syncFranchiseStatus,
    latestOf,
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
