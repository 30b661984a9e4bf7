import { isApiError } from '@fm/sdk';
import type { FranchisorSearchResult, StateCode, TerritoryQuery } from '@fm/sdk/contracts';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { type ScoutState, scoutParamsOf, scoutStateOf } from './scout-state.ts';

/**
 * The page's state, mirrored in the address. Controls read the state itself, which changes at
 * once (the router applies address changes in a transition, so a control bound to the address
 * would jump back for a moment); an address changed from outside (a link, a reload) wins.
 */
export function useScoutState(): [ScoutState, (change: Partial<ScoutState>) => void] {
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState(() => scoutStateOf(params));
  const current = useRef(state);
  const written = useRef(params.toString());

  useEffect(() => {
    if (params.toString() === written.current) return;
    written.current = params.toString();
    current.current = scoutStateOf(params);
    setState(current.current);
  }, [params]);

  const update = useCallback(
    (change: Partial<ScoutState>) => {
      const next = { ...current.current, ...change };
      // A new filter or place starts the brand list over; the shading does not change the list.
      if (!('page' in change) && !('shadeBy' in change && Object.keys(change).length === 1)) {
        next.page = 1;
      }
      current.current = next;
      setState(next);
      const search = scoutParamsOf(next);
      written.current = search.toString();
      setParams(search, { replace: true });
    },
    [setParams],
  );

  return [state, update];
}

export type Loadable<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'loaded'; data: T }
  | { status: 'failed'; message: string; data: T | null };

const messageOf = (error: unknown) => (isApiError(error) ? error.message : String(error));

/** A query as the page draws it: the data on screen (kept while the next read runs) and its state. */
function loadableOf<T>(query: UseQueryResult<T>): Loadable<T> {
  const data = query.data ?? null;
  if (query.isError) return { status: 'failed', message: messageOf(query.error), data };
  if (query.isFetching || data === null) return { status: 'loading', data };
  return { status: 'loaded', data };
}

/** Brands registered and consultants covering every state and province, for the filters. */
export function useTerritoryStats(query: TerritoryQuery) {
  const stats = useQuery({
    queryKey: queryKeys.territory.stats(query),
    queryFn: () => api.discovery.territoryStats(query),
    placeholderData: keepPreviousData,
  });
  return [loadableOf(stats), () => void stats.refetch()] as const;
}

export const BRANDS_PAGE_SIZE = 10;

/** The brands of the chosen place (null when none is chosen). */
export function useTerritoryBrands(
  code: StateCode | null,
  query: TerritoryQuery,
  page: number,
): [Loadable<FranchisorSearchResult> | null, () => void] {
  const brands = useQuery({
    queryKey: queryKeys.territory.brands([code, query, page]),
    queryFn: () =>
      api.discovery.territoryBrands(code as StateCode, { ...query, page, limit: BRANDS_PAGE_SIZE }),
    enabled: code !== null,
  });
  return [code === null ? null : loadableOf(brands), () => void brands.refetch()];
}
