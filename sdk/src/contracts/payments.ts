import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { PAYMENT_MEETING_STATUSES, PAYMENT_TOTAL_BUCKETS, SUBSCRIPTION_STATUSES } from './enums.ts';
import { queryCount } from './paging.ts';

/**
 * Money (issue: payments). Amounts cross the API in dollars with at most two decimals (rule 10);
 * everything is computed and stored in integer cents.
 */

/** `POST /api/users/payment-method`: a provider payment-method id (Stripe.js in Stripe mode; Stripe's test ids in ledger mode). */
export const AddPaymentMethodInputSchema = v.object({
  paymentMethodId: v.pipe(
    v.string('Please add a card'),
    v.trim(),
    v.nonEmpty('Please add a card'),
    v.maxLength(255),
  ),
  makeDefault: v.optional(v.boolean()),
});
export type AddPaymentMethodInput = v.InferInput<typeof AddPaymentMethodInputSchema>;

/** `PATCH /api/users/payment-method/{id}`: makes a saved card the franchise's default. */
export const UpdatePaymentMethodInputSchema = v.strictObject({
  isDefault: v.literal(true, 'Only making a card the default can be changed'),
});
export type UpdatePaymentMethodInput = v.InferInput<typeof UpdatePaymentMethodInputSchema>;

export const PaymentMethodSchema = v.object({
  id: v.string(),
  stripePaymentMethodType: v.string(),
  brand: v.nullable(v.string()),
  last4: v.string(),
  expMonth: v.number(),
  expYear: v.number(),
  isDefault: v.boolean(),
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>;
export const PaymentMethodListSchema = v.object({ data: v.array(PaymentMethodSchema) });

/** `GET /api/users/payments?page&limit&status`. */
export const PaymentListQuerySchema = v.object({
  page: v.optional(queryCount(1_000_000), 1),
  limit: v.optional(queryCount(MAX_PAGE_SIZE), DEFAULT_PAGE_SIZE),
  status: v.optional(v.picklist(PAYMENT_MEETING_STATUSES)),
});
export type PaymentListQuery = v.InferInput<typeof PaymentListQuerySchema>;

/** One meeting's payment as the payments page lists it. Consultants see their share and the fee. */
export const PaymentRowSchema = v.object({
  id: v.string(),
  meetingId: v.string(),
  franchise: v.nullable(v.object({ id: v.string(), company: v.string() })),
  consultant: v.object({ id: v.string(), firstName: v.string(), lastName: v.string() }),
  start: v.string(),
  /** The meeting total, dollars. */
  amount: v.number(),
  /** Platform fee (20 %) and consultant share (80 %), dollars. */
  platformFee: v.number(),
  consultantShare: v.number(),
  status: v.picklist(PAYMENT_MEETING_STATUSES),
  isPaid: v.boolean(),
  chargedAt: v.nullable(v.string()),
});
export type PaymentRow = v.InferOutput<typeof PaymentRowSchema>;
export const PaymentListSchema = v.object({
  total: v.number(),
  page: v.number(),
  limit: v.number(),
  data: v.array(PaymentRowSchema),
});
export type PaymentList = v.InferOutput<typeof PaymentListSchema>;

/** `GET /api/users/payments-total`: dollars per bucket (user-area §3). */
export const PaymentTotalsSchema = v.object(
  Object.fromEntries(PAYMENT_TOTAL_BUCKETS.map((b) => [b, v.number()])) as Record<
    (typeof PAYMENT_TOTAL_BUCKETS)[number],
    v.NumberSchema<undefined>
  >,
);
export type PaymentTotals = v.InferOutput<typeof PaymentTotalsSchema>;

export const GRAPH_PERIODS = ['week', 'month', 'year'] as const;
export type GraphPeriod = (typeof GRAPH_PERIODS)[number];
/** `GET /api/users/payments-graph?period=`. */
export const PaymentsGraphQuerySchema = v.object({
  period: v.optional(v.picklist(GRAPH_PERIODS, 'Please choose week, month or year'), 'month'),
});
export const PaymentsGraphSchema = v.object({
  period: v.picklist(GRAPH_PERIODS),
  points: v.array(v.object({ label: v.string(), start: v.string(), amount: v.number() })),
});
export type PaymentsGraph = v.InferOutput<typeof PaymentsGraphSchema>;

/** `POST /api/users/validate-promo-code`. */
export const PromoCodeInputSchema = v.object({
  promoCode: v.pipe(
    v.string('Please enter a promo code'),
    v.trim(),
    v.nonEmpty('Please enter a promo code'),
    v.maxLength(64),
    v.toUpperCase(),
  ),
});
export const PromoCodeResultSchema = v.object({
  valid: v.boolean(),
  price: v.number(),
  message: v.string(),
});
export type PromoCodeResult = v.InferOutput<typeof PromoCodeResultSchema>;

/** `POST /api/users/subscribe`. */
export const SubscribeInputSchema = v.object({
  promoCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64), v.toUpperCase())),
});
export type SubscribeInput = v.InferInput<typeof SubscribeInputSchema>;

