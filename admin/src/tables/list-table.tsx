import { type Column, DataTable, TablePager } from '@fm/widgets/kit';
import { QueryStatus } from '../ui/query-status.tsx';
import type { TableState } from './use-table-query.ts';

/** What a list call answers: rows under some key, and the paging figures. */
export interface ListResult<TRow> {
  rows: readonly TRow[];
  total: number;
}

/**
 * A paged admin table: the kit's table with its headers, the 5/10/20 pager bound to the URL, and
 * the failure of the read with a retry.
 */
export function ListTable<TRow>({
  caption,
  table,
  columns,
  rowKey,
  result,
  isPending,
  error,
  onRetry,
}: {
  caption: string;
  table: TableState;
  columns: readonly Column<TRow>[];
  rowKey: (row: TRow) => string;
  result: ListResult<TRow> | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => unknown;
}) {
  if (error) return <QueryStatus pending={false} error={error} onRetry={onRetry} />;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={result?.rows ?? []}
        rowKey={rowKey}
        loading={isPending}
      />
      <TablePager
        page={table.query.page}
        pageSize={table.query.limit}
        total={result?.total ?? 0}
        onPage={table.setPage}
        onPageSize={table.setLimit}
        label={`${caption} pages`}
      />
    </>
  );
}
