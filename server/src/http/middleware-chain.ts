import type { Context, Env, ErrorHandler, MiddlewareHandler } from 'hono';

/**
 * A middleware that a GET or HEAD needs only when it carries one of `headers`: the request headers
 * it reads to decide whether to act (a credential, a declared body). Any other method always runs
 * it. middleware-gates.test.ts holds each of the app's to what it reads on such a request.
 */
export interface Gated<E extends Env> {
  headers: readonly string[];
  handler: MiddlewareHandler<E>;
}

export interface ChainOptions<E extends Env> {
  /** Run in order when the request may need one of them (else skipped, all of them). */
  middleware: readonly Gated<E>[];
  /** What a skipped request gets instead (what the middleware set for such a request). */
  skipped: (c: Context<E>) => void;
  /** The app's error handler (a thrown error becomes its answer where it was thrown). */
  onError: ErrorHandler<E>;
  /** Runs on every answer right after the handlers, as a last middleware after `next()` would. */
  after?: (c: Context<E>) => void;
}

/**
 * Whether a request may need one of `gated`: anything but a GET or HEAD, or one that carries one
 * of their headers. The one list is theirs: a header a middleware starts to read is added to its
 * `headers`, and the skip follows.
 *
 * @example
 * mayNeed([{ headers: ['authorization'], handler: session }])(c); // false for a plain GET
 */
export function mayNeed<E extends Env>(
  gated: readonly Gated<E>[],
): (c: { req: { method: string; header: (name: string) => string | undefined } }) => boolean {
  const names = [...new Set(gated.flatMap((g) => g.headers.map((name) => name.toLowerCase())))];
  return (c) =>
    (c.req.method !== 'GET' && c.req.method !== 'HEAD') ||
    names.some((name) => c.req.header(name) !== undefined);
}

/**
 * Middleware that most requests do not need, as one step: when the request may need them
 * (`mayNeed`: not a GET or HEAD, or one with a header one of them reads) they run in order, exactly as if each had been `use`d on its own (an error thrown by
 * one becomes the error handler's answer at that point, and the middleware before it still see
 * that answer); otherwise `skipped(c)` runs and the request goes straight on. `after` is a last
 * middleware's work after `next()`. A skipped request saves a few promises per middleware (and
 * the request context's async hooks on each of them).
 *
 * @example
 * api.use('*', chainWhen({ middleware: [{ headers: ['authorization'], handler: session }], skipped: () => {}, onError }));
 */
export function chainWhen<E extends Env>(options: ChainOptions<E>): MiddlewareHandler<E> {
  const { skipped, onError, after } = options;
  const needed = mayNeed(options.middleware);
  const middleware = options.middleware.map((g) => g.handler);
  const last = after
    ? (c: Context<E>, next: () => Promise<void>) => next().then(() => after(c))
    : (_c: Context<E>, next: () => Promise<void>) => next();
  return (c, next) => {
    if (!needed(c)) {
      skipped(c);
      return last(c, next);
    }
    const dispatch = async (i: number): Promise<void> => {
      const handler = middleware[i];
      if (!handler) return last(c, next);
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

/**
 * Guards — middleware that act only before `next()` and return what it returns (an answer of
 * their own instead, like `cors`'s preflight or `refuseUnservedVersion`) — run as one step: each
 * calls the next directly instead of through a level of Hono's compose (an async function and
 * its promises per level, about 6% of `/api/config`). An answer a guard returns passes out
 * unchanged to the step's own level, which makes it the response; an error thrown by any of
 * them, or after them, becomes the error handler's answer there. A middleware that works after
 * `next()` does not belong here: it would not see the response a later guard answered.
 *
 * @example
 * api.use('*', guardsThen([cors(…), refuseUnservedVersion], chainWhen(…)));
 */
export function guardsThen<E extends Env>(
  guards: readonly MiddlewareHandler<E>[],
  then: MiddlewareHandler<E>,
): MiddlewareHandler<E> {
  const steps = [...guards, then];
  return (c, next) => {
    // A guard's own answer travels out through the promises its `next()` returned: typed as
    // Hono types `next` (`Promise<void>`), it is a `Response` there, which compose takes.
    const call = (i: number): Promise<void> => {
      const step = steps[i];
      return step ? (step(c, () => call(i + 1)) as Promise<void>) : next();
    };
    return call(0);
  };
}
