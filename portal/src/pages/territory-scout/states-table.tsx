import type { StateCode } from '@fm/sdk/contracts';
import { useMemo, useState } from 'react';
import { PLACES } from './places.ts';
import type { PlaceCounts } from './territory-map.tsx';

type SortKey = 'name' | 'country' | 'brands' | 'consultants';
const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'State or province', numeric: false },
  { key: 'country', label: 'Country', numeric: false },
  { key: 'brands', label: 'Brands', numeric: true },
  { key: 'consultants', label: 'Consultants', numeric: true },
];

const number = new Intl.NumberFormat('en-US');

/**
 * The map as a sortable table: the same counts for screen readers and for anyone who prefers rows,
 * each place selectable like on the map.
 */
export function StatesTable({
  counts,
  selected,
  onSelect,
}: {
  counts: ReadonlyMap<StateCode, PlaceCounts>;
  selected: StateCode | null;
  onSelect: (code: StateCode) => void;
}) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'name',
    descending: false,
  });
  const rows = useMemo(() => {
    const list = PLACES.map((place) => ({
      ...place,
      brands: counts.get(place.code)?.brands ?? 0,
      consultants: counts.get(place.code)?.consultants ?? 0,
    }));
    const direction = sort.descending ? -1 : 1;
    return list.sort((a, b) => {
      const primary =
        sort.key === 'brands' || sort.key === 'consultants'
          ? a[sort.key] - b[sort.key]
          : a[sort.key].localeCompare(b[sort.key]);
      return primary * direction || a.name.localeCompare(b.name);
    });
  }, [counts, sort]);

  const sortBy = (key: SortKey, numeric: boolean) =>
    setSort((current) =>
      current.key === key
        ? { key, descending: !current.descending }
        : // Numbers are most useful largest first; names from A.
          { key, descending: numeric },
    );

  return (
    <div className="territory-table__scroll">
      <table className="territory-table" data-testid="territory-table">
        <caption className="visually-hidden">
          Brands registered and consultants covering each state and province
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? 'territory-table__number' : undefined}
                aria-sort={
                  sort.key === column.key
                    ? sort.descending
                      ? 'descending'
                      : 'ascending'
                    : undefined
                }
              >
                <button
                  type="button"
                  className="territory-table__sort"
                  onClick={() => sortBy(column.key, column.numeric)}
                >
                  {column.label}
                  <span aria-hidden="true" className="territory-table__arrow">
                    {sort.key === column.key ? (sort.descending ? '▼' : '▲') : '↕'}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.code}
              data-code={row.code}
              data-selected={row.code === selected ? 'true' : undefined}
            >
              <th scope="row">
                <button
                  type="button"
                  className="territory-table__place"
                  aria-pressed={row.code === selected}
                  onClick={() => onSelect(row.code)}
                >
                  {row.name}
                </button>
              </th>
              <td>{row.country}</td>
              <td className="territory-table__number">{number.format(row.brands)}</td>
              <td className="territory-table__number">{number.format(row.consultants)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
