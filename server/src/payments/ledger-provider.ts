import { createHash } from 'node:crypto';
import { AppError } from '../http/errors.ts';
import { addMonthsUtc, holdExpiry } from './money-rules.ts';
import { type CardDetails, PaymentDeclinedError, type PaymentProvider } from './provider.ts';

interface TestCard {
  brand: string;
  last4: string;
  /** Declined on every use: adding it (Stripe refuses to attach it), the card check, every charge. */
  declines?: { code: string; message: string };
  /** Attaches and passes the card check, but every charge and hold is declined. */
  chargesFail?: { code: string; message: string };
}

const GENERIC = { code: 'generic_decline', message: 'Your card was declined.' };

/**
 * Stripe's test payment-method ids as the ledger provider knows them (rule 10): the same brand, last4
 * and outcome as in Stripe's test mode. Expiry is fixed (12/2030) so that everything is deterministic.
 */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_discover: { brand: 'discover', last4: '1117' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', declines: GENERIC },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    declines: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', chargesFail: GENERIC },
};
export const TEST_CARD_EXPIRY = { expMonth: 12, expYear: 2030 } as const;

/** A provider reference derived from the idempotency key: the same key always gives the same id. */
const reference = (prefix: string, key: string) =>
  `${prefix}_ledger_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

function card(paymentMethodId: string): TestCard {
  const found = TEST_CARDS[paymentMethodId];
  if (!found) {
    const message = `No such PaymentMethod: '${paymentMethodId}'`;
    throw new AppError('VALIDATION_FAILED', { message, errors: { paymentMethodId: message } });
  }
  return found;
}

function decline(outcome: { code: string; message: string } | undefined): void {
  if (outcome) throw new PaymentDeclinedError('card_declined', outcome.code, outcome.message);
}

/**
 * The embedded provider (rules 2 and 10): no network, every outcome decided by Stripe's test
 * payment-method ids, references derived from idempotency keys (so a repeated call answers the same).
 * @example const provider = createLedgerProvider({ now: () => new Date() });
 */
export function createLedgerProvider(deps: { now: () => Date }): PaymentProvider {
  const charge = (providerMethodId: string) => {
    const c = card(providerMethodId);
    decline(c.declines ?? c.chargesFail);
  };
  const refunds = new Map<string, { reference: string; amountCents: number }>();
  return {
    name: 'ledger',
    async ensureCustomer({ franchiseId, customerId }) {
      return customerId ?? reference('cus', `customer:${franchiseId}`);
    },
    async attachMethod({ paymentMethodId }): Promise<CardDetails> {
      const c = card(paymentMethodId);
      // As in Stripe's test mode: a declined card can not be attached to a customer at all; the
      // card that attaches and then fails every charge is pm_card_chargeCustomerFail.
      decline(c.declines);
      return {
        providerMethodId: paymentMethodId,
        type: 'card',
        brand: c.brand,
        last4: c.last4,
        ...TEST_CARD_EXPIRY,
      };
    },
    async setDefaultMethod() {},
    async detachMethod() {},
    async verifyMethod({ providerMethodId }) {
      decline(card(providerMethodId).declines);
    },
    async authorize({ providerMethodId, idempotencyKey }) {
      charge(providerMethodId);
      return { holdId: reference('pi', idempotencyKey), expiresAt: holdExpiry(deps.now()) };
    },
    async capture({ holdId }) {
      return { reference: holdId };
    },
    async release() {},
    async chargeOffSession({ providerMethodId, idempotencyKey }) {
      charge(providerMethodId);
      return { reference: reference('pi', idempotencyKey) };
    },
    async refund({ amountCents, idempotencyKey }) {
      const made = { reference: reference('re', idempotencyKey), amountCents };
      refunds.set(idempotencyKey, made);
      return { reference: made.reference };
    },
    // Its own record of this process's refunds; after a restart nothing is found and the refund is
    // repeated, which is safe here: the same key answers the same reference, forever.
    async findRefund({ idempotencyKey }) {
      return refunds.get(idempotencyKey) ?? null;
    },
    async createSubscription({ providerMethodId, idempotencyKey, firstInvoiceAt }) {
      const now = deps.now();
      const paidUntil =
        firstInvoiceAt && firstInvoiceAt.getTime() > now.getTime() ? firstInvoiceAt : null;
      if (!paidUntil) charge(providerMethodId);
      return {
        providerSubscriptionId: reference('sub', idempotencyKey),
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: paidUntil ?? addMonthsUtc(now, 1),
      };
    },
    async cancelSubscription() {},
    // Nothing to read back: every reference derives from its key, which never expires here, so
    // repeating a call is always safe (decision 016).
    async readIntent() {
      return null;
    },
    async findIntent() {
      return null;
    },
    async findPayout() {
      return null;
    },
    async createCardSetup() {
      throw new AppError('RULE_VIOLATION', {
        message: 'Cards are added by their test payment-method id with the built-in provider',
      });
    },
    // The demo's Connect: the account is ready at once and onboarding returns straight away.
    async payoutAccountLink({ consultantId, accountId, returnUrl }) {
      return {
        accountId: accountId ?? reference('acct', `connect:${consultantId}`),
        url: returnUrl,
      };
    },
    async readPayoutAccount() {
      return 'ready';
    },
    async payout({ idempotencyKey, destinationAccountId }) {
      // Without a connected account the payout waits for ACH, as with Stripe.
      if (!destinationAccountId) return { status: 'pending', reference: null };
      return { status: 'paid', reference: reference('po', idempotencyKey) };
    },
  };
}
