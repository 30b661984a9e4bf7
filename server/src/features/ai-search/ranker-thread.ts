import type { Worker } from 'node:worker_threads';
import type { Db } from '../../db/client.ts';
import { canReadInThread, startReadThread } from '../../db/read-thread.ts';
import { type FranchisePage, type FranchiseRanker, inProcessRanker } from './ranker.ts';
import type { RankerAnswer, RankerJob } from './ranker-worker.ts';

/**
 * The AI search in a worker thread of its own, over its own read-only connection to the database
 * file: loading every franchise, analysing their texts and building the index take seconds of CPU
 * at tens of thousands of brands (at start and at every full reload), which the API's event loop
 * no longer shares. Searches are answered concurrently by id; only the window's cards come back.
 * The thread starts on the first search or warm-up and never keeps the process alive; one that
 * dies fails its searches and is replaced (with a fresh index) on the next.
 * @example const ranker = createRankerThread({ url: 'file:./data/app.db', now: () => new Date() });
 */
export function createRankerThread(options: {
  url: string;
  now: () => Date;
  /** Sees each thread as it starts (its replacements too). */
  onThread?: (worker: Worker) => void;
}): FranchiseRanker {
  const pending = new Map<
    number,
    { resolve(page: FranchisePage): void; reject(error: Error): void }
  >();
  let worker: Worker | null = null;
  let nextId = 0;
  let closed = false;

  const thread = (): Worker => {
    if (worker) return worker;
    const started = startReadThread('ranker-worker', import.meta.url, { url: options.url });
    started.unref();
    started.on('message', (answer: RankerAnswer) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      if ('error' in answer) job.reject(new Error(answer.error));
      else job.resolve(answer.page);
    });
    const fail = (error: Error) => {
      if (worker !== started) return;
      worker = null;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the AI search thread exited (${code})`)));
    worker = started;
    options.onThread?.(started);
    return started;
  };

  const send = (job: RankerJob) => thread().postMessage(job);

  return {
    search(sentence, window) {
      if (closed) return Promise.reject(new Error('the AI search thread is closed'));
      nextId += 1;
      const id = nextId;
      return new Promise<FranchisePage>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        send({ kind: 'search', id, now: options.now().getTime(), sentence, ...window });
      });
    },
    warmUp() {
      if (!closed) send({ kind: 'warm-up', now: options.now().getTime() });
    },
    async close() {
      closed = true;
      const running = worker;
      worker = null;
      for (const job of pending.values()) job.reject(new Error('the AI search thread is closed'));
      pending.clear();
      await running?.terminate();
    },
  };
}

/**
 * The ranker for a database URL: a thread for a local file; this thread for a remote server (its
 * queries do not block) and for an in-memory database (another connection would be another,
 * empty database).
 */
export function rankerFor(url: string, db: Db, now: () => Date): FranchiseRanker {
  return canReadInThread(url) ? createRankerThread({ url, now }) : inProcessRanker({ db, now });
}
