import type { AdminBrandName, BrandNameStatus } from '@fm/sdk/contracts';
import { BRAND_NAME_STATUSES } from '@fm/sdk/contracts';
import { formatDateTime, toast } from '@fm/widgets/kit';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { api } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { DownloadButton } from '../../tables/download-button.tsx';
import { ListTable } from '../../tables/list-table.tsx';
import { listQuery } from '../../tables/table-query.ts';
import { FilterSelect, TableToolbar } from '../../tables/table-toolbar.tsx';
import { useTableQuery } from '../../tables/use-table-query.ts';
import { Page } from '../../ui/page.tsx';
import { statusOptions } from '../../ui/status-options.ts';

/** The per-row dropdown that sets a brand name's status (admin-panel §4). */
function BrandStatusSelect({ brand }: { brand: AdminBrandName }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (status: BrandNameStatus) => {
    setBusy(true);
    try {
      await api.admin.updateBrandNameStatus(brand.id, status);
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
  const status = query.status as BrandNameStatus | undefined;
  const list = useQuery({
    queryKey: ['brand-names', query],
    queryFn: () =>
      api.admin.listBrandNames({
        search: query.search,
        status,
        startDate: query.startDate,
        endDate: query.endDate,
        page: query.page,
        limit: query.limit,
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title={PAGE_TITLES.brandNames}>
      <TableToolbar table={table}>
        <FilterSelect
          label={ADMIN_UI.status}
          value={table.query.status}
          options={statusOptions(BRAND_NAME_STATUSES, {}, { all: false })}
          onChange={(value) => table.setFilters({ status: value })}
        />
        <DownloadButton
          download={() => api.admin.downloadBrandNames({ search: query.search, status })}
          failure={ADMIN_TOASTS.brandsDownloadFailed}
        />
      </TableToolbar>
      <ListTable
        caption="Company brands"
        table={table}
        result={list.data ? { rows: list.data.brandNames, total: list.data.total } : undefined}
        isPending={list.isPending}
        error={list.error}
        onRetry={list.refetch}
        rowKey={(b) => b.id}
        columns={[
          { key: 'name', header: 'Brand name', cell: (b) => b.name },
          { key: 'user', header: 'Registered by', cell: (b) => b.userRegisteredName ?? '—' },
          { key: 'email', header: 'Email', cell: (b) => b.userRegisteredEmail ?? '—' },
          { key: 'created', header: 'Requested', cell: (b) => formatDateTime(b.createdAt) },
          { key: 'status', header: 'Status', cell: (b) => <BrandStatusSelect brand={b} /> },
        ]}
      />
    </Page>
  );
}
