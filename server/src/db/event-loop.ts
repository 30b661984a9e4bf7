/**
 * Lets other requests run. The local libSQL driver executes a query synchronously and resolves its
 * promise at once, so awaiting queries alone never gives timers or other requests a turn: a loop
 * of queries (a backlog, an index build) awaits this between steps.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
