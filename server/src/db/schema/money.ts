import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { bool, cents, id, instant, requiredRef, timestamps } from './columns.ts';
import { franchise } from './franchises.ts';
import { meeting } from './meetings.ts';

/** A saved card: only what is safe to show (brand, last4, expiry) and the provider's id. */
export const paymentMethod = sqliteTable(
  'payment_method',
  {
    id: id(),
    franchiseId: text('franchise_id').references(() => franchise.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['ledger', 'stripe'] }).notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    stripePaymentMethodType: text('stripe_payment_method_type').notNull().default('card'),
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: bool('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('payment_method_franchise_idx').on(t.franchiseId),
    index('payment_method_user_idx').on(t.userId),
  ],
);

export const promoCode = sqliteTable(
  'promo_code',
  {
    id: id(),
    code: text('code').notNull(),
    description: text('description'),
    /** Monthly price with this code, in cents (early access: 30000). */
    priceCents: cents('price_cents').notNull(),
    active: bool('active').notNull().default(true),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    expiresAt: instant('expires_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('promo_code_code_uq').on(t.code)],
);

export const subscription = sqliteTable(
  'subscription',
  {
    id: id(),
    franchiseId: requiredRef('franchise_id', () => franchise.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['ledger', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    status: text('status', { enum: ['active', 'trialing', 'canceled'] }).notNull(),
    priceCents: cents('price_cents').notNull(),
    promoCodeId: text('promo_code_id').references(() => promoCode.id),
    currentPeriodStart: instant('current_period_start').notNull(),
    currentPeriodEnd: instant('current_period_end').notNull(),
    termEndsAt: instant('term_ends_at').notNull(),
    cancelAtPeriodEnd: bool('cancel_at_period_end').notNull().default(false),
    canceledAt: instant('canceled_at'),
    /** The newest provider event applied: an older one arriving late is ignored. */
    lastEventAt: instant('last_event_at'),
    ...timestamps,
  },
  (t) => [
    index('subscription_franchise_idx').on(t.franchiseId),
    uniqueIndex('subscription_provider_uq').on(t.provider, t.providerSubscriptionId),
  ],
);

/** The money side of a meeting: the hold, the charge and its state. */
export const payment = sqliteTable(
  'payment',
  {
    id: id(),
    /**
     * The meeting; cleared when a franchisor's late cancellation deletes it while the consultant
     * still decides whether to charge (the payment keeps `start_at` and its amount).
     */
    meetingId: text('meeting_id').references(() => meeting.id, { onDelete: 'set null' }),
    franchiseId: text('franchise_id').references(() => franchise.id),
    consultantId: requiredRef('consultant_id', () => user.id),
    /**
     * Who booked and for how long, kept like `start_at` for a payment whose meeting was deleted: a
     * late cancellation's reschedule books the same length for the same franchisor (rule 20).
     */
    franchisorId: text('franchisor_id').references(() => user.id),
    durationMinutes: integer('duration_minutes'),
    amountCents: cents('amount_cents').notNull(),
    /** The meeting's start, kept for a payment whose meeting was deleted. */
    startAt: instant('start_at'),
    status: text('status', { enum: ['pending', 'declined', 'completed'] })
      .notNull()
      .default('pending'),
    isPaid: bool('is_paid').notNull().default(false),
    holdId: text('hold_id'),
    holdExpiresAt: instant('hold_expires_at'),
    /** When the hold of a meeting booked further out is placed (rule 10: about 48 h before the start). */
    holdDueAt: instant('hold_due_at'),
    /** Hold attempts so far; the provider's idempotency key of the next is `hold:{meeting}:{n}`. */
    holdAttempts: integer('hold_attempts').notNull().default(0),
    holdFailureCode: text('hold_failure_code'),
    chargedAt: instant('charged_at'),
    failureCode: text('failure_code'),
    /** Charge attempts so far; the provider's idempotency key of the next is `charge:{meeting}:{n}`. */
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    /** The franchisor cancelled within 24 hours: the consultant decides (charge or reschedule). */
    lateCancelledAt: instant('late_cancelled_at'),
    /** What disputes gave back of the charge so far (rule 20); never more than `amount_cents`. */
    refundedCents: cents('refunded_cents').notNull().default(0),
    /** The newest provider event applied: an older one arriving late is ignored. */
    lastEventAt: instant('last_event_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_meeting_uq').on(t.meetingId),
    index('payment_franchise_idx').on(t.franchiseId, t.createdAt),
    index('payment_consultant_idx').on(t.consultantId, t.createdAt),
    // Covering for the admin dashboard's sums (bench A1): money held now, charged per
    // day and month, failed charges this month are read from the indexes alone.
    index('payment_status_idx').on(t.status, t.isPaid, t.holdId, t.amountCents),
    index('payment_hold_due_idx').on(t.holdDueAt),
    index('payment_charged_idx').on(t.chargedAt, t.isPaid, t.amountCents),
    index('payment_updated_idx').on(t.updatedAt, t.failureCode, t.isPaid, t.status, t.amountCents),
  ],
);

/**
 * Double-entry ledger: a transaction groups entries whose amounts sum to zero. Balances are derived,
 * never stored. `idempotency_key` makes every charge happen once.
 */
export const ledgerTransaction = sqliteTable(
  'ledger_transaction',
  {
    id: id(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Cleared when the meeting is deleted (a cancellation); the key keeps the trace. */
    meetingId: text('meeting_id').references(() => meeting.id, { onDelete: 'set null' }),
    franchiseId: text('franchise_id').references(() => franchise.id),
    consultantId: text('consultant_id').references(() => user.id),
    providerReference: text('provider_reference'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transaction_idem_uq').on(t.idempotencyKey),
    index('ledger_transaction_meeting_idx').on(t.meetingId),
  ],
);

export const ledgerEntry = sqliteTable(
  'ledger_entry',
  {
    id: id(),
    transactionId: requiredRef('transaction_id', () => ledgerTransaction.id, {
      onDelete: 'cascade',
    }),
    /** Account name, e.g. `franchise:{id}:receivable`, `consultant:{id}:payable`, `platform:revenue`. */
    account: text('account').notNull(),
    /** Signed cents: debits positive, credits negative. */
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [
    index('ledger_entry_account_idx').on(t.account),
    index('ledger_entry_tx_idx').on(t.transactionId),
  ],
);

export const payout = sqliteTable(
  'payout',
  {
    id: id(),
    consultantId: requiredRef('consultant_id', () => user.id),
    /** The month paid, YYYY-MM. */
    period: text('period').notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    providerReference: text('provider_reference'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payout_consultant_period_uq').on(t.consultantId, t.period),
    index('payout_status_idx').on(t.status),
  ],
);

/**
 * Every call to the provider that moves money, written BEFORE the call (docs/decisions/016):
 * Stripe forgets idempotency keys after ~24 h, so a crash between its answer and our record is
 * repaired by reading what Stripe did with this attempt (the PaymentIntent, the transfer) instead
 * of repeating the call. `state` moves `started` → `succeeded` | `failed` | `void` (nothing
 * happened at the provider).
 */
export const providerAttempt = sqliteTable(
  'provider_attempt',
  {
    /** The provider's idempotency key of the call, e.g. `charge:{meeting}:0`. */
    key: text('key').primaryKey(),
    kind: text('kind', {
      enum: ['capture', 'charge', 'fee', 'hold', 'refund', 'release', 'transfer'],
    }).notNull(),
    /** The payment (or payout) the call is for. */
    subjectId: text('subject_id').notNull(),
    /** The PaymentIntent (or transfer) when it is known: the hold's id for a capture or release. */
    intentId: text('intent_id'),
    /** The customer (or connected account) the object lives under, to find it by key. */
    ownerId: text('owner_id'),
    amountCents: cents('amount_cents').notNull(),
    state: text('state', { enum: ['started', 'succeeded', 'failed', 'void'] })
      .notNull()
      .default('started'),
    reference: text('reference'),
    ...timestamps,
  },
  (t) => [
    index('provider_attempt_subject_idx').on(t.subjectId, t.state),
    index('provider_attempt_state_idx').on(t.state, t.kind),
  ],
);

/** Provider webhook events handled once. */
export const webhookEvent = sqliteTable('webhook_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull(),
});
