import type { ReactNode } from 'react';

/** One column of a {@link DataTable}: its header and how a row shows in it. */
export interface Column<TRow> {
  /** Stable key of the column. */
  key: string;
  /** The header text (a `<th scope="col">`). */
  header: string;
  /** The cell of a row. */
  cell: (row: TRow) => ReactNode;
  /** Right-align numbers and money. */
  numeric?: boolean;
}

export interface DataTableProps<TRow> {
  /** The table's accessible name (its caption, visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: readonly Column<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string;
  /** Shown in one full-width row while loading. */
  loading?: boolean;
  loadingText?: string;
  /** Shown in one full-width row when there are no rows. */
  emptyText?: string;
}

/**
 * A real `<table>`: a caption, column headers with `scope="col"`, and a full-width row for the
 * loading and empty states, so screen readers announce headers with each cell.
 *
 * @example
 * ```tsx
 * <DataTable caption="Payments" rows={payments} rowKey={(p) => p.id}
 *   columns={[{ key: 'amount', header: 'Amount', numeric: true, cell: (p) => formatDollars(p.amount) }]} />
 * ```
 */
export function DataTable<TRow>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingText = 'Loading…',
  emptyText = 'No data',
}: DataTableProps<TRow>) {
  const message = loading ? loadingText : rows.length === 0 ? emptyText : null;
  return (
    <div className="kit-table__scroll">
      <table className="kit-table" aria-busy={loading || undefined}>
        <caption className={showCaption ? 'kit-table__caption' : 'visually-hidden'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? 'kit-table__numeric' : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {message !== null ? (
            <tr>
              <td className="kit-table__message" colSpan={columns.length}>
                {message}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={column.numeric ? 'kit-table__numeric' : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
