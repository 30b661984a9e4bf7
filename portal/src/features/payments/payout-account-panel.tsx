import type { PayoutAccountStatus, PayoutReturnPage } from '@fm/sdk/contracts';
import { FormAlert } from '@fm/widgets/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';

const TEXTS: Record<PayoutAccountStatus, { text: string; action: string }> = {
  none: {
    text: 'Connect a payout account to receive your monthly payouts directly. Until then, payouts wait to be paid by ACH.',
    action: 'Connect payout account',
  },
  onboarding: {
    text: 'Your payout account is not finished yet. Complete the setup to receive payouts.',
    action: 'Finish setup',
  },
  restricted: {
    text: 'Stripe needs more information before it can send your payouts.',
    action: 'Update payout details',
  },
  ready: {
    text: 'Your payout account is connected. Monthly payouts are transferred to it.',
    action: 'Update payout details',
  },
};

/**
 * The consultant's payout account (Stripe Connect, decision 016): its status, and a button that
 * asks the API for an onboarding link and goes there (Stripe's hosted pages; with the built-in
 * provider the link leads straight back, the account ready). Stripe sends the browser back to the
 * page it was opened on (`returnTo`: Payments, or the profile's Payment Details) with
 * `?payouts=return`, or `?payouts=refresh` when the link expired — then a new one is requested at
 * once.
 *
 * @example
 * ```tsx
 * <PayoutAccountPanel returnTo="payment-details" />
 * ```
 */
export function PayoutAccountPanel({ returnTo = 'payments' }: { returnTo?: PayoutReturnPage }) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.payments.payoutAccount,
    queryFn: () => api.payments.payoutAccount(),
  });
  // Back from Stripe: the account, and the payouts that waited for it, are read again.
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.payments.all });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = query.data?.status ?? null;

  const connect = async () => {
    setPending(true);
    setError(null);
    try {
      const { url } = await api.payments.connectPayoutAccount({ returnTo });
      window.location.assign(url);
    } catch (caught) {
      setError(errorMessage(caught));
      setPending(false);
    }
  };

  const back = params.get('payouts');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the return from Stripe only.
  useEffect(() => {
    if (!back) return;
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        next.delete('payouts');
        return next;
      },
      { replace: true },
    );
    if (back === 'refresh') void connect();
    else reload();
  }, [back]);

  return (
    <div className="payout-account" data-testid="payout-account" data-status={status ?? undefined}>
      <QueryLoadStatus query={query} />
      {status ? (
        <>
          <p className="page__text">{TEXTS[status].text}</p>
          <button
            type="button"
            className={status === 'ready' ? 'button button--ghost' : 'button button--primary'}
            disabled={pending}
            aria-busy={pending}
            onClick={() => void connect()}
          >
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            {TEXTS[status].action}
          </button>
        </>
      ) : null}
      <FormAlert message={error} />
    </div>
  );
}
