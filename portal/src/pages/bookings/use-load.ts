import { isApiError } from '@fm/sdk';
import { GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { useEffect, useState } from 'react';

export type Load<T> =
  | { status: 'loading'; previous: T | null }
  | { status: 'error'; message: string; httpStatus: number }
  | { status: 'ready'; data: T };

/**
 * Loads data for a key (and again on retry or `reload`); failures become the SDK's ready-to-show
 * message. The last data stays available while the next key loads.
 *
 * @example
 * const [state, reload] = useLoad(`${status}/${page}`, () => api.bookings.listSessions({ status, page }));
 */
export function useLoad<T>(key: string, load: () => Promise<T>): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ status: 'loading', previous: null });
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
        if (!current) return;
        setState({
          status: 'error',
          message: isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong,
          httpStatus: isApiError(error) ? error.status : 0,
        });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}
