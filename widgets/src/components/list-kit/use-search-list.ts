import type { FavoriteToggleResult, SearchFilters } from '@fm/sdk/contracts';
import { type ApiClient, getSearchFilters } from '@fm/sdk/embed';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toWidgetError, type WidgetError } from '../../widget-error.ts';
import type { ListState, SignInPrompt } from './list-shell.tsx';

export interface UseSearchListOptions<Q, R> {
  client: ApiClient;
  /** The query to load; a new value (by content) loads again. */
  query: Q;
  search: (client: ApiClient, query: Q) => Promise<R>;
  /** What to show instead of the error when the API answers 401 (a signed-out visitor). */
  signIn?: SignInPrompt | undefined;
  onError?: ((error: WidgetError) => void) | undefined;
}

/** The same string for the same query, whatever order its keys were set in. */
function canonicalKey(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) {
    return JSON.stringify(query);
  }
  const entries = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/**
 * Loads a search result for the current query, ignoring answers to queries that were replaced
 * meanwhile, and keeping the previous result on screen while the next one loads.
 *
 * @example
 * const { state, reload } = useSearchList({ client, query, search: (api, q) => searchConsultants(api.http, q) });
 */
export function useSearchList<Q, R>({
  client,
  query,
  search,
  signIn,
  onError,
}: UseSearchListOptions<Q, R>): { state: ListState<R>; reload: () => void } {
  const [state, setState] = useState<ListState<R>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const latest = useRef({ search, signIn, onError, query });
  useEffect(() => {
    latest.current = { search, signIn, onError, query };
  });
  const key = canonicalKey(query);

  useEffect(() => {
    // `key` stands for the query's content and `version` for "reload": both trigger a load.
    void key;
    void version;
    let current = true;
    setState((previous) => ({
      status: 'loading',
      previous:
        previous.status === 'ready'
          ? previous.result
          : previous.status === 'loading'
            ? previous.previous
            : null,
    }));
    const { search: run, query: q } = latest.current;
    run(client, q).then(
      (result) => {
        if (current) setState({ status: 'ready', result });
      },
      (error: unknown) => {
        if (!current) return;
        const failure = toWidgetError(error);
        const prompt = failure.status === 401 ? latest.current.signIn : undefined;
        setState({ status: 'error', message: failure.message, signIn: prompt });
        latest.current.onError?.(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [client, key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}

const filterRequests = new WeakMap<ApiClient, Promise<SearchFilters>>();

/**
 * The filter options with their counts (`GET /api/users/filters`), fetched once per client and
 * shared by every list on the page. `null` until loaded or when they cannot be loaded: the lists
 * then offer the contract's options without counts.
 *
 * @example
 * const options = useSearchFilters(client)?.consultants ?? null;
 */
export function useSearchFilters(client: ApiClient): SearchFilters | null {
  const [filters, setFilters] = useState<SearchFilters | null>(null);
  useEffect(() => {
    let current = true;
    let request = filterRequests.get(client);
    if (!request) {
      request = getSearchFilters(client.http);
      filterRequests.set(client, request);
      // A failed request is not cached: the next list (or a remount) asks again.
      request.catch(() => filterRequests.delete(client));
    }
    request.then(
      (next) => {
        if (current) setFilters(next);
      },
      () => {
        // Options without counts are still usable; the list reports its own failures.
      },
    );
    return () => {
      current = false;
    };
  }, [client]);
  return filters;
}

/** The favourite controls a list view renders: current state per item and the toggle. */
export interface FavouritesControl {
  isFavorite: (id: string, fromServer: boolean) => boolean;
  isPending: (id: string) => boolean;
  toggle: (id: string, fromServer: boolean) => void;
  /** The favourites total after the last toggle, or null to use the result's own. */
  total: number | null;
}

/**
 * Optimistic favourite toggles: the heart flips at once, the answer confirms it (and gives the new
 * total), a failure flips it back and is reported. Local state is dropped when `resetKey`
 * changes (a new result from the server is the truth again).
 *
 * @example
 * const favourites = useFavouriteToggles((id) => toggleFavoriteConsultant(api.http, id), onError, result);
 */
export function useFavouriteToggles(
  toggleOnServer: (id: string) => Promise<FavoriteToggleResult>,
  onError: ((error: WidgetError) => void) | undefined,
  resetKey: unknown,
): FavouritesControl {
  const [overrides, setOverrides] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [total, setTotal] = useState<number | null>(null);
  const latest = useRef({ toggleOnServer, onError });
  useEffect(() => {
    latest.current = { toggleOnServer, onError };
  });
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  useEffect(() => {
    void resetKey;
    // Keep what is still in flight; everything else comes from the new result.
    setOverrides((map) => new Map([...map].filter(([id]) => pendingRef.current.has(id))));
    setTotal(null);
  }, [resetKey]);

  const setOverride = (id: string, value: boolean) =>
    setOverrides((map) => new Map(map).set(id, value));
  const setIsPending = (id: string, value: boolean) =>
    setPending((set) => {
      const next = new Set(set);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });

  return {
    isFavorite: (id, fromServer) => overrides.get(id) ?? fromServer,
    isPending: (id) => pending.has(id),
    total,
    toggle: (id, fromServer) => {
      if (pendingRef.current.has(id)) return;
      const before = overrides.get(id) ?? fromServer;
      setOverride(id, !before);
      setIsPending(id, true);
      latest.current.toggleOnServer(id).then(
        (answer) => {
          setOverride(id, answer.isFavorite);
          setTotal(answer.total);
          setIsPending(id, false);
        },
        (error: unknown) => {
          setOverride(id, before);
          setIsPending(id, false);
          latest.current.onError?.(toWidgetError(error));
        },
      );
    },
  };
}

/**
 * Filters that a parent may control (`value` + `onChange`, e.g. kept in the URL) or leave to the
 * component (`defaultValue`).
 *
 * @example
 * const [filters, setFilters] = useControllableFilters(props.filters, defaults, props.onFiltersChange);
 */
export function useControllableFilters<F>(
  value: F | undefined,
  defaultValue: F,
  onChange: ((next: F) => void) | undefined,
): [F, (next: F) => void] {
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const set = useCallback(
    (next: F) => {
      if (!controlled) setOwn(next);
      latest.current?.(next);
    },
    [controlled],
  );
  return [controlled ? value : own, set];
}
