import { isHTTPError } from 'ky';
import {
  type AddPaymentMethodInput,
  AddPaymentMethodInputSchema,
  type CardSetup,
  CardSetupSchema,
  type GraphPeriod,
  type LateCancellation,
  type LateCancellationDecision,
  LateCancellationDecisionInputSchema,
  LateCancellationListSchema,
  type LateCancellationResult,
  LateCancellationResultSchema,
  OkSchema,
  OPERATIONS,
  type PaymentList,
  type PaymentListQuery,
  PaymentListQuerySchema,
  PaymentListSchema,
  type PaymentMethod,
  PaymentMethodListSchema,
  PaymentMethodSchema,
  type PaymentsGraph,
  PaymentsGraphQuerySchema,
  PaymentsGraphSchema,
  type PaymentTotals,
  PaymentTotalsSchema,
  type Payout,
  type PayoutAccount,
  type PayoutAccountLink,
  PayoutAccountLinkSchema,
  PayoutAccountSchema,
  type PayoutConnectInput,
  PayoutConnectInputSchema,
  PayoutListSchema,
  PromoCodeInputSchema,
  type PromoCodeResult,
  PromoCodeResultSchema,
  SubscribeInputSchema,
  type Subscription,
  SubscriptionSchema,
  type UpdatePaymentMethodInput,
} from './contracts/index.ts';
import { httpError, isApiError, networkError } from './errors.ts';
import { errorBodyText, type Http, type RequestOptions, withQuery } from './http.ts';
import { type PagedCall, paged } from './pagination.ts';
import { validateInput } from './validate-input.ts';

/**
 * Money: cards, the payments pages, the subscription and promo codes, payouts and their statements,
 * late cancellations, and the admin's manual charge run. Amounts are dollars (rule 10).
 *
 * @example
 * ```ts
 * await api.payments.addPaymentMethod({ paymentMethodId: 'pm_card_visa' });
 * const subscription = await api.payments.subscribe({ promoCode: 'EARLYACCESS' });
 * ```
 */
export interface PaymentsApi {
  /**
   * Saves a card (`POST users/payment-method`): a Stripe.js PaymentMethod id, or one of Stripe's
   * test ids in ledger mode. It becomes the default unless `makeDefault: false`; a new default card
   * retries declined charges. A declined card rejects with status 402, code `PAYMENT_DECLINED`.
   * @example const card = await api.payments.addPaymentMethod({ paymentMethodId: 'pm_card_visa' });
   */
  addPaymentMethod(input: AddPaymentMethodInput, options?: RequestOptions): Promise<PaymentMethod>;
  /**
   * The franchise's cards, the default first (`GET users/payment-method`).
   * @example const [card] = await api.payments.listPaymentMethods();
   */
  listPaymentMethods(options?: RequestOptions): Promise<PaymentMethod[]>;
  /**
   * Makes a saved card the franchise's default (`PATCH users/payment-method/{id}`): it pays the
   * subscription and the meetings from now on, and declined charges are retried on it.
   * @example const card = await api.payments.setDefaultPaymentMethod(cards[1].id);
   */
  setDefaultPaymentMethod(id: string, options?: RequestOptions): Promise<PaymentMethod>;
  /**
   * Removes a card (`DELETE users/payment-method/{id}`).
   * @example await api.payments.deletePaymentMethod(card.id);
   */
  deletePaymentMethod(id: string, options?: RequestOptions): Promise<void>;
  /**
   * One page of payments (`GET users/payments`): a franchisor's spend, a consultant's earnings.
   * @example const { data, total } = await api.payments.listPayments({ page: 2, status: 'completed' });
   */
  listPayments(
    query?: PaymentListQuery,
    options?: RequestOptions,
  ): PagedCall<PaymentList, PaymentList['data'][number]>;
  /**
   * FUTURE, PENDING and COMPLETED in dollars (`GET users/payments-total`).
   * @example const { COMPLETED } = await api.payments.getTotals();
   */
  getTotals(options?: RequestOptions): Promise<PaymentTotals>;
  /**
   * Charged money over a week, a month or a year (`GET users/payments-graph?period=`).
   * @example const { points } = await api.payments.getGraph('year');
   */
  getGraph(period?: GraphPeriod, options?: RequestOptions): Promise<PaymentsGraph>;
  /**
   * The franchise's subscription (`GET users/subscription`); `status: null` reads Unsubscribed.
   * @example const { label, price } = await api.payments.getSubscription();
   */
  getSubscription(options?: RequestOptions): Promise<Subscription>;
  /**
   * Checks a promo code (`POST users/validate-promo-code`): `valid`, the monthly price and a message.
   * @example const { valid, price } = await api.payments.validatePromoCode('EARLYACCESS');
   */
  validatePromoCode(promoCode: string, options?: RequestOptions): Promise<PromoCodeResult>;
  /**
   * Subscribes (`POST users/subscribe`): $497 a month for 12 months, $300 with the early-access
   * code. Needs a card (422); an invalid code rejects with 400 and `errors.promoCode`.
   * @example await api.payments.subscribe({ promoCode: 'EARLYACCESS' });
   */
  subscribe(
    input?: { promoCode?: string | undefined },
    options?: RequestOptions,
  ): Promise<Subscription>;
  /**
   * Cancels the subscription now (`POST users/unsubscribe`).
   * @example await api.payments.unsubscribe();
   */
  unsubscribe(options?: RequestOptions): Promise<Subscription>;
  /**
   * Resumes a canceled subscription (`POST users/reactivate-subscription`).
   * @example await api.payments.reactivateSubscription();
   */
  reactivateSubscription(options?: RequestOptions): Promise<Subscription>;
  /**
   * A consultant's monthly payouts (`GET users/payouts`).
   * @example const [latest] = await api.payments.listPayouts();
   */
  listPayouts(options?: RequestOptions): Promise<Payout[]>;
  /**
   * The consultant's payout account (`GET users/payouts/account`): `none`, `onboarding`, `ready`
   * (monthly payouts are transferred to it) or `restricted`.
   * @example const { status } = await api.payments.payoutAccount();
   */
  payoutAccount(options?: RequestOptions): Promise<PayoutAccount>;
  /**
   * Starts (or resumes) the consultant's payout onboarding (`POST users/payouts/connect`): send the
   * browser to `url` (Stripe's hosted onboarding; it comes back to `returnTo`, the payments page
   * unless said).
   * @example location.assign((await api.payments.connectPayoutAccount({ returnTo: 'payment-details' })).url);
   */
  connectPayoutAccount(
    input?: PayoutConnectInput,
    options?: RequestOptions,
  ): Promise<PayoutAccountLink>;
  /**
   * Stripe only: a SetupIntent to confirm a new card with Stripe Elements
   * (`POST users/payment-method/setup-intent`); then `addPaymentMethod` with the confirmed id.
   * @example const { clientSecret, publishableKey } = await api.payments.createCardSetup();
   */
  createCardSetup(options?: RequestOptions): Promise<CardSetup>;
  /**
   * A payout's statement as CSV text (`GET users/payouts/{id}/statement.csv`).
   * @example const csv = await api.payments.downloadPayoutStatement(payout.id);
   */
  downloadPayoutStatement(payoutId: string, options?: RequestOptions): Promise<string>;
  /**
   * Meetings a franchisor cancelled within 24 hours, waiting for the consultant's decision.
   * @example const pending = await api.payments.listLateCancellations();
   */
  listLateCancellations(options?: RequestOptions): Promise<LateCancellation[]>;
  /**
   * The consultant's decision on a late cancellation: `charge` or `reschedule` (release the hold).
   * @example await api.payments.resolveLateCancellation(item.paymentId, 'charge');
   */
  resolveLateCancellation(
    paymentId: string,
    decision: LateCancellationDecision,
    options?: RequestOptions,
  ): Promise<LateCancellationResult>;
}

