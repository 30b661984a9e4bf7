import type { PaymentMethod } from '@fm/sdk/contracts';
import { ConfirmDialog } from '@fm/widgets/kit';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { CardForm } from './card-form.tsx';
import { paymentsConfig } from './payments-config.ts';
import { formatCardExpiry } from './payments-format.ts';
import { dataOf, errorMessage, useAsync } from './use-async.ts';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};
const brandName = (brand: string | null) => (brand ? (BRAND_NAMES[brand] ?? brand) : 'Card');

// Stripe.js and its form are a chunk of their own, fetched only in Stripe mode.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form.tsx').then((m) => ({ default: m.StripeCardForm })),
);

/** The form this server takes cards with: Stripe Elements in Stripe mode, else the test cards. */
function AddCardForm({ onAdded }: { onAdded: (method: PaymentMethod) => void }) {
  const [config] = useAsync('payments-config', paymentsConfig);
  const loaded = dataOf(config);
  if (!loaded) {
    return config.status === 'error' ? (
      <div className="form-alert" role="alert">
        {config.message}
      </div>
    ) : null;
  }
  if (loaded.provider === 'stripe') {
    return (
      <Suspense fallback={null}>
        <StripeCardForm onAdded={onAdded} />
      </Suspense>
    );
  }
  return <CardForm onAdded={onAdded} />;
}

/** A franchisor's saved cards: list, delete (after a confirm), make default, add. */
export function PaymentMethodsPanel() {
  const [state, reload] = useAsync('methods', () => api.payments.listPaymentMethods());
  const [toDelete, setToDelete] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const methods = dataOf(state);

  const remove = async () => {
    if (!toDelete) return;
    setBusy(toDelete.id);
    setActionError(null);
    try {
      await api.payments.deletePaymentMethod(toDelete.id);
      toast.success('Card removed');
      reload();
    } catch (error) {
      setActionError(errorMessage(error));
    } finally {
      setBusy(null);
      setToDelete(null);
    }
  };

  const makeDefault = async (method: PaymentMethod) => {
    setBusy(method.id);
    setActionError(null);
    try {
      await api.payments.setDefaultPaymentMethod(method.id);
      toast.success('Default card updated');
      reload();
    } catch (error) {
      setActionError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="payments-card" aria-labelledby="cards-heading">
      <h2 id="cards-heading" className="payments-card__title">
        Cards
      </h2>
      {state.status === 'error' ? (
        <div className="form-alert" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button button--ghost" onClick={reload}>
            Try again
          </button>
        </div>
      ) : null}
      {methods === null && state.status === 'loading' ? (
        <p className="page__status" role="status">
          Loading your cards…
        </p>
      ) : null}
      {methods !== null && methods.length === 0 ? (
        <p className="page__text" data-testid="no-cards">
          No card yet. Add a card to subscribe and book meetings.
        </p>
      ) : null}
      {methods && methods.length > 0 ? (
        <ul className="card-list" aria-label="Saved cards">
          {methods.map((method) => (
            <li key={method.id} className="card-list__item" data-testid="saved-card">
              <span className="card-list__brand">{brandName(method.brand)}</span>
              <span className="card-list__number">•••• {method.last4}</span>
              <span className="card-list__expiry">
                Expires {formatCardExpiry(method.expMonth, method.expYear)}
              </span>
              {method.isDefault ? <span className="badge">Default</span> : null}
              <span className="card-list__actions">
                {!method.isDefault ? (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy !== null}
                    onClick={() => void makeDefault(method)}
                  >
                    Make default
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy !== null}
                  onClick={() => setToDelete(method)}
                  aria-label={`Delete ${brandName(method.brand)} ending in ${method.last4}`}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {actionError ? (
        <div className="form-alert" role="alert">
          {actionError}
        </div>
      ) : null}
      <h3 className="payments-card__subtitle">Add a card</h3>
      <AddCardForm
        onAdded={(method) => {
          toast.success(`${brandName(method.brand)} •••• ${method.last4} added`);
          reload();
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete card"
        confirmLabel="Delete"
        pending={busy !== null}
        onConfirm={() => void remove()}
      >
        {toDelete
          ? `Delete ${brandName(toDelete.brand)} ending in ${toDelete.last4}?`
          : 'Delete this card?'}
      </ConfirmDialog>
    </section>
  );
}
