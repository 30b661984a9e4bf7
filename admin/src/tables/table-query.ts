import { ADMIN_PAGE_SIZES, DEFAULT_PAGE_SIZE } from '@fm/sdk/contracts';

/** What an admin table keeps in the URL query (admin-panel §2). */
export interface TableQuery {
  search: string;
  status: string;
  startDate: string;
  endDate: string;
  page: number;
  limit: number;
}

/** Keys besides the shared ones that a table keeps in the URL too (e.g. `effect`, `affected`). */
export type ExtraFilters = Readonly<Record<string, string>>;

function positive(text: string | null, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Reads a table's state from the URL; unknown page sizes fall back to 10, bad pages to 1.
 *
 * @example
 * readTableQuery(new URLSearchParams('search=ann&page=2&limit=20'));
 * // { search: 'ann', status: '', startDate: '', endDate: '', page: 2, limit: 20 }
 */
export function readTableQuery(params: URLSearchParams, defaults: { status?: string } = {}) {
  const limit = positive(params.get('limit'), DEFAULT_PAGE_SIZE);
  return {
    search: params.get('search') ?? '',
    status: params.get('status') ?? defaults.status ?? '',
    startDate: params.get('startDate') ?? '',
    endDate: params.get('endDate') ?? '',
    page: positive(params.get('page'), 1),
    limit: (ADMIN_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  } satisfies TableQuery;
}

/**
 * The URL query for a table's state: empty values and the defaults (page 1, 10 a page) are left
 * out, so a fresh table has a clean URL. A filter change should also reset `page` to 1.
 *
 * @example
 * writeTableQuery({ search: 'ann', status: '', startDate: '', endDate: '', page: 1, limit: 10 }).toString();
 * // 'search=ann'
 */
export function writeTableQuery(query: TableQuery, extra: ExtraFilters = {}): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string) => {
    if (value !== '') params.set(key, value);
  };
  put('search', query.search.trim());
  put('status', query.status);
  put('startDate', query.startDate);
  put('endDate', query.endDate);
  for (const [key, value] of Object.entries(extra)) put(key, value);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(query.limit));
  return params;
}

/**
 * The call's query for a list: empty filters dropped (`undefined`), the rest as they are.
 *
 * @example
 * listQuery({ search: '', status: 'active', startDate: '', endDate: '', page: 1, limit: 10 });
 * // { status: 'active', page: 1, limit: 10 }
 */
export function listQuery(query: TableQuery) {
  const orUndefined = (s: string) => (s.trim() === '' ? undefined : s.trim());
  return {
    search: orUndefined(query.search),
    status: orUndefined(query.status),
    startDate: orUndefined(query.startDate),
    endDate: orUndefined(query.endDate),
    page: query.page,
    limit: query.limit,
  };
}
