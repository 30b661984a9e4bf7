import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters kept in the page's URL: read from the search parameters, written back as a new history
 * entry, so that a reload keeps them and back/forward step through them.
 *
 * The router applies a navigation in a transition, a moment after the click; until the URL has
 * moved, the filters just chosen are shown, so a checkbox does not flicker back for a frame. As
 * soon as the URL moves (to them, or anywhere else with back/forward), the URL is the truth again.
 *
 * @example
 * ```ts
 * const [filters, setFilters] = useUrlFilters(parseConsultantFilters, consultantFiltersToSearchParams);
 * ```
 */
export function useUrlFilters<F>(
  parse: (params: URLSearchParams) => F,
  serialize: (filters: F) => URLSearchParams,
): [F, (next: F) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // One object per URL: the list reloads only when the URL really changes.
  const fromUrl = useMemo(() => parse(new URLSearchParams(search)), [parse, search]);
  const [pending, setPending] = useState<{ from: string; filters: F } | null>(null);
  const filters = pending && pending.from === search ? pending.filters : fromUrl;

  const setFilters = useCallback(
    (next: F) => {
      const nextParams = serialize(next);
      if (nextParams.toString() === search) {
        setPending(null);
        return;
      }
      setPending({ from: search, filters: next });
      setParams(nextParams);
    },
    [serialize, setParams, search],
  );
  return [filters, setFilters];
}
