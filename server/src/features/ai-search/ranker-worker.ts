import { parentPort, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/libsql';
import { readOnlyConnection } from '../../db/read-thread.ts';
import * as schema from '../../db/schema/index.ts';
import { type FranchisePage, inProcessRanker, type SearchWindow } from './ranker.ts';

/**
 * The AI search's thread (see ranker-thread.ts): it loads the franchises on its own read-only
 * connection, keeps the index, refreshes it and ranks every sentence, so that none of this takes
 * the API's event loop. Each message carries the API's clock: the index's checks and reloads run
 * on the caller's time (a test's clock included), as they did on the API's thread.
 */

export type RankerJob =
  | { kind: 'warm-up'; now: number }
  | ({ kind: 'search'; id: number; now: number; sentence: string } & SearchWindow);

export type RankerAnswer = { id: number; page: FranchisePage } | { id: number; error: string };

const { url } = workerData as { url: string };
const { client, ready } = readOnlyConnection(url);
const db = drizzle(client, { schema });
/** The time of the latest message (every message sets it before the index reads it). */
let clock = 0;
const ranker = inProcessRanker({ db, now: () => new Date(clock) });

parentPort?.on('message', async (job: RankerJob) => {
  clock = job.now;
  if (job.kind === 'warm-up') {
    await ready.catch(() => undefined);
    ranker.warmUp();
    return;
  }
  try {
    await ready;
    const page = await ranker.search(job.sentence, { offset: job.offset, limit: job.limit });
    parentPort?.postMessage({ id: job.id, page } satisfies RankerAnswer);
  } catch (error) {
    parentPort?.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RankerAnswer);
  }
});
