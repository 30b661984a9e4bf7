import { isApiError } from '@fm/sdk';
import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  EARLY_ACCESS_PRICE_CENTS,
  EARLY_ACCESS_PROMO_CODE,
  type PromoCodeResult,
  paidPeriodLeft,
  SUBSCRIPTION_PRICE_CENTS,
  SUBSCRIPTION_TERM_MONTHS,
  type Subscription,
} from '@fm/sdk/contracts';
import { ConfirmDialog, FormAlert, formatDate } from '@fm/widgets/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatMonthlyPrice } from '../../features/payments/payments-format.ts';
import { api } from '../../shared/api-client.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';
import { useSession } from '../../shared/session.ts';
import { PageShell } from '../page-shell.tsx';
import { BACK_TO_PROFILE, sectionPath } from './my-profile-sections.ts';

const LIST_PRICE = SUBSCRIPTION_PRICE_CENTS / 100;
const EARLY_PRICE = EARLY_ACCESS_PRICE_CENTS / 100;

interface SubscriptionData {
  subscription: Subscription;
  hasCard: boolean;
}

/**
 * `/my-profile/subscription` (franchisors): the plan, its status and price, a promo code, and the
 * Subscribe / Unsubscribe / Reactivate actions of user-area §4 (rule 11).
 */
export function SubscriptionPage() {
  const session = useSession();
  return (
    <PageShell title="Subscription" backTo={BACK_TO_PROFILE} className="payments">
      {session?.role === 'franchisor' ? (
        <SubscriptionPanel />
      ) : (
        <p className="page__text">
          Consultants pay no monthly fee. Subscriptions are for franchisors.
        </p>
      )}
    </PageShell>
  );
}

