import { LIST_TEXT } from './list-text.ts';

/** A page number, or a gap ("…") between page numbers. */
export type PageWindowItem = number | 'gap';

/**
 * The page numbers a pager shows: the first, the last, and the current page with `spread`
 * neighbours on each side, with gaps between.
 *
 * @example
 * pageWindow(6, 20); // [1, 'gap', 5, 6, 7, 'gap', 20]
 * pageWindow(2, 4); // [1, 2, 3, 4]
 */
export function pageWindow(page: number, pages: number, spread = 1): PageWindowItem[] {
  if (pages <= 0) return [];
  const shown = new Set<number>([1, pages]);
  for (let p = page - spread; p <= page + spread; p += 1) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: PageWindowItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    // A gap of exactly one page shows that page instead of "…".
    if (p - previous === 2) out.push(p - 1);
    else if (p - previous > 2) out.push('gap');
    out.push(p);
    previous = p;
  }
  return out;
}

/**
 * How many pages `total` items make at `pageSize` a page (at least 1).
 *
 * @example
 * pageCount(21, 10); // 3
 */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark (two pagers on one page need different names). */
  label?: string;
}

/**
 * Previous / page numbers / Next. Renders nothing when everything fits on one page.
 *
 * @example
 * <Pager page={2} pageSize={10} total={87} onPage={(page) => setFilters({ ...filters, page })} />
 */
export function Pager({ page, pageSize, total, onPage, label = LIST_TEXT.pagination }: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav className="fm-pager" aria-label={label}>
      <button
        type="button"
        className="fm-pager__step"
        disabled={current <= 1}
        onClick={() => onPage(current - 1)}
      >
        <span aria-hidden="true">‹ </span>
        {LIST_TEXT.previous}
      </button>
      <ul className="fm-pager__pages">
        {pageWindow(current, pages).map((item, index) =>
          item === 'gap' ? (
            // Gaps have no identity of their own; their position among the numbers is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`gap-${index}`} className="fm-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="fm-pager__page"
                aria-label={LIST_TEXT.goToPage(item)}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => {
                  if (item !== current) onPage(item);
                }}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <span className="fm-pager__status">{LIST_TEXT.pageOf(current, pages)}</span>
      <button
        type="button"
        className="fm-pager__step"
        disabled={current >= pages}
        onClick={() => onPage(current + 1)}
      >
        {LIST_TEXT.next}
        <span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
