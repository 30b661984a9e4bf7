import type { AdminUserRow } from '@fm/sdk/contracts';
import { ADMIN_USER_STATUS_FILTERS, TAG_DISPLAY_LIMITS } from '@fm/sdk/contracts';
import { CappedTags, type Column, formatDollars, StatusLabel } from '@fm/widgets/kit';
import { Link } from 'react-router';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { DownloadButton } from '../../tables/download-button.tsx';
import { ListPage, StatusFilter } from '../../tables/list-page.tsx';
import { listQuery } from '../../tables/table-query.ts';
import { useTableQuery } from '../../tables/use-table-query.ts';
import { statusOptions } from '../../ui/status-options.ts';

const COLUMNS: readonly Column<AdminUserRow>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (user) => (
      <Link to={paths.consultant(user.id)}>
        {user.firstName} {user.lastName}
      </Link>
    ),
  },
  { key: 'email', header: 'Email', cell: (user) => user.email },
  {
    key: 'industries',
    header: 'Industries',
    cell: (user) => (
      <CappedTags
        label="Industries"
        tags={user.industrySpecialty}
        limit={TAG_DISPLAY_LIMITS.industries}
      />
    ),
  },
  {
    key: 'regions',
    header: 'Regions',
    cell: (user) => (
      <CappedTags label="Regions" tags={user.region} limit={TAG_DISPLAY_LIMITS.regions} />
    ),
  },
  {
    key: 'rate',
    header: 'Rate (15 min)',
    numeric: true,
    cell: (user) => (user.rate === null ? '—' : formatDollars(user.rate)),
  },
  { key: 'status', header: 'Status', cell: (user) => <StatusLabel status={user.displayStatus} /> },
];

/** `/control-panel/consultants`: every consultant, hidden, deactivated and deleted ones too. */
export function ConsultantsPage() {
  const table = useTableQuery();
  const query = listQuery(table.query);
  const filters = {
    ...query,
    status: query.status as (typeof ADMIN_USER_STATUS_FILTERS)[number] | undefined,
  };
  return (
    <ListPage
      title={PAGE_TITLES.consultants}
      actions={
        <Link className="button button--primary" to={paths.consultantCreate}>
          {ADMIN_UI.createConsultant}
        </Link>
      }
      table={table}
      queryKey="consultants"
      filters={filters}
      load={(f) =>
        adminApi
          .listUsers({ role: 'consultant', ...f })
          .then((r) => ({ rows: r.users, total: r.total }))
      }
      toolbar={
        <>
          <StatusFilter table={table} options={statusOptions(ADMIN_USER_STATUS_FILTERS)} />
          <DownloadButton
            download={() => {
              const { page: _page, limit: _limit, ...downloadFilters } = filters;
              return adminApi.downloadConsultants(downloadFilters);
            }}
            failure={ADMIN_TOASTS.downloadFailed}
          />
        </>
      }
      caption="Consultants"
      columns={COLUMNS}
      rowKey={(user) => user.id}
    />
  );
}
