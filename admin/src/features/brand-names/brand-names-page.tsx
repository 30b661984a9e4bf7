import type { AdminBrandName, BrandNameStatus } from '@fm/sdk/contracts';
import { BRAND_NAME_STATUSES } from '@fm/sdk/contracts';
import { formatDateTime, toast } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { paths } from '../../paths.ts';
import { DownloadButton } from '../../tables/download-button.tsx';
import { ListPage, StatusFilter } from '../../tables/list-page.tsx';
import { listQuery } from '../../tables/table-query.ts';
import { useTableQuery } from '../../tables/use-table-query.ts';
import { statusOptions } from '../../ui/status-options.ts';

/** The per-row dropdown that sets a brand name's status (admin-panel §4). */
function BrandStatusSelect({ brand }: { brand: AdminBrandName }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (status: BrandNameStatus) => {
    setBusy(true);
    try {
      await adminApi.updateBrandNameStatus(brand.id, status);
      toast.success(ADMIN_TOASTS.brandNameUpdated);
      await queryClient.invalidateQueries({ queryKey: ['brand-names'] });
    } catch (error) {
      toast.error(serverMessageOr(error, ADMIN_TOASTS.brandNameUpdateFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <select
      className="field__input table-select"
      aria-label={`Status of ${brand.name}`}
      value={brand.status}
      disabled={busy}
      onChange={(event) => void change(event.target.value as BrandNameStatus)}
    >
      {statusOptions(BRAND_NAME_STATUSES, {}, { all: false }).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** `/control-panel/brand-names`: brand names asked for at registration; the filter starts at pending. */
export function BrandNamesPage() {
  const table = useTableQuery({ defaults: { status: 'pending' } });
  const query = listQuery(table.query);
  const filters = {
    search: query.search,
    status: query.status as BrandNameStatus | undefined,
    startDate: query.startDate,
    endDate: query.endDate,
    page: query.page,
    limit: query.limit,
  };
  return (
    <ListPage
      title={PAGE_TITLES.brandNames}
      // The Requests page has no sidebar item (the spec's sidebar is fixed); it is reached here.
      actions={
        <Link className="button button--secondary" to={paths.requests}>
          {PAGE_TITLES.requests}
        </Link>
      }
      table={table}
      queryKey="brand-names"
      filters={filters}
      load={(f) => adminApi.listBrandNames(f).then((r) => ({ rows: r.brandNames, total: r.total }))}
      toolbar={
        <>
          <StatusFilter
            table={table}
            options={statusOptions(BRAND_NAME_STATUSES, {}, { all: false })}
          />
          <DownloadButton
            download={() =>
              adminApi.downloadBrandNames({ search: filters.search, status: filters.status })
            }
            failure={ADMIN_TOASTS.brandsDownloadFailed}
          />
        </>
      }
      caption="Company brands"
      rowKey={(b) => b.id}
      columns={[
        { key: 'name', header: 'Brand name', cell: (b) => b.name },
        { key: 'user', header: 'Registered by', cell: (b) => b.userRegisteredName ?? '—' },
        { key: 'email', header: 'Email', cell: (b) => b.userRegisteredEmail ?? '—' },
        { key: 'created', header: 'Requested', cell: (b) => formatDateTime(b.createdAt) },
        { key: 'status', header: 'Status', cell: (b) => <BrandStatusSelect brand={b} /> },
      ]}
    />
  );
}
