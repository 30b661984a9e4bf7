import type { PaymentMeetingStatus, PaymentPaidState } from '@fm/sdk/contracts';
import { PAYMENT_MEETING_STATUSES, PAYMENT_PAID_STATES } from '@fm/sdk/contracts';
import { formatDateTime, formatDollars, StatusLabel } from '@fm/widgets/kit';
import { Link } from 'react-router';
import { ManualProcessingButton } from '../../actions/manual-processing-button.tsx';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { DownloadButton } from '../../tables/download-button.tsx';
import { ListPage, StatusFilter } from '../../tables/list-page.tsx';
import { listQuery } from '../../tables/table-query.ts';
import { FilterSelect } from '../../tables/table-toolbar.tsx';
import { useTableQuery } from '../../tables/use-table-query.ts';
import { statusOptions } from '../../ui/status-options.ts';

/** `/control-panel/payments`: what each meeting costs and whether it is paid; manual processing. */
export function PaymentsPage() {
  const table = useTableQuery({ extraKeys: ['paid'] });
  const query = listQuery(table.query);
  const filters = {
    ...query,
    status: query.status as PaymentMeetingStatus | undefined,
    paid: (table.extra.paid || undefined) as PaymentPaidState | undefined,
  };
  return (
    <ListPage
      title={PAGE_TITLES.payments}
      actions={<ManualProcessingButton />}
      table={table}
      queryKey="payments"
      filters={filters}
      load={(f) => adminApi.listPayments(f).then((r) => ({ rows: r.payments, total: r.total }))}
      toolbar={
        <>
          <StatusFilter
            table={table}
            label="Meeting status"
            options={statusOptions(PAYMENT_MEETING_STATUSES)}
          />
          <FilterSelect
            label="Payment"
            value={table.extra.paid ?? ''}
            options={statusOptions(PAYMENT_PAID_STATES)}
            onChange={(value) => table.setFilters({}, { paid: value })}
          />
          <DownloadButton
            download={() => {
              const { page: _page, limit: _limit, ...downloadFilters } = filters;
              return adminApi.downloadPayments(downloadFilters);
            }}
            failure={ADMIN_TOASTS.paymentsDownloadFailed}
          />
        </>
      }
      caption="Payments"
      rowKey={(p) => p.id}
      columns={[
        {
          key: 'start',
          header: 'Meeting',
          cell: (p) =>
            p.meetingId ? (
              <Link to={paths.booking(p.meetingId)}>{formatDateTime(p.start)}</Link>
            ) : (
              formatDateTime(p.start)
            ),
        },
        { key: 'franchise', header: 'Franchise', cell: (p) => p.franchise?.company ?? '—' },
        {
          key: 'consultant',
          header: 'Consultant',
          cell: (p) => `${p.consultant.firstName} ${p.consultant.lastName}`,
        },
        { key: 'amount', header: 'Amount', numeric: true, cell: (p) => formatDollars(p.amount) },
        {
          key: 'status',
          header: 'Meeting status',
          cell: (p) => <StatusLabel status={p.status} />,
        },
        {
          key: 'paid',
          header: 'Payment',
          cell: (p) => <StatusLabel status={p.paymentStatus} />,
        },
      ]}
    />
  );
}
