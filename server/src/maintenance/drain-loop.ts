import type { Logger } from '../http/logger.ts';

/** What one or more rounds of an outbox worker did. */
export interface DrainResult {
  delivered: number;
  retried: number;
  gaveUp: number;
}

/**
 * Rounds of `drainOnce` until one comes back short of a full batch (a full batch means there may
 * be more), added up. Shared by the mail outbox and the webhook deliveries.
 * @example const total = await drainUntilShort(worker.drainOnce, 20); // { delivered: 41, retried: 0, gaveUp: 0 }
 */
export async function drainUntilShort(
  drainOnce: () => Promise<DrainResult>,
  batchSize: number,
): Promise<DrainResult> {
  const total: DrainResult = { delivered: 0, retried: 0, gaveUp: 0 };
  for (;;) {
    const round = await drainOnce();
    total.delivered += round.delivered;
    total.retried += round.retried;
    total.gaveUp += round.gaveUp;
    if (round.delivered + round.retried + round.gaveUp < batchSize) return total;
  }
}

/**
 * Runs `drain` every `pollMs` in this process until stopped; a round never overlaps the previous
 * one, and a failed round is logged as `failure` and followed by the next.
 * @example const handle = pollDrains(worker.drain, { pollMs: 1_000, logger, failure: 'mail outbox round failed' }); … await handle.stop();
 */
export function pollDrains(
  drain: () => Promise<unknown>,
  options: { pollMs: number; logger: Logger; failure: string },
) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = drain()
      .catch((error: unknown) => options.logger.error(options.failure, error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs).unref();
      });
  };
  tick();
  return {
    /** Stops polling and waits for the round in flight. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
