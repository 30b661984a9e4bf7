import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving one request carries. */
export interface RequestContext {
  reqId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Runs `fn` with `context` as the current request's: log lines written anywhere inside it, however
 * deep and across awaits, carry the request id.
 *
 * @example
 * await runInRequest({ reqId: 'r1' }, () => next());
 */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The request being served, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
