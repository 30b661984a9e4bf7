import {
  type LateCancellation,
  type LateCancellationDecision,
  type Payout,
  RESCHEDULE_TEXT,
} from '@fm/sdk/contracts';
import { RescheduleDialog, todayIn } from '@fm/widgets';
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
import { useSession } from '../../shared/session.ts';
import { useUserTimeZone } from '../../shared/user-time-zone.tsx';
import { asTimeZone, daySlots, describeFailure } from '../bookings/meeting-reschedule.tsx';
import { payoutsWaitingText } from './payouts-waiting.ts';

/** What the late cancellations say beyond the buttons (rule 20). */
const LATE_TEXT = {
  waiting: 'New times proposed: waiting for the franchisor’s answer',
} as const;

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
  const [proposing, setProposing] = useState<LateCancellation | null>(null);
  const consultantId = useSession()?.user.id ?? '';
  // The consultant's own slots, read and shown in its zone.
  const zone = asTimeZone(useUserTimeZone().zone);
  const items = query.data ?? null;

  if (query.isError) return <QueryLoadStatus query={query} />;
  if (!items || items.length === 0) return null;

  const propose = async (item: LateCancellation, starts: string[]) => {
    await api.reschedules.proposeAfterLateCancellation(item.paymentId, { starts });
    toast.success(RESCHEDULE_TEXT.proposed);
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments.lateCancellations });
  };

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
        or propose new times to the franchisor.
      </p>
      <ul className="late-list">
        {items.map((item) => (
          <li key={item.paymentId} className="late-list__item">
            <span>
              <strong>{item.franchise?.company ?? 'A franchise'}</strong> ·{' '}
              {formatDateTime(item.start, zone)} · {formatDollars(item.amount, 'always')}
            </span>
            <span className="late-list__actions">
              {item.proposedStarts ? (
                <span role="status">{LATE_TEXT.waiting}</span>
              ) : (
                <>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy !== null}
                    onClick={() => void decide(item, 'charge')}
                  >
                    Charge
                  </button>
                  {item.durationMinutes ? (
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={busy !== null}
                      onClick={() => setProposing(item)}
                    >
                      {RESCHEDULE_TEXT.action}
                    </button>
                  ) : null}
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      <FormAlert message={error} />
      {proposing?.durationMinutes ? (
        <RescheduleDialog
          open
          onOpenChange={(open) => {
            if (!open) setProposing(null);
          }}
          timeZone={zone}
          currentStart={proposing.start ?? new Date().toISOString()}
          firstDate={todayIn(zone, Date.now())}
          loadSlots={(date) => daySlots(consultantId, date, zone, proposing.durationMinutes ?? 0)}
          describeError={describeFailure}
          onPropose={(starts) => propose(proposing, starts)}
        />
      ) : null}
    </section>
  );
}
