import {
  CONSULTANT_SHARE_PERCENT,
  PAYMENT_TOTAL_BUCKETS,
  type PaymentTotalBucket,
} from '@fm/sdk/contracts';
import { useState } from 'react';
import { formatMoney } from '../../features/payments/payments-format.ts';
import { dataOf, useAsync } from '../../features/payments/use-async.ts';
import { api } from '../../shared/api-client.ts';
import { useSession } from '../../shared/session.ts';
import { PageShell } from '../page-shell.tsx';
import { LateCancellationsSection, PayoutsSection } from './consultant-money.tsx';
import { PaymentsChart } from './payments-chart.tsx';
import { PaymentsHistory } from './payments-history.tsx';

const BUCKET_LABELS: Record<PaymentTotalBucket, { title: string; hint: string }> = {
  FUTURE: { title: 'Future', hint: 'Meetings still ahead' },
  PENDING: { title: 'Pending', hint: 'Held or awaiting the weekly charge' },
  COMPLETED: { title: 'Completed', hint: 'Charged' },
};

/** `/payments` (both roles): totals, the chart by period and the paged history (user-area §3). */
export function PaymentsPage() {
  const session = useSession();
  const isConsultant = session?.role === 'consultant';
  const [version, setVersion] = useState(0);
  const [totalsState, reloadTotals] = useAsync(`totals/${version}`, () => api.payments.getTotals());
  const totals = dataOf(totalsState);

  return (
    <PageShell
      title="Payments"
      lead={
        isConsultant
          ? `Your earnings: ${CONSULTANT_SHARE_PERCENT}% of each completed meeting, paid monthly by ACH.`
          : 'Your spend on meetings with consultants.'
      }
      className="payments"
    >
      {isConsultant ? (
        <LateCancellationsSection onResolved={() => setVersion((v) => v + 1)} />
      ) : null}
      <section className="payments-totals" aria-label="Totals">
        {totalsState.status === 'error' ? (
          <div className="form-alert" role="alert">
            <p>{totalsState.message}</p>
            <button type="button" className="button button--ghost" onClick={reloadTotals}>
              Try again
            </button>
          </div>
        ) : (
          PAYMENT_TOTAL_BUCKETS.map((bucket) => (
            <div key={bucket} className="payments-total" data-testid={`total-${bucket}`}>
              <span className="payments-total__label">{BUCKET_LABELS[bucket].title}</span>
              <span className="payments-total__value" aria-busy={totals === null}>
                {totals ? formatMoney(totals[bucket]) : '…'}
              </span>
              <span className="payments-total__hint">{BUCKET_LABELS[bucket].hint}</span>
            </div>
          ))
        )}
      </section>
      <PaymentsChart title={isConsultant ? 'Earnings' : 'Spend'} />
      <PaymentsHistory key={version} isConsultant={isConsultant} />
      {isConsultant ? <PayoutsSection /> : null}
    </PageShell>
  );
}
