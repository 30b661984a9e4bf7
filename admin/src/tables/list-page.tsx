import type { Column } from '@fm/widgets/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ADMIN_UI } from '../admin-toasts.ts';
import { Page } from '../ui/page.tsx';
import { type ListResult, ListTable } from './list-table.tsx';
import { type FilterOption, FilterSelect, TableToolbar } from './table-toolbar.tsx';
import type { TableState } from './use-table-query.ts';

/**
 * An admin list screen: the page with its title and actions, the toolbar (search, dates, the
 * page's filters and buttons), and the paged table read through TanStack Query with the given
 * filters. What differs between the lists is data: the call, the filters and the columns.
 *
 * @example
 * ```tsx
 * <ListPage title="Consultants" caption="Consultants" table={table} queryKey="consultants"
 *   filters={query} load={(f) => adminApi.listUsers(f).then((r) => ({ rows: r.users, total: r.total }))}
 *   columns={columns} rowKey={(user) => user.id} toolbar={<DownloadButton … />} />
 * ```
 */
export function ListPage<TFilters, TRow>({
  title,
  actions,
  table,
  queryKey,
  filters,
  load,
  toolbar,
  caption,
  columns,
  rowKey,
}: {
  title: string;
  actions?: ReactNode;
  table: TableState;
  /** The first part of the query key; the filters are the second, so every filter reads anew. */
  queryKey: string;
  filters: TFilters;
  load: (filters: TFilters) => Promise<ListResult<TRow>>;
  /** The page's own filters and buttons (status select, Download CSV…). */
  toolbar?: ReactNode;
  caption: string;
  columns: readonly Column<TRow>[];
  rowKey: (row: TRow) => string;
}) {
  const list = useQuery({
    queryKey: [queryKey, filters],
    queryFn: () => load(filters),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title={title} actions={actions}>
      <TableToolbar table={table}>{toolbar}</TableToolbar>
      <ListTable
        caption={caption}
        table={table}
        result={list.data}
        isPending={list.isPending}
        error={list.error}
        onRetry={list.refetch}
        rowKey={rowKey}
        columns={columns}
      />
    </Page>
  );
}

/** The toolbar's status select, bound to the URL's `status`. */
export function StatusFilter({
  table,
  options,
  label = ADMIN_UI.status,
}: {
  table: TableState;
  options: readonly FilterOption[];
  label?: string;
}) {
  return (
    <FilterSelect
      label={label}
      value={table.query.status}
      options={options}
      onChange={(value) => table.setFilters({ status: value })}
    />
  );
}
