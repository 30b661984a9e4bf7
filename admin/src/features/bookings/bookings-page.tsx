import type { BookingStatusInput } from '@fm/sdk/contracts';
import { BOOKING_STATUSES } from '@fm/sdk/contracts';
import { formatDateTime, formatDollars, StatusLabel } from '@fm/widgets/kit';
import { Link } from 'react-router';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { DownloadButton } from '../../tables/download-button.tsx';
import { ListPage, StatusFilter } from '../../tables/list-page.tsx';
import { listQuery } from '../../tables/table-query.ts';
import { useTableQuery } from '../../tables/use-table-query.ts';
import { statusOptions } from '../../ui/status-options.ts';
import { BOOKING_STATUS_LABELS, completionText } from './booking-format.ts';

/** `/control-panel/bookings`: every meeting, filtered by search, status and dates (and by consultant or franchise from the URL). */
export function BookingsPage() {
  const table = useTableQuery({ extraKeys: ['consultantId', 'franchiseId'] });
  const query = listQuery(table.query);
  const filters = {
    ...query,
    status: query.status as BookingStatusInput | undefined,
    consultantId: table.extra.consultantId || undefined,
    franchiseId: table.extra.franchiseId || undefined,
  };
  return (
    <ListPage
      title={PAGE_TITLES.bookings}
      table={table}
      queryKey="sessions"
      filters={filters}
      load={(f) => adminApi.listSessions(f).then((r) => ({ rows: r.sessions, total: r.total }))}
      toolbar={
        <>
          <StatusFilter
            table={table}
            options={statusOptions(BOOKING_STATUSES, BOOKING_STATUS_LABELS)}
          />
          <DownloadButton
            download={() => {
              const { page: _page, limit: _limit, ...downloadFilters } = filters;
              return adminApi.downloadBookings(downloadFilters);
            }}
            failure={ADMIN_TOASTS.bookingsDownloadFailed}
          />
        </>
      }
      caption="Bookings"
      rowKey={(s) => s.id}
      columns={[
        {
          key: 'start',
          header: 'Date',
          cell: (s) => <Link to={paths.booking(s.id)}>{formatDateTime(s.start)}</Link>,
        },
        {
          key: 'consultant',
          header: 'Consultant',
          cell: (s) => `${s.consultant.firstName} ${s.consultant.lastName}`,
        },
        { key: 'franchise', header: 'Franchise', cell: (s) => s.franchise?.company ?? '—' },
        { key: 'duration', header: 'Duration', numeric: true, cell: (s) => `${s.duration} min` },
        { key: 'amount', header: 'Amount', numeric: true, cell: (s) => formatDollars(s.amount) },
        {
          key: 'status',
          header: 'Status',
          cell: (s) => <StatusLabel status={s.status} label={BOOKING_STATUS_LABELS[s.status]} />,
        },
        { key: 'completed', header: 'Completed', cell: (s) => completionText(s) },
      ]}
    />
  );
}
