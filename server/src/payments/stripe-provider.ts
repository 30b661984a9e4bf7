import Stripe from 'stripe';
import { AppError } from '../http/errors.ts';
import { holdExpiry } from './money-rules.ts';
import {
  type CardDetails,
  type ChargeInput,
  HoldUnusableError,
  type IntentSnapshot,
  PaymentDeclinedError,
  type PaymentProvider,
  type PayoutAccountStatus,
  type ProviderSubscription,
} from './provider.ts';

const CURRENCY = 'usd';
const PRODUCT_NAME = 'Franchise Meet subscription';

/** Stripe's subscription statuses as the product knows them (rule 11: active, trialing, canceled). */
export function mapSubscriptionStatus(status: string): ProviderSubscription['status'] {
  switch (status) {
    case 'active':
    case 'past_due':
      // Stripe keeps retrying a past-due invoice; access continues until it gives up (canceled/unpaid).
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled';
  }
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** The current period of a subscription: on its items since API 2025-03 (on the object before). */
export function subscriptionPeriod(sub: Stripe.Subscription): { start: Date; end: Date } {
  const item = sub.items.data[0];
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start ?? sub.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? start;
  return { start: fromUnix(start), end: fromUnix(end) };
}

/**
 * Stripe's own sentence for a person, as its API sent it: the package's `message` starts with the
 * request id (`[req_…] Your card…`), which belongs in logs, not in front of a user.
 */
function stripeText(error: InstanceType<typeof Stripe.errors.StripeError>): string {
  const raw = error.raw;
  if (
    typeof raw === 'object' &&
    raw !== null &&
    'message' in raw &&
    typeof raw.message === 'string'
  ) {
    return raw.message;
  }
  return error.message;
}

/**
 * Stripe's failures in the product's terms: a card error is a decline (402 with Stripe's codes),
 * an unknown payment method is bad input (400), an outage is 503. Anything else is a bug and stays
 * as it is (logged, 500).
 */
export function mapStripeError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeCardError) {
    return new PaymentDeclinedError(
      error.code ?? 'card_declined',
      error.decline_code ?? null,
      stripeText(error),
    );
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === 'resource_missing' &&
    (error.param === 'payment_method' || /PaymentMethod/.test(error.message))
  ) {
    return new AppError('VALIDATION_FAILED', {
      message: stripeText(error),
      errors: { paymentMethodId: stripeText(error) },
    });
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  ) {
    return new AppError('SERVICE_UNAVAILABLE', {
      message: 'The payment provider is temporarily unavailable',
    });
  }
  return error;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw mapStripeError(error);
  }
}

const isUnexpectedState = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  (error.code === 'payment_intent_unexpected_state' || error.code === 'resource_missing');

/** A PaymentIntent or SetupIntent that did not go through is a decline for the product. */
function notConfirmed(
  status: string,
  lastError: { code?: string; decline_code?: string; message?: string } | null,
) {
  if (status === 'requires_action') {
    return new PaymentDeclinedError(
      'authentication_required',
      null,
      'This card needs authentication, which cannot happen without you present.',
    );
  }
  return new PaymentDeclinedError(
    lastError?.code ?? 'card_declined',
    lastError?.decline_code ?? null,
    lastError?.message ?? 'Your card was declined.',
  );
}

/** A PaymentIntent in the product's terms (decision 016). */
export function intentSnapshot(intent: Stripe.PaymentIntent): IntentSnapshot {
  const base = { intentId: intent.id, amountCents: 0, failure: null };
  switch (intent.status) {
    case 'requires_capture':
      return { ...base, status: 'held', amountCents: intent.amount_capturable };
    case 'succeeded':
      return { ...base, status: 'succeeded', amountCents: intent.amount_received };
    case 'processing':
      return { ...base, status: 'processing' };
    case 'canceled':
      return { ...base, status: 'canceled' };
    default:
      return {
        ...base,
        status: 'failed',
        failure: notConfirmed(intent.status, intent.last_payment_error),
      };
  }
}

/** A Connect account in the product's terms: transfers go only to `ready` ones. */
export function payoutAccountStatus(account: Stripe.Account): PayoutAccountStatus {
  if (account.capabilities?.transfers === 'active' && account.payouts_enabled) return 'ready';
  if (!account.details_submitted) return 'onboarding';
  return 'restricted';
}

/** Objects made by one of our calls carry its key, so they can be found after Stripe forgot it. */
const ATTEMPT_KEY = 'attemptKey';
/** How far before an attempt's record its object may have been created (clocks differ). */
const CLOCK_SKEW_S = 300;

/**
 * The Stripe implementation of the provider interface (rule 10): customers, attached PaymentMethods,
 * SetupIntents to check a card, PaymentIntents with manual capture for holds, off-session charges,
 * refunds, Subscriptions on Prices of $497 and $300 (found by lookup key, created once), Connect
 * transfers for consultants who have an account (else the payout ledger). Every money-moving call
 * carries the caller's idempotency key.
 * @example createStripeProvider({ stripe: new Stripe(env.STRIPE_SECRET_KEY), now: () => new Date() })
 */
