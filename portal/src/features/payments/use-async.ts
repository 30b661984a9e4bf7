import { isApiError } from '@fm/sdk';
import { GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { useEffect, useState } from 'react';

export type Loaded<T> =
  | { status: 'loading'; previous: T | null }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

/** The ready-to-show message of a failed call: the SDK's '{operation}: {message}'. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong;
}

/**
 * Loads data for a key, again when the key changes or `reload` is called; the previous data stays
 * available while the next load runs.
 *
 * @example const [totals, reloadTotals] = useAsync('totals', () => api.payments.getTotals());
 */
export function useAsync<T>(key: string, load: () => Promise<T>): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading', previous: null });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a fresh closure each render; the key and attempt decide when to load.
  useEffect(() => {
    let current = true;
    setState((before) => ({
      status: 'loading',
      previous:
        before.status === 'ready'
          ? before.data
          : before.status === 'loading'
            ? before.previous
            : null,
    }));
    load().then(
      (data) => {
        if (current) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (current) setState({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

/** The data to show: the loaded data, or the previous data while reloading. */
export function dataOf<T>(state: Loaded<T>): T | null {
  if (state.status === 'ready') return state.data;
  if (state.status === 'loading') return state.previous;
  return null;
}
