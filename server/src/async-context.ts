import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The server's one `AsyncLocalStorage`, holding every slot's value. Each enabled storage costs
 * every promise the process creates a step of Node's async hooks (better-auth enables its own
 * too), so the app's needs — the request a log line belongs to, the fields of a user being
 * created — share one instead of one each (measured: a second storage cost `/api/config` 6%).
 */
const storage = new AsyncLocalStorage<Readonly<Record<symbol, unknown>>>();

export interface ContextSlot<T> {
  /** Runs `fn` with `value` in this slot, the other slots' values kept, across awaits. */
  run<R>(value: T, fn: () => R): R;
  /** The value of the innermost `run` around the caller, if any. */
  get(): T | undefined;
}

/**
 * A named slot of the async context.
 *
 * @example
 * const request = contextSlot<{ reqId: string }>('request');
 * request.run({ reqId: 'r1' }, () => request.get()?.reqId); // 'r1'
 */
export function contextSlot<T>(name: string): ContextSlot<T> {
  const key = Symbol(name);
  return {
    run: (value, fn) => storage.run({ ...storage.getStore(), [key]: value }, fn),
    get: () => storage.getStore()?.[key] as T | undefined,
  };
}
