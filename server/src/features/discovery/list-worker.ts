import { parentPort, workerData } from 'node:worker_threads';
import { readOnlyConnection } from '../../db/read-thread.ts';
import { parseRowids } from './ranked-list.ts';
import {
  type PhraseList,
  parseRow,
  type ReadKind,
  type SearchColumns,
  transferables,
} from './search-columns.ts';

/**
 * A search thread (see list-reader.ts): one read-only connection to the database file; runs one
 * statement at a time and answers its epoch and what it read — rowids, a phrase's matches, or
 * the filter columns — parsed here and transferred (not copied) to the caller.
 */

/** A list, phrase or columns statement, compiled. */
export interface ListJob {
  id: number;
  kind: ReadKind;
  sql: string;
  params: (string | number | bigint | null)[];
}

export type ListJobResult =
  | { id: number; epoch: number; order: Int32Array }
  | { id: number; value: PhraseList | SearchColumns }
  | { id: number; error: string };

const { url } = workerData as { url: string };
const { client, ready } = readOnlyConnection(url);

parentPort?.on('message', async (job: ListJob) => {
  try {
    await ready;
    const { rows } = await client.execute({ sql: job.sql, args: job.params });
    const row = rows[0];
    if (job.kind !== 'list') {
      const value = parseRow(job.kind, row as Record<string, unknown> | undefined);
      parentPort?.postMessage({ id: job.id, value } satisfies ListJobResult, transferables(value));
      return;
    }
    const ids = row?.ids;
    const order = typeof ids === 'string' && ids.length > 0 ? parseRowids(ids) : new Int32Array(0);
    const epoch = Number(row?.epoch ?? 0);
    parentPort?.postMessage({ id: job.id, epoch, order } satisfies ListJobResult, [
      order.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    parentPort?.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies ListJobResult);
  }
});
