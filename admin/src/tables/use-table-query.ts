import { SEARCH_DEBOUNCE_MS } from '@fm/sdk/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ExtraFilters,
  readTableQuery,
  type TableQuery,
  writeTableQuery,
} from './table-query.ts';

/**
 * A table's state kept in the URL (`search`, `status`, `startDate`, `endDate`, `page`, `limit`
 * and any `extraKeys`), with the search box debounced by 300 ms (admin-panel §2, §9). Any filter
 * change goes back to page 1.
 *
 * @example
 * const table = useTableQuery({ defaults: { status: 'pending' } });
 * adminApi.listBrandNames(listQuery(table.query));
 */
export function useTableQuery({
  defaults = {},
  extraKeys = [],
}: {
  defaults?: { status?: string };
  extraKeys?: readonly string[];
} = {}) {
  const [params, setParams] = useSearchParams();
  const query = readTableQuery(params, defaults);
  const extra: Record<string, string> = {};
  for (const key of extraKeys) extra[key] = params.get(key) ?? '';

  const write = (next: TableQuery, nextExtra: ExtraFilters) => {
    setParams(writeTableQuery(next, nextExtra), { replace: true });
  };
  const latest = useRef({ query, extra, write });
  latest.current = { query, extra, write };

  const [searchText, setSearchText] = useState(query.search);
  // Typing waits 300 ms before it reaches the URL (and the call).
  useEffect(() => {
    const { query: current, extra: currentExtra, write: commit } = latest.current;
    if (searchText.trim() === current.search.trim()) return;
    const timer = setTimeout(() => {
      commit({ ...current, search: searchText, page: 1 }, currentExtra);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  return {
    query,
    extra,
    searchText,
    setSearchText,
    /** Sets filters (back to page 1). */
    setFilters: (
      patch: Partial<Omit<TableQuery, 'page' | 'limit'>>,
      extraPatch: ExtraFilters = {},
    ) => write({ ...query, ...patch, page: 1 }, { ...extra, ...extraPatch }),
    setPage: (page: number) => write({ ...query, page }, extra),
    setLimit: (limit: number) => write({ ...query, limit, page: 1 }, extra),
  };
}

export type TableState = ReturnType<typeof useTableQuery>;
