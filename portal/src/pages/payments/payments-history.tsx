import {
  DEFAULT_PAGE_SIZE,
  PAYMENT_MEETING_STATUSES,
  type PaymentMeetingStatus,
  type PaymentRow,
} from '@fm/sdk/contracts';
import { formatDateTime, formatDollars } from '@fm/widgets/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { capitalise } from '../../features/payments/payments-format.ts';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';
import { TimeZoneLabel, useUserTimeZone } from '../../shared/user-time-zone.tsx';

const otherParty = (row: PaymentRow, isConsultant: boolean) =>
  isConsultant
    ? (row.franchise?.company ?? '—')
    : `${row.consultant.firstName} ${row.consultant.lastName}`;

/** The paged payment history: a franchisor's spend, a consultant's earnings with fee and share. */
export function PaymentsHistory({ isConsultant }: { isConsultant: boolean }) {
  const id = useId();
  const { zone } = useUserTimeZone();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PaymentMeetingStatus | ''>('');
  const query = useQuery({
    queryKey: queryKeys.payments.history(page, status),
    queryFn: () =>
      api.payments.listPayments({
        page,
        limit: DEFAULT_PAGE_SIZE,
        ...(status ? { status } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const list = query.isError ? null : (query.data ?? null);
  const pages = list ? Math.max(1, Math.ceil(list.total / list.limit)) : 1;

  return (
    <section className="payments-card" aria-labelledby={`${id}-title`}>
      <div className="payments-card__head">
        <h2 id={`${id}-title`} className="payments-card__title">
          {isConsultant ? 'Earnings history' : 'Payment history'}
        </h2>
        <label className="payments-filter">
          <span>Status</span>
          <select
            className="field__input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as PaymentMeetingStatus | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {PAYMENT_MEETING_STATUSES.map((value) => (
              <option key={value} value={value}>
                {capitalise(value)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TimeZoneLabel className="payments-card__zone" />
      <QueryLoadStatus
        query={query}
        loadingText="Loading payments…"
        loadingClassName="page__status"
      />
      {list && list.data.length === 0 ? (
        <p className="page__text" data-testid="payments-empty">
          No payments yet.
        </p>
      ) : null}
      {list && list.data.length > 0 ? (
        <div className="payments-table__scroll">
          <table className="payments-table" aria-label="Payments">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">{isConsultant ? 'Franchise' : 'Consultant'}</th>
                <th scope="col">Amount</th>
                {isConsultant ? (
                  <>
                    <th scope="col">Platform fee</th>
                    <th scope="col">Your share</th>
                  </>
                ) : null}
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((row) => (
                <tr key={row.id}>
                  <td className="payments-table__date">{formatDateTime(row.start, zone)}</td>
                  <td className="payments-table__party">{otherParty(row, isConsultant)}</td>
                  <td className="payments-table__amount">{formatDollars(row.amount, 'always')}</td>
                  {isConsultant ? (
                    <>
                      <td className="payments-table__labelled" data-label="Platform fee">
                        {formatDollars(row.platformFee, 'always')}
                      </td>
                      <td className="payments-table__labelled" data-label="Your share">
                        {formatDollars(row.consultantShare, 'always')}
                      </td>
                    </>
                  ) : null}
                  <td className="payments-table__status">
                    <span className={`status status--${row.status}`}>{capitalise(row.status)}</span>
                  </td>
                  <td className="payments-table__paid">
                    <span className={row.isPaid ? 'pill pill--success' : 'pill'}>
                      {row.isPaid ? 'Paid' : 'Unpaid'}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list && list.total > list.limit ? (
        <nav className="payments-pager" aria-label="Payments pages">
          <button
            type="button"
            className="button button--ghost"
            disabled={page <= 1 || query.isFetching}
            onClick={() => setPage((p) => p - 1)}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={page >= pages || query.isFetching}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