function SubscriptionPanel() {
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.payments.subscription,
    queryFn: async (): Promise<SubscriptionData> => {
      const [subscription, methods] = await Promise.all([
        api.payments.getSubscription(),
        api.payments.listPaymentMethods(),
      ]);
      return { subscription, hasCard: methods.length > 0 };
    },
  });
  const [promoCode, setPromoCode] = useState('');
  const [promo, setPromo] = useState<{ code: string; result: PromoCodeResult } | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [pending, setPending] = useState<
    'promo' | 'subscribe' | 'unsubscribe' | 'reactivate' | null
  >(null);
  const [confirmUnsubscribe, setConfirmUnsubscribe] = useState(false);

  const loaded = query.data;
  if (query.isError || !loaded) {
    return (
      <QueryLoadStatus
        query={query}
        loadingText="Loading your subscription…"
        loadingClassName="page__status"
      />
    );
  }
  const subscription = loaded.subscription;

  const status = subscription.status;
  const isLive = status !== null && ACTIVE_SUBSCRIPTION_STATUSES.includes(status);
  const appliedPrice = promo?.result.valid ? promo.result.price : null;
  const price = isLive || status === 'canceled' ? subscription.price : (appliedPrice ?? LIST_PRICE);
  // A canceled month already paid for: reactivating before its end bills nothing more (rule 11).
  const paidUntil = status === 'canceled' || isLive ? paidPeriodOf(subscription, new Date()) : null;

  const afterChange = (next: Subscription, message: string) => {
    queryClient.setQueryData<SubscriptionData>(queryKeys.payments.subscription, (before) =>
      before ? { ...before, subscription: next } : before,
    );
    toast.success(message);
    // The subscription prompts and the Start Booking Calls banner read the own profile.
    void queryClient.invalidateQueries({ queryKey: queryKeys.ownProfile });
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments.subscription });
  };

  const run = async (
    kind: 'subscribe' | 'unsubscribe' | 'reactivate',
    call: () => Promise<Subscription>,
    message: string,
  ) => {
    setPending(kind);
    setActionError(null);
    try {
      afterChange(await call(), message);
    } catch (error) {
      const promoField = isApiError(error) ? error.errors?.promoCode : undefined;
      if (promoField) setPromoError(promoField);
      setActionError(errorMessage(error));
    } finally {
      setPending(null);
      setConfirmUnsubscribe(false);
    }
  };

  const applyPromo = async (event: FormEvent) => {
    event.preventDefault();
    setPromoError(null);
    setPromo(null);
    setPending('promo');
    try {
      const result = await api.payments.validatePromoCode(promoCode);
      setPromo({ code: promoCode.trim().toUpperCase(), result });
      if (!result.valid) setPromoError(result.message);
    } catch (error) {
      const field = isApiError(error) ? error.errors?.promoCode : undefined;
      setPromoError(field ?? errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="subscription">
      <section className="payments-card" aria-labelledby={`${id}-plan`}>
        <h2 id={`${id}-plan`} className="payments-card__title">
          Franchisor plan
        </h2>
        <dl className="subscription__facts">
          <div>
            <dt>Status</dt>
            <dd data-testid="subscription-status">{subscription.label}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd data-testid="subscription-price">
              {price !== null ? formatMonthlyPrice(price) : formatMonthlyPrice(LIST_PRICE)}
            </dd>
          </div>
          <div>
            <dt>Term</dt>
            <dd>{SUBSCRIPTION_TERM_MONTHS} months</dd>
          </div>
          {subscription.promoCode ? (
            <div>
              <dt>Promo code</dt>
              <dd>{subscription.promoCode}</dd>
            </div>
          ) : null}
          {subscription.currentPeriodEnd ? (
            <div>
              <dt>{status === 'canceled' ? 'Paid until' : 'Current period ends'}</dt>
              <dd>{formatDate(subscription.currentPeriodEnd)}</dd>
            </div>
          ) : null}
          {subscription.termEndsAt ? (
            <div>
              <dt>Term ends</dt>
              <dd>{formatDate(subscription.termEndsAt)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="page__text">
          {formatMonthlyPrice(LIST_PRICE)} on a {SUBSCRIPTION_TERM_MONTHS}-month term, or{' '}
          {formatMonthlyPrice(EARLY_PRICE)} with an early-access promo code. The subscription lets
          you book meetings and message consultants.
        </p>
      </section>

      {status === null ? (
        <section className="payments-card" aria-labelledby={`${id}-subscribe`}>
          <h2 id={`${id}-subscribe`} className="payments-card__title">
            Subscribe
          </h2>
          <form
            className="form promo-form"
            aria-label="Apply a promo code"
            noValidate
            onSubmit={applyPromo}
          >
            <div className="field" data-invalid={promoError ? '' : undefined}>
              <label className="field__label" htmlFor={`${id}-promo`}>
                Promo code <span className="field__optional">(optional)</span>
              </label>
              <div className="promo-form__row">
                <input
                  className="field__input"
                  id={`${id}-promo`}
                  value={promoCode}
                  placeholder={EARLY_ACCESS_PROMO_CODE}
                  onChange={(event) => {
                    setPromoCode(event.target.value);
                    setPromo(null);
                    setPromoError(null);
                  }}
                  aria-invalid={promoError ? true : undefined}
                  aria-describedby={`${id}-promo-message`}
                />
                <button
                  type="submit"
                  className="button button--secondary"
                  disabled={pending !== null || promoCode.trim() === ''}
                >
                  Apply
                </button>
              </div>
              <p
                className={promoError ? 'field__error' : 'field__hint promo-form__ok'}
                id={`${id}-promo-message`}
                aria-live="polite"
              >
                {promoError ??
                  (promo?.result.valid
                    ? `${promo.result.message} — ${formatMonthlyPrice(promo.result.price)}`
                    : '')}
              </p>
            </div>
          </form>
          {loaded.hasCard ? (
            <button
              type="button"
              className="button button--primary"
              disabled={pending !== null}
              aria-busy={pending === 'subscribe'}
              onClick={() =>
                void run(
                  'subscribe',
                  () =>
                    api.payments.subscribe(promo?.result.valid ? { promoCode: promo.code } : {}),
                  'Subscription activated',
                )
              }
            >
              Subscribe for {formatMonthlyPrice(appliedPrice ?? LIST_PRICE)}
            </button>
          ) : (
            <p className="page__text" data-testid="needs-card">
              Add a card before subscribing.{' '}
              <Link to={sectionPath('payment-details')}>Go to Payment Details</Link>
            </p>
          )}
        </section>
      ) : null}

      <FormAlert message={actionError} />

      <div className="subscription__actions">
        {isLive ? (
          <button
            type="button"
            className="button button--danger"
            disabled={pending !== null}
            onClick={() => setConfirmUnsubscribe(true)}
          >
            Unsubscribe
          </button>
        ) : null}
        {status === 'canceled' && paidUntil ? (
          <p className="page__text" data-testid="paid-period-left">
            Booking and messaging are off. Reactivate by {formatDate(paidUntil)} at no charge: this
            month is already paid.
          </p>
        ) : null}
        {status === 'canceled' ? (
          loaded.hasCard ? (
            <button
              type="button"
              className="button button--primary"
              disabled={pending !== null}
              aria-busy={pending === 'reactivate'}
              onClick={() =>
                void run(
                  'reactivate',
                  () => api.payments.reactivateSubscription(),
                  'Subscription reactivated',
                )
              }
            >
              Reactivate
            </button>
          ) : (
            <p className="page__text">
              Add a card to reactivate.{' '}
              <Link to={sectionPath('payment-details')}>Go to Payment Details</Link>
            </p>
          )
        ) : null}
      </div>

      <ConfirmDialog
        open={confirmUnsubscribe}
        onOpenChange={setConfirmUnsubscribe}
        title="Unsubscribe"
        confirmLabel="Unsubscribe"
        pending={pending === 'unsubscribe'}
        onConfirm={() =>
          void run('unsubscribe', () => api.payments.unsubscribe(), 'Subscription canceled')
        }
      >
        Your subscription ends now: you will no longer be able to book meetings or message
        consultants. You can reactivate it later
        {paidUntil
          ? `, at no charge until ${formatDate(paidUntil)}: this month is already paid.`
          : '.'}
      </ConfirmDialog>
    </div>
  );
}

/** The paid month a canceled subscription keeps, as the API's ISO dates give it. */
function paidPeriodOf(subscription: Subscription, now: Date): string | null {
  const date = (iso: string | null) => (iso ? new Date(iso) : null);
  const left = paidPeriodLeft(
    {
      currentPeriodEnd: date(subscription.currentPeriodEnd),
      termEndsAt: date(subscription.termEndsAt),
    },
    now,
  );
  return left ? left.toISOString() : null;
}
