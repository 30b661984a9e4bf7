import type { AdminFranchiseRow } from '@fm/sdk/contracts';
import { ADMIN_FRANCHISE_STATUS_FILTERS, TAG_DISPLAY_LIMITS } from '@fm/sdk/contracts';
import { CappedTags, type Column, StatusLabel } from '@fm/widgets/kit';
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

const COLUMNS: readonly Column<AdminFranchiseRow>[] = [
  {
    key: 'company',
    header: 'Brand',
    cell: (f) => <Link to={paths.franchisor(f.id)}>{f.company}</Link>,
  },
  {
    key: 'categories',
    header: 'Categories',
    cell: (f) => (
      <CappedTags label="Categories" tags={f.categories} limit={TAG_DISPLAY_LIMITS.categories} />
    ),
  },
  {
    key: 'states',
    header: 'States',
    cell: (f) => (
      <CappedTags label="States" tags={f.statesRegisteredIn} limit={TAG_DISPLAY_LIMITS.states} />
    ),
  },
  {
    key: 'subscription',
    header: 'Subscription',
    cell: (f) => <StatusLabel status={f.subscription} />,
  },
  { key: 'members', header: 'Members', numeric: true, cell: (f) => f.members },
  { key: 'status', header: 'Status', cell: (f) => <StatusLabel status={f.displayStatus} /> },
];

/** `/control-panel/franchisors`: every franchise with its subscription and members. */
export function FranchisesPage() {
  const table = useTableQuery();
  const query = listQuery(table.query);
  const filters = {
    ...query,
    status: query.status as (typeof ADMIN_FRANCHISE_STATUS_FILTERS)[number] | undefined,
  };
  return (
    <ListPage
      title={PAGE_TITLES.franchises}
      actions={
        <Link className="button button--primary" to={paths.franchisorCreate}>
          {ADMIN_UI.createFranchise}
        </Link>
      }
      table={table}
      queryKey="franchises"
      filters={filters}
      load={(f) => adminApi.listFranchises(f).then((r) => ({ rows: r.franchises, total: r.total }))}
      toolbar={
        <>
          <StatusFilter table={table} options={statusOptions(ADMIN_FRANCHISE_STATUS_FILTERS)} />
          <DownloadButton
            download={() => {
              const { page: _page, limit: _limit, ...downloadFilters } = filters;
              return adminApi.downloadFranchises(downloadFilters);
            }}
            failure={ADMIN_TOASTS.downloadFailed}
          />
        </>
      }
      caption="Franchises"
      columns={COLUMNS}
      rowKey={(f) => f.id}
    />
  );
}
