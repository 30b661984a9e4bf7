import { ADMIN_FRANCHISE_STATUS_FILTERS, TAG_DISPLAY_LIMITS } from '@fm/sdk/contracts';
import { CappedTags, StatusLabel } from '@fm/widgets/kit';
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

/** `/control-panel/franchisors`: every franchise with its subscription and members. */
export function FranchisesPage() {
  const table = useTableQuery();
  const query = listQuery(table.query);
  const status = query.status as (typeof ADMIN_FRANCHISE_STATUS_FILTERS)[number] | undefined;
  const list = useQuery({
    queryKey: ['franchises', query],
    queryFn: () => api.admin.listFranchises({ ...query, status }),
    placeholderData: keepPreviousData,
  });
  return (
    <Page
      title={PAGE_TITLES.franchises}
      actions={
        <Link className="button button--primary" to={paths.franchisorCreate}>
          {ADMIN_UI.createFranchise}
        </Link>
      }
    >
      <TableToolbar table={table}>
        <FilterSelect
          label={ADMIN_UI.status}
          value={table.query.status}
          options={statusOptions(ADMIN_FRANCHISE_STATUS_FILTERS)}
          onChange={(value) => table.setFilters({ status: value })}
        />
        <DownloadButton
          download={() =>
            api.admin.downloadFranchises({
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
        caption="Franchises"
        table={table}
        result={list.data ? { rows: list.data.franchises, total: list.data.total } : undefined}
        isPending={list.isPending}
        error={list.error}
        onRetry={list.refetch}
        rowKey={(franchise) => franchise.id}
        columns={[
          {
            key: 'company',
            header: 'Brand',
            cell: (f) => <Link to={paths.franchisor(f.id)}>{f.company}</Link>,
          },
          {
            key: 'categories',
            header: 'Categories',
            cell: (f) => (
              <CappedTags
                label="Categories"
                tags={f.categories}
                limit={TAG_DISPLAY_LIMITS.categories}
              />
            ),
          },
          {
            key: 'states',
            header: 'States',
            cell: (f) => (
              <CappedTags
                label="States"
                tags={f.statesRegisteredIn}
                limit={TAG_DISPLAY_LIMITS.states}
              />
            ),
          },
          {
            key: 'subscription',
            header: 'Subscription',
            cell: (f) => <StatusLabel status={f.subscription} />,
          },
          { key: 'members', header: 'Members', numeric: true, cell: (f) => f.members },
          {
            key: 'status',
            header: 'Status',
            cell: (f) => <StatusLabel status={f.displayStatus} />,
          },
        ]}
      />
    </Page>
  );
}
