import { SUBSCRIPTION_PRICE_CENTS, SUBSCRIPTION_TERM_MONTHS } from '@fm/sdk/contracts';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Tx } from '../db/client.ts';
import {
  consultantProfile,
  franchise,
  payment,
  providerAttempt,
  subscription,
  webhookEvent,
} from '../db/schema/index.ts';
import { refreshCompleteness } from '../features/profile/completeness.ts';
import { AppError } from '../http/errors.ts';
import type { Charges } from './charges.ts';
import type { PaymentsContext } from './context.ts';
import { invoiceLines, post } from './ledger.ts';
import type { MeetingMoney } from './meeting-payments.ts';
import { addMonthsUtc } from './money-rules.ts';
import type { Payouts } from './payouts.ts';
import {
  mapSubscriptionStatus,
  payoutAccountStatus,
  subscriptionPeriod,
} from './stripe-provider.ts';
import type { Subscriptions } from './subscriptions.ts';

type AfterCommit = () => Promise<void>;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The subscription an invoice bills: on `parent.subscription_details` since API 2025-03, on the invoice before. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  return idOf(legacy.subscription);
}

/**
 * `POST /api/stripe/webhook`: the signature is verified with the `stripe` package; each
 * event id is stored in the same transaction that applies it, so an event is handled once even when
 * Stripe delivers it twice or concurrently, and a failure rolls back both (Stripe then retries).
 * Events older than the last one applied to a subscription or payment are ignored (out of order).
 */
