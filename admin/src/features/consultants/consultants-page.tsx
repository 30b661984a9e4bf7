import { ADMIN_USER_STATUS_FILTERS, TAG_DISPLAY_LIMITS } from '@fm/sdk/contracts';
import { CappedTags, formatDollars, StatusLabel } from '@fm/widgets/kit';
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

/** `/control-panel/consultants`: every consultant, hidden, deactivated and deleted ones too. */
export function ConsultantsPage() {
  const table = useTableQuery();
  const query = listQuery(table.query);
  const status = query.status as (typeof ADMIN_USER_STATUS_FILTERS)[number] | undefined;
  const list = useQuery({
    queryKey: ['consultants', query],
    queryFn: () => api.admin.listUsers({ role: 'consultant', ...query, status }),
    placeholderData: keepPreviousData,
  });
  return (
    <Page
      title={PAGE_TITLES.consultants}
      actions={
        <Link className="button button--primary" to={paths.consultantCreate}>
          {ADMIN_UI.createConsultant}
        </Link>
      }
    >
      <TableToolbar table={table}>
        <FilterSelect
          label={ADMIN_UI.status}
          value={table.query.status}
          options={statusOptions(ADMIN_USER_STATUS_FILTERS)}
          onChange={(value) => table.setFilters({ status: value })}
        />
        <DownloadButton
          download={() =>
            api.admin.downloadConsultants({
              search: query.search,
              status,
              startDate: query.startDate,
              endDate: query.endDate,
            })
          }
          failure={ADMIN_TOASTS.downloadFailed}
        />
      </TableToolbar>
      <ListTable
        caption="Consultants"
        table={table}
        result={list.data ? { rows: list.data.users, total: list.data.total } : undefined}
        isPending={list.isPending}
        error={list.error}
        onRetry={list.refetch}
        rowKey={(user) => user.id}
        columns={[
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
          {
            key: 'status',
            header: 'Status',
            cell: (user) => <StatusLabel status={user.displayStatus} />,
          },
        ]}
      />
    </Page>
  );
}