export function createStripeProvider(deps: { stripe: Stripe; now: () => Date }): PaymentProvider {
  const { stripe } = deps;
  const prices = new Map<number, Promise<string>>();

  async function findOrCreatePrice(amountCents: number): Promise<string> {
    const lookupKey = `fm_subscription_monthly_${amountCents}`;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing) return existing.id;
    const created = await stripe.prices.create(
      {
        currency: CURRENCY,
        unit_amount: amountCents,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        product_data: { name: PRODUCT_NAME },
      },
      { idempotencyKey: `price:${lookupKey}` },
    );
    return created.id;
  }

  function priceFor(amountCents: number): Promise<string> {
    let price = prices.get(amountCents);
    if (!price) {
      price = findOrCreatePrice(amountCents);
      // A failed lookup is retried next time instead of being cached.
      price.catch(() => prices.delete(amountCents));
      prices.set(amountCents, price);
    }
    return price;
  }

  /**
   * The off-session card PaymentIntent behind a hold and a direct charge; the attempt key in its
   * metadata is what `findIntent` looks for after a crash. A hold adds manual capture.
   */
  function createIntent(
    input: ChargeInput,
    hold: Pick<Stripe.PaymentIntentCreateParams, 'capture_method' | 'expand'> = {},
  ) {
    return stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: CURRENCY,
        customer: input.customerId,
        payment_method: input.providerMethodId,
        allowed_payment_method_types: ['card'],
        confirm: true,
        off_session: true,
        description: input.description,
        metadata: { ...input.metadata, [ATTEMPT_KEY]: input.idempotencyKey },
        ...hold,
      },
      { idempotencyKey: input.idempotencyKey },
    );
  }

  return {
    name: 'stripe',

    ensureCustomer: ({ franchiseId, customerId, email, name }) =>
      call(async () => {
        if (customerId) return customerId;
        const customer = await stripe.customers.create(
          { ...(email ? { email } : {}), name, metadata: { franchiseId } },
          { idempotencyKey: `customer:${franchiseId}` },
        );
        return customer.id;
      }),

    attachMethod: ({ customerId, paymentMethodId }) =>
      call(async (): Promise<CardDetails> => {
        const method = await stripe.paymentMethods.attach(paymentMethodId, {
          customer: customerId,
        });
        return {
          providerMethodId: method.id,
          type: method.type,
          brand: method.card?.brand ?? null,
          last4: method.card?.last4 ?? '',
          expMonth: method.card?.exp_month ?? 0,
          expYear: method.card?.exp_year ?? 0,
        };
      }),

    setDefaultMethod: ({ customerId, providerMethodId }) =>
      call(async () => {
        await stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: providerMethodId },
        });
      }),

    detachMethod: ({ providerMethodId }) =>
      call(async () => {
        try {
          await stripe.paymentMethods.detach(providerMethodId);
        } catch (error) {
          // Already detached (or gone): the card is not attached any more, which is what was asked.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      }),

    verifyMethod: ({ customerId, providerMethodId, idempotencyKey }) =>
      call(async () => {
        const intent = await stripe.setupIntents.create(
          {
            customer: customerId,
            payment_method: providerMethodId,
            allowed_payment_method_types: ['card'],
            usage: 'off_session',
            confirm: true,
          },
          { idempotencyKey },
        );
        if (intent.status !== 'succeeded')
          throw notConfirmed(intent.status, intent.last_setup_error);
      }),

    authorize: (input) =>
      call(async () => {
        const intent = await createIntent(input, {
          capture_method: 'manual',
          expand: ['latest_charge'],
        });
        if (intent.status !== 'requires_capture') {
          throw notConfirmed(intent.status, intent.last_payment_error);
        }
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        const captureBefore = charge?.payment_method_details?.card?.capture_before;
        return {
          holdId: intent.id,
          expiresAt: captureBefore ? fromUnix(captureBefore) : holdExpiry(deps.now()),
        };
      }),

    capture: ({ holdId, amountCents, idempotencyKey }) =>
      call(async () => {
        try {
          const intent = await stripe.paymentIntents.capture(
            holdId,
            { amount_to_capture: amountCents },
            { idempotencyKey },
          );
          return { reference: intent.id };
        } catch (error) {
          if (isUnexpectedState(error))
            throw new HoldUnusableError(`hold ${holdId} cannot be captured`);
          throw error;
        }
      }),

    release: ({ holdId, idempotencyKey }) =>
      call(async () => {
        try {
          await stripe.paymentIntents.cancel(holdId, {}, { idempotencyKey });
        } catch (error) {
          // Already released, captured or expired: there is nothing left to release.
          if (!isUnexpectedState(error)) throw error;
        }
      }),

    chargeOffSession: (input) =>
      call(async () => {
        const intent = await createIntent(input);
        if (intent.status !== 'succeeded' && intent.status !== 'processing') {
          throw notConfirmed(intent.status, intent.last_payment_error);
        }
        return { reference: intent.id };
      }),

    refund: ({ reference, amountCents, idempotencyKey }) =>
      call(async () => {
        const refund = await stripe.refunds.create(
          {
            payment_intent: reference,
            amount: amountCents,
            metadata: { [ATTEMPT_KEY]: idempotencyKey },
          },
          { idempotencyKey },
        );
        return { reference: refund.id };
      }),

    findRefund: ({ reference, idempotencyKey }) =>
      call(async () => {
        for await (const refund of stripe.refunds.list({ payment_intent: reference, limit: 100 })) {
          if (refund.metadata?.[ATTEMPT_KEY] !== idempotencyKey) continue;
          if (refund.status === 'failed' || refund.status === 'canceled') continue;
          return { reference: refund.id, amountCents: refund.amount };
        }
        return null;
      }),

    createSubscription: (input) =>
      call(async () => {
        const price = await priceFor(input.priceCents);
        const anchor =
          input.firstInvoiceAt && input.firstInvoiceAt.getTime() > deps.now().getTime()
            ? {
                billing_cycle_anchor: unix(input.firstInvoiceAt),
                proration_behavior: 'none' as const,
              }
            : {};
        const sub = await stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price }],
            default_payment_method: input.providerMethodId,
            payment_behavior: 'error_if_incomplete',
            off_session: true,
            metadata: input.metadata,
            ...anchor,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const period = subscriptionPeriod(sub);
        return {
          providerSubscriptionId: sub.id,
          status: mapSubscriptionStatus(sub.status),
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
        };
      }),

    cancelSubscription: ({ providerSubscriptionId }) =>
      call(async () => {
        try {
          await stripe.subscriptions.cancel(providerSubscriptionId);
        } catch (error) {
          // Canceled already (by Stripe or an earlier call): the goal is reached.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      }),

    readIntent: (intentId) =>
      call(async () => {
        try {
          return intentSnapshot(await stripe.paymentIntents.retrieve(intentId));
        } catch (error) {
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.code === 'resource_missing'
          ) {
            return { intentId, status: 'absent' as const, amountCents: 0, failure: null };
          }
          throw error;
        }
      }),

    findIntent: ({ customerId, idempotencyKey, since }) =>
      call(async () => {
        // Lists are read from Stripe's primary store (search is eventually consistent).
        for await (const intent of stripe.paymentIntents.list({
          customer: customerId,
          created: { gte: unix(since) - CLOCK_SKEW_S },
          limit: 100,
        })) {
          if (intent.metadata?.[ATTEMPT_KEY] === idempotencyKey) return intentSnapshot(intent);
        }
        return { intentId: null, status: 'absent' as const, amountCents: 0, failure: null };
      }),

    findPayout: ({ destinationAccountId, idempotencyKey, since }) =>
      call(async () => {
        for await (const transfer of stripe.transfers.list({
          destination: destinationAccountId,
          created: { gte: unix(since) - CLOCK_SKEW_S },
          limit: 100,
        })) {
          if (transfer.metadata?.[ATTEMPT_KEY] === idempotencyKey)
            return { reference: transfer.id };
        }
        return null;
      }),

    createCardSetup: ({ customerId, idempotencyKey }) =>
      call(async () => {
        const intent = await stripe.setupIntents.create(
          { customer: customerId, usage: 'off_session', allowed_payment_method_types: ['card'] },
          { idempotencyKey },
        );
        if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} has no client secret`);
        return { clientSecret: intent.client_secret };
      }),

    payoutAccountLink: ({ consultantId, email, accountId, returnUrl, refreshUrl }) =>
      call(async () => {
        const account =
          accountId ??
          (
            await stripe.accounts.create(
              {
                type: 'express',
                email,
                capabilities: { transfers: { requested: true } },
                metadata: { consultantId },
              },
              { idempotencyKey: `connect:${consultantId}` },
            )
          ).id;
        const link = await stripe.accountLinks.create({
          account,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
        });
        return { accountId: account, url: link.url };
      }),

    readPayoutAccount: (accountId) =>
      call(async () => payoutAccountStatus(await stripe.accounts.retrieve(accountId))),

    payout: ({ consultantId, amountCents, period, idempotencyKey, destinationAccountId }) =>
      call(async () => {
        if (!destinationAccountId) return { status: 'pending' as const, reference: null };
        const transfer = await stripe.transfers.create(
          {
            amount: amountCents,
            currency: CURRENCY,
            destination: destinationAccountId,
            transfer_group: `payout:${period}`,
            metadata: { consultantId, period, [ATTEMPT_KEY]: idempotencyKey },
          },
          { idempotencyKey },
        );
        return { status: 'paid' as const, reference: transfer.id };
      }),
  };
}