export function createWebhooks(
  ctx: PaymentsContext,
  deps: {
    secret: string | undefined;
    subscriptions: Subscriptions;
    charges: Charges;
    /** Holds placed for meetings, reconciled from their PaymentIntents' events. */
    meetings?: Pick<MeetingMoney, 'reconcileHold'>;
    /** Payouts that waited for a consultant's account, paid once `account.updated` says ready. */
    payouts?: Pick<Payouts, 'payWaiting'>;
  },
) {
  const { db } = ctx;

  function verify(rawBody: string, signature: string | undefined): Stripe.Event {
    if (!deps.secret) {
      throw new AppError('NOT_FOUND', { message: 'Stripe webhooks are not configured' });
    }
    if (!signature)
      throw new AppError('VALIDATION_FAILED', { message: 'Missing Stripe signature' });
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, deps.secret);
    } catch {
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid Stripe signature' });
    }
  }

  async function applySubscription(
    tx: Tx,
    sub: Stripe.Subscription,
    at: Date,
    deleted: boolean,
  ): Promise<void> {
    const status = deleted ? 'canceled' : mapSubscriptionStatus(sub.status);
    const period = subscriptionPeriod(sub);
    let row = await tx
      .select()
      .from(subscription)
      .where(
        and(eq(subscription.provider, 'stripe'), eq(subscription.providerSubscriptionId, sub.id)),
      )
      .get();
    const reactivates = sub.metadata?.reactivates;
    if (!row && reactivates) {
      // Our reactivation request has not written the new id yet: this event belongs to that row.
      row = await tx.select().from(subscription).where(eq(subscription.id, reactivates)).get();
      if (row) {
        await tx
          .update(subscription)
          .set({ provider: 'stripe', providerSubscriptionId: sub.id })
          .where(eq(subscription.id, row.id));
      }
    }
    if (!row) {
      if (status === 'incomplete') return;
      const customerId = idOf(sub.customer);
      const owner =
        sub.metadata?.franchiseId ??
        (customerId
          ? (
              await tx
                .select({ id: franchise.id })
                .from(franchise)
                .where(eq(franchise.providerCustomerId, customerId))
                .get()
            )?.id
          : undefined);
      if (!owner) return;
      const exists = await tx
        .select({ id: franchise.id })
        .from(franchise)
        .where(eq(franchise.id, owner))
        .get();
      if (!exists) return;
      await tx
        .insert(subscription)
        .values({
          franchiseId: owner,
          provider: 'stripe',
          providerSubscriptionId: sub.id,
          status,
          priceCents: sub.items.data[0]?.price.unit_amount ?? SUBSCRIPTION_PRICE_CENTS,
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
          termEndsAt: addMonthsUtc(period.start, SUBSCRIPTION_TERM_MONTHS),
          canceledAt: status === 'canceled' ? at : null,
          lastEventAt: at,
          createdAt: ctx.now(),
        })
        .onConflictDoNothing();
      await deps.subscriptions.syncFranchiseStatus(tx, owner);
      return;
    }
    // Out of order: an event older than the one already applied changes nothing.
    const applied = await tx
      .update(subscription)
      .set({
        ...(status === 'incomplete' ? {} : { status }),
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        ...(status === 'canceled' ? { canceledAt: row.canceledAt ?? at } : { canceledAt: null }),
        lastEventAt: at,
      })
      .where(
        and(
          eq(subscription.id, row.id),
          or(isNull(subscription.lastEventAt), lte(subscription.lastEventAt, at)),
        ),
      )
      .returning({ id: subscription.id });
    if (applied.length > 0) await deps.subscriptions.syncFranchiseStatus(tx, row.franchiseId);
  }

  async function applyInvoicePaid(tx: Tx, invoice: Stripe.Invoice, at: Date): Promise<void> {
    const providerSubscriptionId = invoiceSubscriptionId(invoice);
    if (!providerSubscriptionId || invoice.amount_paid <= 0) return;
    const row = await tx
      .select()
      .from(subscription)
      .where(
        and(
          eq(subscription.provider, 'stripe'),
          eq(subscription.providerSubscriptionId, providerSubscriptionId),
        ),
      )
      .get();
    if (!row) return;
    await post(tx, {
      kind: 'subscription_invoice',
      idempotencyKey: `subscription_invoice:${invoice.id}`,
      entries: invoiceLines(row.franchiseId, invoice.amount_paid),
      franchiseId: row.franchiseId,
      providerReference: invoice.id ?? null,
      createdAt: at,
    });
  }

  /** Marks the payment as having seen this event; false when a newer one was applied already. */
  async function touchPayment(tx: Tx, paymentId: string, at: Date): Promise<boolean> {
    const updated = await tx
      .update(payment)
      .set({ lastEventAt: at })
      .where(
        and(
          eq(payment.id, paymentId),
          or(isNull(payment.lastEventAt), lte(payment.lastEventAt, at)),
        ),
      )
      .returning({ id: payment.id });
    return updated.length > 0;
  }

  /** The unpaid payment whose hold is this PaymentIntent. */
  async function paymentOfHold(tx: Tx, intentId: string): Promise<string | null> {
    const row = await tx
      .select({ id: payment.id })
      .from(payment)
      .where(and(eq(payment.holdId, intentId), eq(payment.isPaid, false)))
      .get();
    return row?.id ?? null;
  }

  /**
   * An event about a meeting's hold (decision 016): whatever our side recorded of it, the payment
   * is brought in line with the PaymentIntent after the commit — a hold whose answer was lost is
   * adopted by its meeting, or given back when no meeting waits for it; a decline is counted once.
   */
  function reconcileHoldOf(intent: Stripe.PaymentIntent, after: AfterCommit[]): void {
    const paymentId = intent.metadata?.paymentId;
    const reconcile = deps.meetings?.reconcileHold;
    if (intent.metadata?.kind !== 'meeting_hold' || !paymentId || !reconcile) return;
    after.push(() => reconcile(paymentId));
  }

  async function dispatch(tx: Tx, event: Stripe.Event, after: AfterCommit[]): Promise<void> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'payment_intent.amount_capturable_updated':
        reconcileHoldOf(event.data.object, after);
        return;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return applySubscription(tx, event.data.object, at, false);
      case 'customer.subscription.deleted':
        return applySubscription(tx, event.data.object, at, true);
      case 'invoice.paid':
        return applyInvoicePaid(tx, event.data.object, at);
      case 'payment_intent.succeeded': {
        // A meeting's charge went through, or its hold was captured (decision 016): recorded once,
        // whether or not the run that made the call lived to record it.
        const intent = event.data.object;
        const kind = intent.metadata?.kind;
        const paymentId =
          kind === 'meeting_charge' || kind === 'meeting_hold'
            ? (intent.metadata?.paymentId ?? (await paymentOfHold(tx, intent.id)))
            : await paymentOfHold(tx, intent.id);
        if (!paymentId) return;
        if (!(await touchPayment(tx, paymentId, at))) return;
        const attemptKey = intent.metadata?.attemptKey ?? null;
        after.push(() =>
          deps.charges.recordProviderSuccess(
            paymentId,
            intent.id,
            kind === 'meeting_hold' ? null : attemptKey,
          ),
        );
        reconcileHoldOf(intent, after);
        return;
      }
      case 'charge.captured': {
        // The same capture as seen from its charge: found through the hold (the PaymentIntent).
        const charge = event.data.object;
        const intentId = idOf(charge.payment_intent);
        const paymentId = intentId ? await paymentOfHold(tx, intentId) : null;
        if (!intentId || !paymentId) return;
        if (!(await touchPayment(tx, paymentId, at))) return;
        after.push(() => deps.charges.recordProviderSuccess(paymentId, intentId));
        return;
      }
      case 'payment_intent.canceled': {
        // A hold released or expired at Stripe: the run charges the saved card instead of capturing.
        const intent = event.data.object;
        await tx
          .update(payment)
          .set({ holdExpiresAt: at })
          .where(and(eq(payment.holdId, intent.id), eq(payment.isPaid, false)));
        // Our release went through even if its answer was lost: recorded, never sent again.
        await tx
          .update(providerAttempt)
          .set({ state: 'succeeded', updatedAt: ctx.now() })
          .where(
            and(
              eq(providerAttempt.intentId, intent.id),
              eq(providerAttempt.kind, 'release'),
              eq(providerAttempt.state, 'started'),
            ),
          );
        reconcileHoldOf(intent, after);
        return;
      }
      case 'account.updated': {
        // A consultant's Connect account: transfers go to it only once Stripe says it is ready.
        const account = event.data.object;
        const status = payoutAccountStatus(account);
        const owners = await tx
          .update(consultantProfile)
          .set({ payoutAccountStatus: status })
          .where(eq(consultantProfile.payoutAccountId, account.id))
          .returning({ userId: consultantProfile.userId });
        // The Payment Details step follows the account's readiness (and loses it if restricted).
        for (const { userId } of owners) await refreshCompleteness(tx, userId);
        // Payouts that waited for this account go out after the commit (one key per payout, so a
        // replayed event or a run racing it pays nothing twice; a failure is left to the hourly run).
        const payWaiting = deps.payouts?.payWaiting;
        if (status === 'ready' && payWaiting) {
          for (const { userId } of owners) {
            after.push(async () => {
              await payWaiting({ consultantId: userId });
            });
          }
        }
        return;
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        reconcileHoldOf(intent, after);
        const paymentId = intent.metadata?.paymentId;
        const attempt = Number(intent.metadata?.attempt);
        if (intent.metadata?.kind !== 'meeting_charge' || !paymentId || !Number.isInteger(attempt))
          return;
        if (!(await touchPayment(tx, paymentId, at))) return;
        const error = intent.last_payment_error;
        const code = error?.decline_code ?? error?.code ?? 'card_declined';
        after.push(() =>
          deps.charges.recordProviderFailure(paymentId, attempt, {
            code,
            reason: `${error?.message ?? 'Your card was declined.'} (${error?.code ?? 'card_declined'}${error?.decline_code ? `: ${error.decline_code}` : ''})`,
          }),
        );
        return;
      }
      default:
        return;
    }
  }

  /** Verifies, stores and applies one delivery; a repeated event id answers `duplicate: true`. */
  async function handle(
    rawBody: string,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    const event = verify(rawBody, signature);
    const after: AfterCommit[] = [];
    const fresh = await db.transaction(async (tx) => {
      const stored = await tx
        .insert(webhookEvent)
        .values({ id: event.id, type: event.type, receivedAt: ctx.now() })
        .onConflictDoNothing()
        .returning({ id: webhookEvent.id });
      if (stored.length === 0) return false;
      await dispatch(tx, event, after);
      return true;
    });
    for (const run of after) {
      // The event is stored: a failure here is repaired by the next charge or payout run (same keys).
      await run().catch((error: unknown) => ctx.logger.error('webhook follow-up failed', error));
    }
    return { received: true, duplicate: !fresh };
  }

  return { handle };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
