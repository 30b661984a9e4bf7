import { useCallback, useEffect, useMemo, useRef } from 'react';

/** A debounced function with ways to run the pending call now or drop it. */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Runs the pending call at once (e.g. on Enter or blur). */
  flush: () => void;
  /** Drops the pending call. */
  cancel: () => void;
}

/**
 * `fn` called `delay` ms after the last call; the latest `fn` is always the one called.
 *
 * @example
 * const commit = useDebouncedCallback((q: string) => onChange({ ...filters, q }), SEARCH_DEBOUNCE_MS);
 */
export function useDebouncedCallback<A extends unknown[]>(
  fn: (...args: A) => void,
  delay: number,
): Debounced<A> {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<A | null>(null);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);
  const flush = useCallback(() => {
    const args = pending.current;
    cancel();
    if (args) latest.current(...args);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return useMemo(() => {
    const debounced = ((...args: A) => {
      if (timer.current !== null) clearTimeout(timer.current);
      pending.current = args;
      timer.current = setTimeout(flush, delay);
    }) as Debounced<A>;
    debounced.flush = flush;
    debounced.cancel = cancel;
    return debounced;
  }, [delay, flush, cancel]);
}
