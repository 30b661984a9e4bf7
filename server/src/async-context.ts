import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The server's one `AsyncLocalStorage`, holding every slot's value: the app's needs — the request
 * a log line belongs to, the fields of a user being created — are named slots of one context, and
 * a slot's `run` keeps the others' values. (Node 24 carries storages in its AsyncContextFrame, so
 * a storage no longer costs every promise a hook call as it did on older lines.)
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
