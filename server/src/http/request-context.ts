import { contextSlot } from '../async-context.ts';

/** What every log line written while serving one request carries. */
export interface RequestContext {
  reqId: string;
}

const request = contextSlot<RequestContext>('request');

/**
 * Runs `fn` with `context` as the current request's: log lines written anywhere inside it, however
 * deep and across awaits, carry the request id.
 *
 * @example
 * await runInRequest({ reqId: 'r1' }, () => next());
 */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return request.run(context, fn);
}

/** The request being served, if any. */
export function currentRequest(): RequestContext | undefined {
  return request.get();
}
