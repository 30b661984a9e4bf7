import { isApiError } from '@fm/sdk';
import type {
  FranchisorSearchResult,
  StateCode,
  TerritoryQuery,
  TerritoryStats,
} from '@fm/sdk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
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

/**
 * Loads something again whenever `key` changes, keeping the previous answer on screen meanwhile
 * when `keepPrevious`; `retry` asks again after a failure.
 */
function useLoad<T>(
  key: string | null,
  load: () => Promise<T>,
  keepPrevious: boolean,
): [Loadable<T> | null, () => void] {
  // The answer remembers what it answers, so that a new key never shows the old one as current.
  const [state, setState] = useState<{ key: string; value: Loadable<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything `load` reads.
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState((previous) => ({
      key,
      value: {
        status: 'loading',
        data: keepPrevious || previous?.key === key ? (previous?.value.data ?? null) : null,
      },
    }));
    load().then(
      (data) => {
        if (current) setState({ key, value: { status: 'loaded', data } });
      },
      (error: unknown) => {
        if (current)
          setState((previous) => ({
            key,
            value: {
              status: 'failed',
              message: messageOf(error),
              data: previous?.value.data ?? null,
            },
          }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  const retry = () => setAttempt((n) => n + 1);
  if (key === null) return [null, retry];
  if (!state || state.key !== key) {
    return [{ status: 'loading', data: keepPrevious ? (state?.value.data ?? null) : null }, retry];
  }
  return [state.value, retry];
}

/** Brands registered and consultants covering every state and province, for the filters. */
export function useTerritoryStats(query: TerritoryQuery) {
  const key = JSON.stringify(query);
  const [state, retry] = useLoad<TerritoryStats>(
    key,
    () => api.discovery.territoryStats(query),
    true,
  );
  return [state ?? { status: 'loading', data: null }, retry] as const;
}

export const BRANDS_PAGE_SIZE = 10;

/** The brands of the chosen place (null when none is chosen). */
export function useTerritoryBrands(code: StateCode | null, query: TerritoryQuery, page: number) {
  const key = code ? JSON.stringify([code, query, page]) : null;
  return useLoad<FranchisorSearchResult>(
    key,
    () =>
      api.discovery.territoryBrands(code as StateCode, { ...query, page, limit: BRANDS_PAGE_SIZE }),
    false,
  );
}
