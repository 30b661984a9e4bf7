import cluster, { type Worker } from 'node:cluster';
import { type WriteLock, WriteLockTimeoutError } from './write-lock.ts';

/**
 * One writer at a time across the API processes of a node:cluster (`WORKERS=n`), queued by the
 * primary over the cluster's IPC channel.
 *
 * Between processes SQLite's busy handler is what waits for another writer, and it waits by
 * sleeping on the event loop, in steps of up to 100 ms: a process whose write found another
 * process's transaction open froze every request it was serving until it got the lock. With this
 * lock a process asks the primary for its turn and keeps serving while it waits; SQLite still
 * decides (the lock only spares the polling), so a process that is not part of the cluster (the
 * mail worker, a charge run) is as safe as before.
 */

const CHANNEL = 'fm:write-lock';

type LockMessage = {
  channel: typeof CHANNEL;
  kind: 'acquire' | 'release' | 'granted';
  id: number;
};

const isLockMessage = (message: unknown): message is LockMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as { channel?: unknown }).channel === CHANNEL;

/**
 * In the primary: grants the lock to one worker's request at a time, first come first served; a
 * worker that exits gives back what it held or waited for.
 * @example if (cluster.isPrimary) serveClusterWriteLock();
 */
export function serveClusterWriteLock(): void {
  let holder: { worker: Worker; id: number } | null = null;
  const queue: { worker: Worker; id: number }[] = [];

  const grantNext = () => {
    holder = null;
    while (queue.length > 0) {
      const next = queue.shift();
      if (!next?.worker.isConnected()) continue;
      holder = next;
      next.worker.send({ channel: CHANNEL, kind: 'granted', id: next.id } satisfies LockMessage);
      return;
    }
  };

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isLockMessage(message)) return;
    if (message.kind === 'acquire') {
      queue.push({ worker, id: message.id });
      if (!holder) grantNext();
    } else if (message.kind === 'release') {
      if (holder?.worker === worker && holder.id === message.id) {
        grantNext();
      } else {
        // A request that gave up waiting.
        const index = queue.findIndex((q) => q.worker === worker && q.id === message.id);
        if (index >= 0) queue.splice(index, 1);
      }
    }
  });

  cluster.on('exit', (worker: Worker) => {
    for (let i = queue.length - 1; i >= 0; i -= 1) {
      if (queue[i]?.worker === worker) queue.splice(i, 1);
    }
    if (holder?.worker === worker) grantNext();
  });
}

/**
 * In a worker of a cluster: the lock, asked of the primary. Null in any other process (a single
 * API process, the mail worker, a worker thread), where the in-process lock is all there is. If
 * the primary is gone, writers go ahead and SQLite's busy handler is the only queue again.
 */
export function clusterWriteLock(timeoutMs: number): WriteLock | null {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return null;
  let lastId = 0;
  const waiting = new Map<number, () => void>();
  process.on('message', (message: unknown) => {
    if (isLockMessage(message) && message.kind === 'granted') waiting.get(message.id)?.();
  });
  const tell = (kind: LockMessage['kind'], id: number) => {
    if (process.connected) send({ channel: CHANNEL, kind, id } satisfies LockMessage);
  };

  return {
    acquire() {
      if (!process.connected) return Promise.resolve(() => {});
      lastId += 1;
      const id = lastId;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          // Whether the grant is on its way or not, the primary moves on.
          tell('release', id);
          reject(new WriteLockTimeoutError(timeoutMs));
        }, timeoutMs);
        waiting.set(id, () => {
          clearTimeout(timer);
          waiting.delete(id);
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            tell('release', id);
          });
        });
        tell('acquire', id);
      });
    },
  };
}