/** The franchise's subscription as `/my-profile/subscription` shows it. `status: null` reads Unsubscribed. */
export const SubscriptionSchema = v.object({
  status: v.nullable(v.picklist(SUBSCRIPTION_STATUSES)),
  label: v.string(),
  /** Monthly price in dollars. */
  price: v.nullable(v.number()),
  promoCode: v.nullable(v.string()),
  currentPeriodEnd: v.nullable(v.string()),
  termEndsAt: v.nullable(v.string()),
  cancelAtPeriodEnd: v.boolean(),
});
export type Subscription = v.InferOutput<typeof SubscriptionSchema>;

/** `POST /api/users/cron-manual-trigger` (admins): what the run did. */
export const PaymentRunResultSchema = v.object({
  charged: v.number(),
  failed: v.number(),
  skipped: v.number(),
});
export type PaymentRunResult = v.InferOutput<typeof PaymentRunResultSchema>;

/** A consultant's monthly payout. */
export const PayoutSchema = v.object({
  id: v.string(),
  period: v.string(),
  amount: v.number(),
  status: v.picklist(['pending', 'paid', 'failed']),
  createdAt: v.string(),
  statementUrl: v.string(),
});
export type Payout = v.InferOutput<typeof PayoutSchema>;
export const PayoutListSchema = v.object({ data: v.array(PayoutSchema) });

/**
 * A consultant's payout account (Stripe Connect express; simulated by the built-in provider):
 * `none` before onboarding, `onboarding` until the provider has what it needs, `ready` once
 * transfers can be sent (monthly payouts are then transferred), `restricted` when the provider
 * needs more. `GET /api/users/payouts/account`.
 */
export const PAYOUT_ACCOUNT_STATUSES = ['none', 'onboarding', 'ready', 'restricted'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];
export const PayoutAccountSchema = v.object({ status: v.picklist(PAYOUT_ACCOUNT_STATUSES) });
export type PayoutAccount = v.InferOutput<typeof PayoutAccountSchema>;
/**
 * The portal pages a consultant starts payout onboarding from, and is brought back to: Payments, or
 * the Payment Details step of their profile (user-area §4). Payments when not said.
 */
export const PAYOUT_RETURN_PAGES = ['payments', 'payment-details'] as const;
export type PayoutReturnPage = (typeof PAYOUT_RETURN_PAGES)[number];
/** `POST /api/users/payouts/connect` body. */
export const PayoutConnectInputSchema = v.object({
  returnTo: v.optional(v.picklist(PAYOUT_RETURN_PAGES)),
});
export type PayoutConnectInput = v.InferInput<typeof PayoutConnectInputSchema>;
/** `POST /api/users/payouts/connect`: where to send the consultant to onboard (the provider's page). */
export const PayoutAccountLinkSchema = v.object({ url: v.string() });
export type PayoutAccountLink = v.InferOutput<typeof PayoutAccountLinkSchema>;

/**
 * `POST /api/users/payment-method/setup-intent` (Stripe only): a SetupIntent's client secret for
 * Stripe Elements in the browser (the card number never reaches the API) and the publishable key
 * to load Stripe.js with. The confirmed PaymentMethod's id then goes to `POST /api/users/payment-method`.
 */
export const CardSetupSchema = v.object({ clientSecret: v.string(), publishableKey: v.string() });
export type CardSetup = v.InferOutput<typeof CardSetupSchema>;

// --- Appended by the payments server: the consultant's choice after a late cancellation. ---
/**
 * A franchisor cancelling within 24 hours of the start leaves the choice to the consultant
 * (admin-panel §1): `charge` the booked amount, or `reschedule` (the hold is released).
 */
export const LATE_CANCELLATION_DECISIONS = ['charge', 'reschedule'] as const;
export type LateCancellationDecision = (typeof LATE_CANCELLATION_DECISIONS)[number];
/** `POST /api/users/payments/{id}/late-cancellation`. */
export const LateCancellationDecisionInputSchema = v.object({
  decision: v.picklist(LATE_CANCELLATION_DECISIONS, 'Please choose charge or reschedule'),
});
export type LateCancellationDecisionInput = v.InferInput<
  typeof LateCancellationDecisionInputSchema
>;
/** A late cancellation waiting for the consultant (`GET /api/users/late-cancellations`). */
export const LateCancellationSchema = v.object({
  paymentId: v.string(),
  franchise: v.nullable(v.object({ id: v.string(), company: v.string() })),
  start: v.nullable(v.string()),
  /** The booked amount, dollars. */
  amount: v.number(),
  cancelledAt: v.string(),
  /** The cancelled meeting's length; null for a payment that does not keep it (charge only). */
  durationMinutes: v.nullable(v.number()),
  /** The starts proposed to the franchisor and not yet answered (rule 20), else null. */
  proposedStarts: v.nullable(v.array(v.string())),
});
export type LateCancellation = v.InferOutput<typeof LateCancellationSchema>;
export const LateCancellationListSchema = v.object({ data: v.array(LateCancellationSchema) });
export const LateCancellationResultSchema = v.object({
  result: v.picklist(['charged', 'failed', 'released']),
});
export type LateCancellationResult = v.InferOutput<typeof LateCancellationResultSchema>;
