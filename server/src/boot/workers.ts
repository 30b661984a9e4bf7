import cluster, { type Worker } from 'node:cluster';
import { serveClusterWriteLock } from '../db/cluster-write-lock.ts';
import type { Logger } from '../http/logger.ts';

/** A worker that dies within this of its start is crash-looping: the primary stops instead. */
const CRASH_LOOP_MS = 5_000;

/**
 * `WORKERS=n` (n > 1): this process becomes the primary of a node:cluster and forks `count` API
 * processes that share one port (the kernel hands connections round-robin). Everything that matters
 * across processes is in the database (sessions, rate limits, locks, tickets, leases), so any worker
 * may answer any request. A worker that dies is replaced; SIGTERM/SIGINT are passed on and the
 * primary exits when all workers have.
 * @example if (cluster.isPrimary && env.WORKERS > 1) return runWorkers(env.WORKERS, logger);
 */
export function runWorkers(count: number, logger: Logger): void {
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  // The processes' writers take turns through this process instead of polling SQLite's lock.
  serveClusterWriteLock();
  for (let i = 0; i < count; i++) fork();
  logger.info(`started ${count} API processes`);

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (lived < CRASH_LOOP_MS && code !== 0) {
      logger.error(`API process exited at start (${signal ?? code}); stopping`);
      stop(1);
      return;
    }
    logger.error(`API process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    fork();
  });

  const stop = (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(exitCode), 12_000).unref();
  };
  process.on('SIGINT', () => stop());
  process.on('SIGTERM', () => stop());
}
