import {
  DISPUTE_REASON_LABELS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  type DisputeStatus,
} from '@fm/sdk/contracts';
import { formatCents, formatDateTime, StatusLabel } from '@fm/widgets/kit';
import { Link } from 'react-router';
import { adminApi } from '../../api/client.ts';
import { DownloadButton } from '../../tables/download-button.tsx';
import { ListPage, StatusFilter } from '../../tables/list-page.tsx';
import { listQuery } from '../../tables/table-query.ts';
import { useTableQuery } from '../../tables/use-table-query.ts';
import { statusOptions } from '../../ui/status-options.ts';
import { DISPUTE_PAGE_TITLES, DISPUTE_TOASTS, disputePaths } from './dispute-paths.ts';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** `/control-panel/disputes` (rule 20): every dispute, filtered by search, status and dates in the URL. */
export function DisputesPage() {
  const table = useTableQuery();
  const query = listQuery(table.query);
  const filters = { ...query, status: query.status as DisputeStatus | undefined };
  return (
    <ListPage
      title={DISPUTE_PAGE_TITLES.list}
      table={table}
      queryKey="disputes"
      filters={filters}
      load={(f) => adminApi.listDisputes(f).then((r) => ({ rows: r.disputes, total: r.total }))}
      toolbar={
        <>
          <StatusFilter
            table={table}
            options={statusOptions(DISPUTE_STATUSES, DISPUTE_STATUS_LABELS)}
          />
          <DownloadButton
            download={() => {
              const { page: _page, limit: _limit, ...downloadFilters } = filters;
              return adminApi.downloadDisputes(downloadFilters);
            }}
            failure={DISPUTE_TOASTS.downloadFailed}
          />
        </>
      }
      caption="Disputes"
      rowKey={(d) => d.id}
      columns={[
        {
          key: 'opened',
          header: 'Opened',
          cell: (d) => <Link to={disputePaths.detail(d.id)}>{formatDateTime(d.createdAt)}</Link>,
        },
        { key: 'franchise', header: 'Franchise', cell: (d) => d.franchise?.company ?? '—' },
        { key: 'franchisor', header: 'Franchisor', cell: (d) => fullName(d.franchisor) },
        { key: 'consultant', header: 'Consultant', cell: (d) => fullName(d.consultant) },
        { key: 'reason', header: 'Reason', cell: (d) => DISPUTE_REASON_LABELS[d.reason] },
        {
          key: 'charged',
          header: 'Charged',
          numeric: true,
          cell: (d) => formatCents(d.chargedCents),
        },
        {
          key: 'refunded',
          header: 'Refunded',
          numeric: true,
          cell: (d) => formatCents(d.refundCents),
        },
        {
          key: 'status',
          header: 'Status',
          cell: (d) => <StatusLabel status={d.status} label={DISPUTE_STATUS_LABELS[d.status]} />,
        },
      ]}
    />
  );
}
