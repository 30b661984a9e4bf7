import type { BookingStatusInput } from '@fm/sdk/contracts';
import { BOOKING_STATUSES } from '@fm/sdk/contracts';
import { formatDateTime, formatDollars, StatusLabel } from '@fm/widgets/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { api } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { DownloadButton } from '../../tables/download-button.tsx';
import { ListTable } from '../../tables/list-table.tsx';
import { listQuery } from '../../tables/table-query.ts';
import { FilterSelect, TableToolbar } from '../../tables/table-toolbar.tsx';
import { useTableQuery } from '../../tables/use-table-query.ts';
import { Page } from '../../ui/page.tsx';
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
  const list = useQuery({
    queryKey: ['sessions', filters],
    queryFn: () => api.admin.listSessions(filters),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title={PAGE_TITLES.bookings}>
      <TableToolbar table={table}>
        <FilterSelect
          label={ADMIN_UI.status}
          value={table.query.status}
          options={statusOptions(BOOKING_STATUSES, BOOKING_STATUS_LABELS)}
          onChange={(value) => table.setFilters({ status: value })}
        />
        <DownloadButton
          download={() => {
            const { page: _page, limit: _limit, ...downloadFilters } = filters;
            return api.admin.downloadBookings(downloadFilters);
          }}
          failure={ADMIN_TOASTS.bookingsDownloadFailed}
        />
      </TableToolbar>
      <ListTable
        caption="Bookings"
        table={table}
        result={list.data ? { rows: list.data.sessions, total: list.data.total } : undefined}
        isPending={list.isPending}
        error={list.error}
        onRetry={list.refetch}
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
    </Page>
  );
}
