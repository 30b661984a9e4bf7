import { AppError } from '../http/errors.ts';

/**
 * The one payment-provider interface (rule 10). Two implementations: `ledger` (the embedded default:
 * Stripe's test payment-method ids behave as in Stripe's test mode, nothing leaves the process) and
 * `stripe` (the `stripe` package). The provider only talks to the card network; bookkeeping — the
 * double-entry ledger, payment rows, subscriptions — is the services' job and is the same in both
 * modes. Every call that moves money takes an idempotency key, so repeating a call with the same key
 * never moves money twice.
 */

/** A card as the product shows it (brand, last4, expiry): never more. */
export interface CardDetails {
  providerMethodId: string;
  type: string;
  brand: string | null;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Metadata sent along with a charge so that webhooks can find what it was for. */
export type ChargeMetadata = Record<string, string>;

export interface ChargeInput {
  customerId: string;
  providerMethodId: string;
  amountCents: number;
  idempotencyKey: string;
  description: string;
  metadata: ChargeMetadata;
}

export interface Hold {
  holdId: string;
  expiresAt: Date;
}

export interface ProviderSubscription {
  providerSubscriptionId: string;
  status: 'active' | 'trialing' | 'canceled' | 'incomplete';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

export interface PayoutResult {
  /** `paid` when the money was sent; `pending` when it is paid by ACH outside the provider. */
  status: 'paid' | 'pending';
  reference: string | null;
}

/**
 * What the provider holds for a PaymentIntent (a hold or a charge), read before acting on it
 * (decision 016). `held`: authorised and capturable; `succeeded`: the money was taken;
 * `processing`: not decided yet; `failed`: declined or needs the customer; `canceled`: released or
 * expired; `absent`: no PaymentIntent was ever made under the key looked for.
 */
export interface IntentSnapshot {
  intentId: string | null;
  status: 'held' | 'succeeded' | 'processing' | 'failed' | 'canceled' | 'absent';
  /** Cents taken (`succeeded`) or capturable (`held`). */
  amountCents: number;
  failure: PaymentDeclinedError | null;
}

/** A consultant's payout account as the provider sees it: transfers go only to `ready` ones. */
export type PayoutAccountStatus = 'onboarding' | 'ready' | 'restricted';

export interface PaymentProvider {
  readonly name: 'ledger' | 'stripe';
  /** The franchise's customer at the provider, created once. */
  ensureCustomer(input: {
    franchiseId: string;
    customerId: string | null;
    email: string | null;
    name: string;
  }): Promise<string>;
  /** Attaches a payment method to the customer; answers what may be shown of it. */
  attachMethod(input: { customerId: string; paymentMethodId: string }): Promise<CardDetails>;
  /** Makes a card the customer's default for invoices (subscriptions). */
  setDefaultMethod(input: { customerId: string; providerMethodId: string }): Promise<void>;
  detachMethod(input: { providerMethodId: string }): Promise<void>;
  /**
   * Checks that a card can be charged later off-session without holding money (a SetupIntent in
   * Stripe): for meetings booked too far out for a hold to last (rule 10).
   */
  verifyMethod(input: {
    customerId: string;
    providerMethodId: string;
    idempotencyKey: string;
  }): Promise<void>;
  /** Reserves an amount on a card (a PaymentIntent with manual capture). */
  authorize(input: ChargeInput): Promise<Hold>;
  /** Captures (part of) a hold; answers the charge's reference. */
  capture(input: {
    holdId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ reference: string }>;
  /** Releases a hold (cancelled or declined meeting); releasing twice is harmless. */
  release(input: { holdId: string; idempotencyKey: string }): Promise<void>;
  /** Charges a saved card without the customer present. */
  chargeOffSession(input: ChargeInput): Promise<{ reference: string }>;
  /** Gives back part or all of a charge (`reference`: its PaymentIntent); the key rides along in its metadata. */
  refund(input: {
    reference: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ reference: string }>;
  /**
   * The refund an earlier call under `idempotencyKey` made of the charge `reference`, found by the
   * key in its metadata rather than by the key itself, which Stripe forgets after ~24 h (decision
   * 030); null when none was made (a failed or cancelled one counts as none).
   */
  findRefund(input: { reference: string; idempotencyKey: string }): Promise<{
    reference: string;
    amountCents: number;
  } | null>;
  /** Starts a monthly subscription at a price (a Stripe Price of $497 or $300). */
  createSubscription(input: {
    customerId: string;
    providerMethodId: string;
    priceCents: number;
    idempotencyKey: string;
    metadata: ChargeMetadata;
    /**
     * The first invoice falls on this instant, not now: a reactivation inside a period that is
     * already paid. The subscription is active meanwhile.
     */
    firstInvoiceAt?: Date | undefined;
  }): Promise<ProviderSubscription>;
  cancelSubscription(input: {
    providerSubscriptionId: string;
    idempotencyKey: string;
  }): Promise<void>;
  /**
   * Reads a PaymentIntent. `null` when the provider keeps no record to read: the ledger provider,
   * whose idempotency keys never expire, so acting again under the same key is always safe.
   */
  readIntent(intentId: string): Promise<IntentSnapshot | null>;
  /**
   * The PaymentIntent an earlier call under `idempotencyKey` made for this customer (created at or
   * after `since`), found by its metadata rather than by the key, which Stripe forgets after ~24 h.
   * `null` when the provider keeps no record (ledger).
   */
  findIntent(input: {
    customerId: string;
    idempotencyKey: string;
    since: Date;
  }): Promise<IntentSnapshot | null>;
  /** The transfer an earlier payout under `idempotencyKey` made, or null (none, or the ledger). */
  findPayout(input: {
    destinationAccountId: string;
    idempotencyKey: string;
    since: Date;
  }): Promise<{ reference: string } | null>;
  /**
   * A SetupIntent for the browser to confirm a new card with (Stripe Elements, 3-D Secure there):
   * the card number never reaches this server. The ledger provider has none (cards by test id).
   */
  createCardSetup(input: { customerId: string; idempotencyKey: string }): Promise<{
    clientSecret: string;
  }>;
  /**
   * A consultant's payout account (created once: Stripe Connect express) and a link to the
   * provider's hosted onboarding, which sends the browser back to `returnUrl` (or `refreshUrl`
   * when the link expired). The ledger provider simulates it: the account is ready at once and
   * the link is `returnUrl` itself.
   */
  payoutAccountLink(input: {
    consultantId: string;
    email: string;
    accountId: string | null;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ accountId: string; url: string }>;
  /** What the provider says of a payout account now (the same as `account.updated` tells). */
  readPayoutAccount(accountId: string): Promise<PayoutAccountStatus>;
  /** Pays a consultant (a Connect transfer when they have an account, else the payout ledger). */
  payout(input: {
    consultantId: string;
    amountCents: number;
    period: string;
    idempotencyKey: string;
    destinationAccountId: string | null;
  }): Promise<PayoutResult>;
}

/**
 * The card network refused a charge, a hold or a card check. `code` is Stripe's error code
 * (`card_declined`), `declineCode` its decline code (`generic_decline`, `insufficient_funds`).
 */
export class PaymentDeclinedError extends Error {
  override name = 'PaymentDeclinedError';
  constructor(
    readonly code: string,
    readonly declineCode: string | null,
    message: string,
  ) {
    super(message);
  }

  /** What a person reads: Stripe's message with its codes, e.g. `Your card was declined. (card_declined: generic_decline)`. */
  get displayMessage(): string {
    const codes = this.declineCode ? `${this.code}: ${this.declineCode}` : this.code;
    return `${this.message} (${codes})`;
  }

  /** The API's answer: 402 PAYMENT_DECLINED with Stripe's message and codes (rules 7 and 10). */
  toAppError(): AppError {
    return new AppError('PAYMENT_DECLINED', { message: this.displayMessage });
  }

  /** The stored failure code of a payment: the decline code when there is one. */
  get failureCode(): string {
    return this.declineCode ?? this.code;
  }
}

export const isPaymentDeclined = (error: unknown): error is PaymentDeclinedError =>
  error instanceof PaymentDeclinedError;

/** A hold that can no longer be captured (released, expired or captured at the provider already). */
export class HoldUnusableError extends Error {
  override name = 'HoldUnusableError';
}
