import { ADMIN_PAGE_SIZES } from '@fm/sdk/contracts';
import { useId } from 'react';
import { Pager } from '../../components/list-kit/pager.tsx';
import { formatNumber } from '../format/format.ts';

export interface TablePagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The sizes offered (admin-panel §9: 5, 10, 20). */
  pageSizes?: readonly number[];
  /** Names the navigation landmark. */
  label?: string;
}

/**
 * Below a table: the range shown ("11–20 of 87"), the page-size choice (5, 10 or 20) and the
 * page numbers. Changing the size goes back to page 1.
 *
 * @example
 * ```tsx
 * <TablePager page={2} pageSize={10} total={87} onPage={setPage} onPageSize={setPageSize} />
 * ```
 */
export function TablePager({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
  pageSizes = ADMIN_PAGE_SIZES,
  label = 'Table pages',
}: TablePagerProps) {
  const sizeId = useId();
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className="kit-pager">
      <p className="kit-pager__range" aria-live="polite">
        {total === 0 ? '0 results' : `${first}–${last} of ${formatNumber(total)}`}
      </p>
      <div className="kit-pager__size">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          className="field__input kit-pager__select"
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <Pager page={page} pageSize={pageSize} total={total} onPage={onPage} label={label} />
    </div>
  );
}
