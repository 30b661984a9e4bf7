import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client.ts';
import { canReadInThread, startReadThread } from '../../db/read-thread.ts';
import type { ListJob, ListJobResult } from './list-worker.ts';
import { type RankedList, rankedList, rankedListOf } from './ranked-list.ts';
import { type PhraseList, parseRow, type SearchColumns } from './search-columns.ts';

/**
 * Runs the list statements of a search: one row `{ epoch, ids }` read as a ranked list. These are
 * the expensive statements (FTS5 ranking, scans of the projection), milliseconds each at 100,000
 * rows; with a local file they run in worker threads so that the event loop keeps answering.
 */
export interface ListReader {
  read(statement: SQL): Promise<RankedList>;
  /** One row `{ epoch, ids, terms }`: a phrase's matches and their bm25 (see search-columns.ts). */
  readPhrase(statement: SQL): Promise<PhraseList>;
  /** One row `{ epoch, ids, tags, n0, n1, … }`: the filter columns of the visible rows. */
  readColumns(statement: SQL): Promise<SearchColumns>;
  /** Stops the threads, if any; reads after it fail. */
  close(): Promise<void>;
}

/**
 * The statement on the caller's own connection, on this thread (a remote libSQL server answers
 * asynchronously, so nothing blocks; tests compare the pool against it).
 * @example await inProcessLists(db).read(sql`select 1 as epoch, '3,1,2' as ids`)
 */
export function inProcessLists(db: Db): ListReader {
  return {
    async read(statement) {
      const [row] = await db.all<{ epoch: number | null; ids: string | null }>(statement);
      return rankedList(row?.epoch ?? 0, row?.ids ?? null);
    },
    async readPhrase(statement) {
      const [row] = await db.all<Record<string, unknown>>(statement);
      return parseRow('phrase', row) as PhraseList;
    },
    async readColumns(statement) {
      const [row] = await db.all<Record<string, unknown>>(statement);
      return parseRow('columns', row) as SearchColumns;
    },
    async close() {},
  };
}

interface Job extends ListJob {
  resolve(value: RankedList | PhraseList | SearchColumns): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

export interface ListPool extends ListReader {
  /** Running threads (started on the first read). */
  readonly threads: number;
}

/**
 * A few worker threads, each with its own read-only connection to the database file, that run the
 * list statements one at a time each, the others waiting in order. Threads start on the first
 * read (most processes and tests never search) and never keep the process alive on their own; a
 * thread that dies fails its statement and is replaced on the next read.
 *
 * Freshness is the cache's as before: every list statement reads the projection's epoch in the
 * same snapshot as its ids, and a worker's statement starts after the request read the epoch it
 * needs, so it sees that epoch or a newer one (WAL: a read sees every committed write).
 * @example const lists = createListPool({ url: 'file:./data/app.db' }); await lists.read(statement);
 */
export function createListPool(options: {
  url: string;
  size?: number;
  /** Sees each thread as it starts (its replacements too). */
  onThread?: (worker: Worker) => void;
}): ListPool {
  const size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
  const dialect = new SQLiteAsyncDialect();
  const threads: Thread[] = [];
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;

  const finish = (thread: Thread) => {
    thread.job = null;
    const next = queue.shift();
    if (next) run(thread, next);
  };

  const run = (thread: Thread, job: Job) => {
    thread.job = job;
    const { id, kind, sql, params } = job;
    thread.worker.postMessage({ id, kind, sql, params } satisfies ListJob);
  };

  const spawn = (): Thread => {
    const thread: Thread = {
      worker: startReadThread('list-worker', import.meta.url, { url: options.url }),
      job: null,
    };
    thread.worker.unref();
    thread.worker.on('message', (message: ListJobResult) => {
      const { job } = thread;
      if (!job || job.id !== message.id) return;
      if ('error' in message) job.reject(new Error(message.error));
      else if ('value' in message) job.resolve(message.value);
      else job.resolve(rankedListOf(message.epoch, message.order));
      finish(thread);
    });
    const fail = (error: Error) => {
      const at = threads.indexOf(thread);
      if (at >= 0) threads.splice(at, 1);
      thread.job?.reject(error);
      thread.job = null;
      // The queue moves on in the other threads, or in a fresh one.
      const next = queue.shift();
      if (next && !closed) dispatch(next);
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => fail(new Error(`a search thread exited (${code})`)));
    threads.push(thread);
    options.onThread?.(thread.worker);
    return thread;
  };

  const dispatch = (job: Job) => {
    const idle = threads.find((t) => t.job === null);
    if (idle) return run(idle, job);
    if (threads.length < size) return run(spawn(), job);
    queue.push(job);
  };

  const submit = <T>(kind: ListJob['kind'], statement: SQL): Promise<T> => {
    if (closed) return Promise.reject(new Error('the search threads are closed'));
    const { sql, params } = dialect.sqlToQuery(statement);
    return new Promise<T>((resolve, reject) => {
      nextId += 1;
      dispatch({
        id: nextId,
        kind,
        sql,
        params: params as ListJob['params'],
        resolve: resolve as Job['resolve'],
        reject,
      });
    });
  };

  return {
    read: (statement) => submit<RankedList>('list', statement),
    readPhrase: (statement) => submit<PhraseList>('phrase', statement),
    readColumns: (statement) => submit<SearchColumns>('columns', statement),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the search threads are closed'));
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()));
    },
    get threads() {
      return threads.length;
    },
  };
}

/**
 * The reader for a database URL: the worker pool for a local file, this thread for a remote server
 * (its statements do not block the event loop) and for an in-memory database (a second connection
 * would be another, empty database).
 */
export function listReaderFor(url: string, db: Db, size?: number): ListReader {
  return canReadInThread(url)
    ? createListPool({ url, ...(size === undefined ? {} : { size }) })
    : inProcessLists(db);
}