const id = (value: string) => encodeURIComponent(value);

/**
 * Creates the payments calls on a transport.
 * @example const payments = createPaymentsApi(http);
 */
export function createPaymentsApi(http: Http): PaymentsApi {
  return {
    async addPaymentMethod(input, options) {
      const json = validateInput(
        'createPaymentMethod',
        OPERATIONS,
        AddPaymentMethodInputSchema,
        input,
      );
      return http.call(
        {
          operation: 'createPaymentMethod',
          texts: OPERATIONS,
          idempotent: true,
          method: 'post',
          path: 'users/payment-method',
          json,
          response: PaymentMethodSchema,
        },
        options,
      );
    },
    async listPaymentMethods(options) {
      const { data } = await http.call(
        {
          operation: 'fetchPaymentMethods',
          texts: OPERATIONS,
          method: 'get',
          path: 'users/payment-method',
          response: PaymentMethodListSchema,
        },
        options,
      );
      return data;
    },
    setDefaultPaymentMethod(methodId, options) {
      const json: UpdatePaymentMethodInput = { isDefault: true };
      return http.call(
        {
          operation: 'setDefaultPaymentMethod',
          texts: OPERATIONS,
          method: 'patch',
          path: `users/payment-method/${id(methodId)}`,
          json,
          response: PaymentMethodSchema,
        },
        options,
      );
    },
    async deletePaymentMethod(methodId, options) {
      await http.call(
        {
          operation: 'deletePaymentMethod',
          texts: OPERATIONS,
          method: 'delete',
          path: `users/payment-method/${id(methodId)}`,
          response: OkSchema,
        },
        options,
      );
    },
    listPayments(query = {}, options) {
      return paged(
        async (page) => {
          const q = page === undefined ? query : { ...query, page };
          validateInput('fetchPayments', OPERATIONS, PaymentListQuerySchema, q);
          return http.call(
            {
              operation: 'fetchPayments',
              texts: OPERATIONS,
              method: 'get',
              path: withQuery('users/payments', {
                page: q.page,
                limit: q.limit,
                status: q.status,
              }),
              response: PaymentListSchema,
            },
            options,
          );
        },
        (p) => p.data,
      );
    },
    getTotals(options) {
      return http.call(
        {
          operation: 'fetchPaymentsTotal',
          texts: OPERATIONS,
          method: 'get',
          path: 'users/payments-total',
          response: PaymentTotalsSchema,
        },
        options,
      );
    },
    async getGraph(period, options) {
      const query = validateInput('fetchPaymentsChart', OPERATIONS, PaymentsGraphQuerySchema, {
        period,
      });
      return http.call(
        {
          operation: 'fetchPaymentsChart',
          texts: OPERATIONS,
          method: 'get',
          path: withQuery('users/payments-graph', { period: query.period }),
          response: PaymentsGraphSchema,
        },
        options,
      );
    },
    getSubscription(options) {
      return http.call(
        {
          operation: 'fetchSubscription',
          texts: OPERATIONS,
          method: 'get',
          path: 'users/subscription',
          response: SubscriptionSchema,
        },
        options,
      );
    },
    async validatePromoCode(promoCode, options) {
      const json = validateInput('validatePromoCode', OPERATIONS, PromoCodeInputSchema, {
        promoCode,
      });
      return http.call(
        {
          operation: 'validatePromoCode',
          texts: OPERATIONS,
          method: 'post',
          path: 'users/validate-promo-code',
          json,
          response: PromoCodeResultSchema,
        },
        options,
      );
    },
    async subscribe(input = {}, options) {
      const filled = input.promoCode?.trim() ? { promoCode: input.promoCode } : {};
      const json = validateInput('subscribe', OPERATIONS, SubscribeInputSchema, filled);
      return http.call(
        {
          operation: 'subscribe',
          texts: OPERATIONS,
          idempotent: true,
          method: 'post',
          path: 'users/subscribe',
          json,
          response: SubscriptionSchema,
        },
        options,
      );
    },
    unsubscribe(options) {
      return http.call(
        {
          operation: 'unsubscribe',
          texts: OPERATIONS,
          method: 'post',
          path: 'users/unsubscribe',
          json: {},
          response: SubscriptionSchema,
        },
        options,
      );
    },
    reactivateSubscription(options) {
      return http.call(
        {
          operation: 'reactivateSubscription',
          texts: OPERATIONS,
          idempotent: true,
          method: 'post',
          path: 'users/reactivate-subscription',
          json: {},
          response: SubscriptionSchema,
        },
        options,
      );
    },
    async listPayouts(options) {
      const { data } = await http.call(
        {
          operation: 'fetchPayouts',
          texts: OPERATIONS,
          method: 'get',
          path: 'users/payouts',
          response: PayoutListSchema,
        },
        options,
      );
      return data;
    },
    payoutAccount(options) {
      return http.call(
        {
          operation: 'fetchPayoutAccount',
          texts: OPERATIONS,
          method: 'get',
          path: 'users/payouts/account',
          response: PayoutAccountSchema,
        },
        options,
      );
    },
    connectPayoutAccount(input, options) {
      const json = validateInput(
        'connectPayoutAccount',
        OPERATIONS,
        PayoutConnectInputSchema,
        input ?? {},
      );
      return http.call(
        {
          operation: 'connectPayoutAccount',
          texts: OPERATIONS,
          method: 'post',
          path: 'users/payouts/connect',
          json,
          response: PayoutAccountLinkSchema,
        },
        options,
      );
    },
    createCardSetup(options) {
      return http.call(
        {
          operation: 'createCardSetup',
          texts: OPERATIONS,
          method: 'post',
          path: 'users/payment-method/setup-intent',
          json: {},
          response: CardSetupSchema,
        },
        options,
      );
    },
    async downloadPayoutStatement(payoutId, options) {
      const operation = 'downloadPayoutStatement';
      try {
        return await http
          .ky(`users/payouts/${id(payoutId)}/statement.csv`, {
            ...(options?.signal ? { signal: options.signal } : {}),
            ...(options?.timeout !== undefined ? { timeout: options.timeout } : {}),
            headers: { ...options?.headers, accept: 'text/csv' },
          })
          .text();
      } catch (error) {
        if (isApiError(error)) throw error;
        if (isHTTPError(error)) {
          // ky has read the body into `data`; nothing readable gives the generic message.
          throw httpError(
            operation,
            OPERATIONS[operation],
            error.response.status,
            errorBodyText(error.data),
            error,
          );
        }
        throw networkError(operation, error);
      }
    },
    async listLateCancellations(options) {
      const { data } = await http.call(
        {
          operation: 'fetchLateCancellations',
          texts: OPERATIONS,
          method: 'get',
          path: 'users/late-cancellations',
          response: LateCancellationListSchema,
        },
        options,
      );
      return data;
    },
    async resolveLateCancellation(paymentId, decision, options) {
      const json = validateInput(
        'resolveLateCancellation',
        OPERATIONS,
        LateCancellationDecisionInputSchema,
        {
          decision,
        },
      );
      return http.call(
        {
          operation: 'resolveLateCancellation',
          texts: OPERATIONS,
          method: 'post',
          path: `users/payments/${id(paymentId)}/late-cancellation`,
          json,
          response: LateCancellationResultSchema,
        },
        options,
      );
    },
  };
}
