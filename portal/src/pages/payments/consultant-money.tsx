import type { LateCancellation, LateCancellationDecision, Payout } from '@fm/sdk/contracts';
import { FormAlert, formatDate, formatDateTime, formatDollars } from '@fm/widgets/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { capitalise } from '../../features/payments/payments-format.ts';
import { PayoutAccountPanel } from '../../features/payments/payout-account-panel.tsx';
import { api } from '../../shared/api-client.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';
import { payoutsWaitingText } from './payouts-waiting.ts';

/** Saves text as a file through a temporary object URL. */
function saveText(text: string, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * One action at a time on a row of a list: `pending` names the row whose action runs (the
 * buttons wait meanwhile), and a failure shows as `error` until the next action starts.
 */
function useRowAction() {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (rowId: string, action: () => Promise<void>) => {
    setPending(rowId);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(null);
    }
  };
  return { pending, error, run };
}

/**
 * A consultant's monthly payouts (ACH), each with its CSV statement, and what still waits for the
 * payout account.
 */
export function PayoutsSection() {
  const query = useQuery({
    queryKey: queryKeys.payments.payouts,
    queryFn: async () => {
      // The account first: reading it pays what waited if it has just become ready, so the list
      // read after it is current. Its own failure is the account panel's to show.
      const account = await api.payments.payoutAccount().then(
        (a) => a.status,
        () => null,
      );
      return { account, payouts: await api.payments.listPayouts() };
    },
  });
  const { pending: downloading, error, run } = useRowAction();
  const loaded = query.isError ? null : (query.data ?? null);
  const payouts = loaded?.payouts ?? null;
  const waiting = loaded ? payoutsWaitingText(loaded.payouts, loaded.account) : null;

  const download = (payout: Payout) =>
    run(payout.id, async () => {
      const csv = await api.payments.downloadPayoutStatement(payout.id);
      saveText(csv, `payout-statement-${payout.period}.csv`, 'text/csv');
    });

  return (
    <section className="payments-card" aria-labelledby="payouts-heading">
      <h2 id="payouts-heading" className="payments-card__title">
        Payouts
      </h2>
      <p className="page__text">Payouts are made monthly by ACH to the account on file.</p>
      {waiting ? (
        <p className="page__text" data-testid="payouts-waiting">
          {waiting}
        </p>
      ) : null}
      <PayoutAccountPanel />
      <QueryLoadStatus
        query={query}
        loadingText="Loading payouts…"
        loadingClassName="page__status"
      />
      {payouts && payouts.length === 0 ? <p className="page__text">No payouts yet.</p> : null}
      {payouts && payouts.length > 0 ? (
        <div className="payments-table__scroll">
          <table className="payments-table" aria-label="Payouts">
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Statement</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((payout) => (
                <tr key={payout.id}>
                  <td>{payout.period}</td>
                  <td>{formatDollars(payout.amount, 'always')}</td>
                  <td>{capitalise(payout.status)}</td>
                  <td>{formatDate(payout.createdAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={downloading !== null}
                      aria-busy={downloading === payout.id}
                      onClick={() => void download(payout)}
                    >
                      Download statement
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <FormAlert message={error} />
    </section>
  );
}

/**
 * Meetings a franchisor cancelled within 24 hours: the consultant decides to charge the booked
 * amount or to reschedule (admin-panel §1). Hidden when there are none.
 */
export function LateCancellationsSection() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.payments.lateCancellations,
    queryFn: () => api.payments.listLateCancellations(),
  });
  const { pending: busy, error, run } = useRowAction();
  const items = query.data ?? null;

  if (query.isError) return <QueryLoadStatus query={query} />;
  if (!items || items.length === 0) return null;

  const decide = (item: LateCancellation, decision: LateCancellationDecision) =>
    run(item.paymentId, async () => {
      const { result } = await api.payments.resolveLateCancellation(item.paymentId, decision);
      if (result === 'failed') toast.error("The franchisor's card was declined");
      else
        toast.success(result === 'charged' ? 'Meeting charged' : 'Meeting released to reschedule');
      // The totals, the history and the list itself change with the decision.
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments.all });
    });

  return (
    <section className="payments-card payments-card--attention" aria-labelledby="late-heading">
      <h2 id="late-heading" className="payments-card__title">
        Late cancellations awaiting your decision
      </h2>
      <p className="page__text">
        These meetings were cancelled less than 24 hours before the start. Charge the booked amount
        or let the franchisor reschedule.
      </p>
      <ul className="late-list">
        {items.map((item) => (
          <li key={item.paymentId} className="late-list__item">
            <span>
              <strong>{item.franchise?.company ?? 'A franchise'}</strong> ·{' '}
              {formatDateTime(item.start)} · {formatDollars(item.amount, 'always')}
            </span>
            <span className="late-list__actions">
              <button
                type="button"
                className="button button--primary"
                disabled={busy !== null}
                onClick={() => void decide(item, 'charge')}
              >
                Charge
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy !== null}
                onClick={() => void decide(item, 'reschedule')}
              >
                Reschedule
              </button>
            </span>
          </li>
        ))}
      </ul>
      <FormAlert message={error} />
    </section>
  );
}
