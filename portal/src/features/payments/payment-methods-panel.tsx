import type { PaymentMethod } from '@fm/sdk/contracts';
import { ConfirmDialog, FormAlert } from '@fm/widgets/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';
import { CardForm } from './card-form.tsx';
import { cardBrandName } from './card-rules.ts';
import { paymentsConfig } from './payments-config.ts';
import { formatCardExpiry } from './payments-format.ts';

// Stripe.js and its form are a chunk of their own, fetched only in Stripe mode.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form.tsx').then((m) => ({ default: m.StripeCardForm })),
);

/** The form this server takes cards with: Stripe Elements in Stripe mode, else the test cards. */
function AddCardForm({ onAdded }: { onAdded: (method: PaymentMethod) => void }) {
  const config = useQuery({ queryKey: queryKeys.payments.config, queryFn: paymentsConfig });
  const loaded = config.data;
  if (!loaded) {
    return config.isError ? (
      <div className="form-alert" role="alert">
        {errorMessage(config.error)}
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
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.payments.methods,
    queryFn: () => api.payments.listPaymentMethods(),
  });
  // The subscription screen reads the cards too (whether one is on file).
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.all });
  const [toDelete, setToDelete] = useState<PaymentMethod | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const methods = query.data ?? null;

  /** Deleting a card, or making it the default: one call, a toast, the cards read again. */
  const change = useMutation({
    mutationFn: async ({ method, kind }: { method: PaymentMethod; kind: 'delete' | 'default' }) => {
      if (kind === 'delete') await api.payments.deletePaymentMethod(method.id);
      else await api.payments.setDefaultPaymentMethod(method.id);
    },
    onMutate: () => setActionError(null),
    onSuccess: (_answer, { kind }) => {
      toast.success(kind === 'delete' ? 'Card removed' : 'Default card updated');
      void reload();
    },
    onError: (error) => setActionError(errorMessage(error)),
    onSettled: (_answer, _error, { kind }) => {
      if (kind === 'delete') setToDelete(null);
    },
  });
  const busy = change.isPending ? change.variables.method.id : null;

  const remove = () => {
    if (toDelete) change.mutate({ method: toDelete, kind: 'delete' });
  };
  const makeDefault = (method: PaymentMethod) => change.mutate({ method, kind: 'default' });

  return (
    <section className="payments-card" aria-labelledby="cards-heading">
      <h2 id="cards-heading" className="payments-card__title">
        Cards
      </h2>
      <QueryLoadStatus
        query={query}
        loadingText="Loading your cards…"
        loadingClassName="page__status"
      />
      {methods !== null && methods.length === 0 ? (
        <p className="page__text" data-testid="no-cards">
          No card yet. Add a card to subscribe and book meetings.
        </p>
      ) : null}
      {methods && methods.length > 0 ? (
        <ul className="card-list" aria-label="Saved cards">
          {methods.map((method) => (
            <li key={method.id} className="card-list__item" data-testid="saved-card">
              <span className="card-list__brand">{cardBrandName(method.brand)}</span>
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
                    onClick={() => makeDefault(method)}
                  >
                    Make default
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy !== null}
                  onClick={() => setToDelete(method)}
                  aria-label={`Delete ${cardBrandName(method.brand)} ending in ${method.last4}`}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <FormAlert message={actionError} />
      <h3 className="payments-card__subtitle">Add a card</h3>
      <AddCardForm
        onAdded={(method) => {
          toast.success(`${cardBrandName(method.brand)} •••• ${method.last4} added`);
          void reload();
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
        onConfirm={remove}
      >
        {toDelete
          ? `Delete ${cardBrandName(toDelete.brand)} ending in ${toDelete.last4}?`
          : 'Delete this card?'}
      </ConfirmDialog>
    </section>
  );
}
