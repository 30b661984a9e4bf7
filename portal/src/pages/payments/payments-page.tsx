import {
  CONSULTANT_SHARE_PERCENT,
  PAYMENT_TOTAL_BUCKETS,
  type PaymentTotalBucket,
} from '@fm/sdk/contracts';
import { formatDollars } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';
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
  const totalsQuery = useQuery({
    queryKey: queryKeys.payments.totals,
    queryFn: () => api.payments.getTotals(),
  });
  const totals = totalsQuery.data ?? null;

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
      {isConsultant ? <LateCancellationsSection /> : null}
      <section className="payments-totals" aria-label="Totals">
        {totalsQuery.isError ? (
          <QueryLoadStatus query={totalsQuery} />
        ) : (
          PAYMENT_TOTAL_BUCKETS.map((bucket) => (
            <div key={bucket} className="payments-total" data-testid={`total-${bucket}`}>
              <span className="payments-total__label">{BUCKET_LABELS[bucket].title}</span>
              <span className="payments-total__value" aria-busy={totals === null}>
                {totals ? formatDollars(totals[bucket], 'always') : '…'}
              </span>
              <span className="payments-total__hint">{BUCKET_LABELS[bucket].hint}</span>
            </div>
          ))
        )}
      </section>
      <PaymentsChart title={isConsultant ? 'Earnings' : 'Spend'} />
      <PaymentsHistory isConsultant={isConsultant} />
      {isConsultant ? <PayoutsSection /> : null}
    </PageShell>
  );
}
