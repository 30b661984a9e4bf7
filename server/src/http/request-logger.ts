import { createMiddleware } from 'hono/factory';
import type { Logger } from './logger.ts';

/** One log line per request: method, path, status and duration. */
export const requestLogger = (logger: Logger) =>
  createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      `${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`,
    );
  });
