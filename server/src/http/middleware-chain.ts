import type { Context, Env, ErrorHandler, MiddlewareHandler } from 'hono';

/**
 * Middleware that most requests do not need, as one step: when `needed(c)` says the request may
 * need them they run in order, exactly as if each had been `use`d on its own (an error thrown by
 * one becomes the error handler's answer at that point, and the middleware before it still see
 * that answer); otherwise `skipped(c)` runs and the request goes straight on. A skipped request
 * saves a few promises per middleware (and the request context's async hooks on each of them).
 *
 * @example
 * api.use('*', chainWhen((c) => c.req.header('authorization') !== undefined, [session, apiKeys], () => {}, onError));
 */
export function chainWhen<E extends Env>(
  needed: (c: Context<E>) => boolean,
  middleware: readonly MiddlewareHandler<E>[],
  skipped: (c: Context<E>) => void,
  onError: ErrorHandler<E>,
): MiddlewareHandler<E> {
  return (c, next) => {
    if (!needed(c)) {
      skipped(c);
      return next();
    }
    const dispatch = async (i: number): Promise<void> => {
      const handler = middleware[i];
      if (!handler) {
        await next();
        return;
      }
      let res: Response | undefined;
      let isError = false;
      try {
        res = (await handler(c, () => dispatch(i + 1))) ?? undefined;
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        c.error = error;
        res = await onError(error, c);
        isError = true;
      }
      if (res && (!c.finalized || isError)) c.res = res;
    };
    return dispatch(0);
  };
}
