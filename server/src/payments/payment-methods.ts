import type { AddPaymentMethodInput, PaymentMethod } from '@fm/sdk/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import { franchise, payment, paymentMethod, subscription } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import {
  ensureCustomer,
  ensureFranchise,
  franchiseIdOf,
  type PaymentMethodRow,
} from './billing.ts';
import type { PaymentsContext } from './context.ts';
import { isPaymentDeclined } from './provider.ts';

/** A saved card as the API shows it, to its franchise and to the admins. */
export const toPaymentMethod = (row: PaymentMethodRow): PaymentMethod => ({
  id: row.id,
  stripePaymentMethodType: row.stripePaymentMethodType,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isDefault: row.isDefault,
});

/**
 * A franchise's saved cards (user-area §3 payment method): brand, last4 and expiry only, one of them
 * the default. Shared by the franchise's members. A new default card retries the declined charges
 * and failed holds of the franchise (rule 10).
 */
export function createPaymentMethods(
  ctx: PaymentsContext,
  hooks: { onNewDefaultCard: (franchiseId: string) => Promise<void> },
) {
  const { db } = ctx;

  async function list(userId: string): Promise<PaymentMethod[]> {
    const franchiseId = await franchiseIdOf(db, userId);
    if (!franchiseId) return [];
    const rows = await db
      .select()
      .from(paymentMethod)
      .where(eq(paymentMethod.franchiseId, franchiseId))
      .orderBy(desc(paymentMethod.isDefault), desc(paymentMethod.createdAt));
    return rows.map(toPaymentMethod);
  }

  async function makeDefault(franchiseId: string, methodId: string, providerMethodId: string) {
    await db.transaction(async (tx) => {
      await tx
        .update(paymentMethod)
        .set({ isDefault: false })
        .where(and(eq(paymentMethod.franchiseId, franchiseId), ne(paymentMethod.id, methodId)));
      await tx.update(paymentMethod).set({ isDefault: true }).where(eq(paymentMethod.id, methodId));
      await tx
        .update(franchise)
        .set({ primaryPaymentMethodId: methodId })
        .where(eq(franchise.id, franchiseId));
    });
    const customerId = await ensureCustomer(ctx, franchiseId);
    await ctx.provider.setDefaultMethod({ customerId, providerMethodId });
  }

  async function add(userId: string, input: AddPaymentMethodInput): Promise<PaymentMethod> {
    const franchiseId = await ensureFranchise(db, userId);
    const customerId = await ensureCustomer(ctx, franchiseId);
    let details: Awaited<ReturnType<typeof ctx.provider.attachMethod>>;
    try {
      details = await ctx.provider.attachMethod({
        customerId,
        paymentMethodId: input.paymentMethodId,
      });
    } catch (error) {
      if (isPaymentDeclined(error)) throw error.toAppError();
      throw error;
    }
    const existing = await db
      .select()
      .from(paymentMethod)
      .where(
        and(
          eq(paymentMethod.franchiseId, franchiseId),
          eq(paymentMethod.providerMethodId, details.providerMethodId),
        ),
      )
      .get();
    // The card just added (or added again) becomes the default unless asked otherwise: adding a
    // card is how a franchise replaces a declined one.
    const becomesDefault = input.makeDefault ?? true;
    let row = existing;
    if (!row) {
      [row] = await db
        .insert(paymentMethod)
        .values({
          franchiseId,
          userId,
          provider: ctx.provider.name,
          providerMethodId: details.providerMethodId,
          stripePaymentMethodType: details.type,
          brand: details.brand,
          last4: details.last4,
          expMonth: details.expMonth,
          expYear: details.expYear,
          isDefault: false,
        })
        .returning();
    }
    if (!row) throw new Error('payment method insert returned nothing');
    if (becomesDefault) {
      await makeDefault(franchiseId, row.id, row.providerMethodId);
      await hooks.onNewDefaultCard(franchiseId).catch((error: unknown) => {
        ctx.logger.error('retrying declined payments failed', error);
      });
    }
    const saved = await db.select().from(paymentMethod).where(eq(paymentMethod.id, row.id)).get();
    return toPaymentMethod(saved ?? row);
  }

  /**
   * Stripe only (decision 016): a SetupIntent for the franchise's customer, confirmed in the
   * browser by Stripe Elements (3-D Secure there), so the card number never reaches this server;
   * the confirmed PaymentMethod's id then comes back through `add`. The built-in provider adds
   * cards by test id and answers 422.
   */
  async function createCardSetup(userId: string, publishableKey: string | null) {
    if (ctx.provider.name !== 'stripe' || !publishableKey) {
      throw new AppError('RULE_VIOLATION', {
        message: 'Cards are added by their test payment-method id with the built-in provider',
      });
    }
    const franchiseId = await ensureFranchise(db, userId);
    const customerId = await ensureCustomer(ctx, franchiseId);
    const { clientSecret } = await ctx.provider.createCardSetup({
      customerId,
      // One SetupIntent per request: a card form opened twice gets two, each used once.
      idempotencyKey: `card_setup:${franchiseId}:${crypto.randomUUID()}`,
    });
    return { clientSecret, publishableKey };
  }

  /** A card of the user's franchise, or 404 (also for another franchise's card). */
  async function ownCard(userId: string, methodId: string) {
    const franchiseId = await franchiseIdOf(db, userId);
    const row = franchiseId
      ? await db
          .select()
          .from(paymentMethod)
          .where(and(eq(paymentMethod.id, methodId), eq(paymentMethod.franchiseId, franchiseId)))
          .get()
      : undefined;
    if (!row || !franchiseId) throw new AppError('NOT_FOUND');
    return { row, franchiseId };
  }

  /**
   * Makes a saved card the franchise's default (in the provider too, for invoices). Like a new
   * default card, it retries the franchise's declined charges and failed holds.
   */
  async function setDefault(userId: string, methodId: string): Promise<PaymentMethod> {
    const { row, franchiseId } = await ownCard(userId, methodId);
    if (!row.isDefault) {
      await makeDefault(franchiseId, row.id, row.providerMethodId);
      await hooks.onNewDefaultCard(franchiseId).catch((error: unknown) => {
        ctx.logger.error('retrying declined payments failed', error);
      });
    }
    const saved = await db.select().from(paymentMethod).where(eq(paymentMethod.id, row.id)).get();
    return toPaymentMethod(saved ?? row);
  }

  /**
   * Removes a card of the user's franchise (404 for anyone else's). The only card cannot go while the
   * subscription is active or meetings wait to be charged (422): there would be nothing to charge.
   */
  async function remove(userId: string, methodId: string): Promise<void> {
    const { row, franchiseId } = await ownCard(userId, methodId);
    const remaining = await db
      .select()
      .from(paymentMethod)
      .where(and(eq(paymentMethod.franchiseId, franchiseId), ne(paymentMethod.id, methodId)))
      .orderBy(desc(paymentMethod.createdAt));
    if (remaining.length === 0) {
      const live = await db
        .select({ id: subscription.id })
        .from(subscription)
        .where(and(eq(subscription.franchiseId, franchiseId), ne(subscription.status, 'canceled')))
        .get();
      const unpaid = await db
        .select({ id: payment.id })
        .from(payment)
        .where(
          and(
            eq(payment.franchiseId, franchiseId),
            eq(payment.isPaid, false),
            ne(payment.status, 'declined'),
          ),
        )
        .get();
      if (live || unpaid) {
        throw new AppError('RULE_VIOLATION', {
          message:
            'Add another card before removing this one: it pays for your subscription and meetings',
        });
      }
    }
    await ctx.provider.detachMethod({ providerMethodId: row.providerMethodId });
    await db.delete(paymentMethod).where(eq(paymentMethod.id, methodId));
    if (row.isDefault || remaining.every((r) => !r.isDefault)) {
      const next = remaining[0];
      if (next) await makeDefault(franchiseId, next.id, next.providerMethodId);
      else {
        await db
          .update(franchise)
          .set({ primaryPaymentMethodId: null })
          .where(eq(franchise.id, franchiseId));
      }
    }
  }

  return { createCardSetup, list, add, setDefault, remove };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
