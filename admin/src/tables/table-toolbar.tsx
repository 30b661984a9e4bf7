import { TABLE_UPDATED_TEXT } from '@fm/sdk/contracts';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { ADMIN_UI } from '../admin-toasts.ts';
import type { TableState } from './use-table-query.ts';

export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled select bound to one URL filter. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="table-toolbar__filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled date input bound to one URL filter (the From and To of a date range). */
function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="table-toolbar__filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="field__input"
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * Above a table: the debounced search, the date range, any filters and buttons, and the static
 * 'Updated 20 min ago' (admin-panel §2).
 */
export function TableToolbar({
  table,
  searchLabel = ADMIN_UI.search,
  dates = true,
  children,
}: {
  table: TableState;
  searchLabel?: string;
  /** Show the From / To date filters. */
  dates?: boolean;
  /** More filters and buttons (status select, Download CSV…). */
  children?: ReactNode;
}) {
  const searchId = useId();
  return (
    <div className="table-toolbar">
      <div className="table-toolbar__filter table-toolbar__search">
        <label htmlFor={searchId}>{searchLabel}</label>
        <input
          id={searchId}
          className="field__input"
          type="search"
          value={table.searchText}
          onChange={(event) => table.setSearchText(event.target.value)}
        />
      </div>
      {dates ? (
        <>
          <DateFilter
            label={ADMIN_UI.from}
            value={table.query.startDate}
            onChange={(startDate) => table.setFilters({ startDate })}
          />
          <DateFilter
            label={ADMIN_UI.to}
            value={table.query.endDate}
            onChange={(endDate) => table.setFilters({ endDate })}
          />
        </>
      ) : null}
      {children}
      <p className="table-toolbar__updated">{TABLE_UPDATED_TEXT}</p>
    </div>
  );
}
