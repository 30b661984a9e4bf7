import { Worker } from 'node:worker_threads';
import { type Client, createClient } from '@libsql/client';
import { BUSY_TIMEOUT_MS } from './busy-timeout.ts';
import { keepPreparedStatements } from './statement-cache.ts';

/**
 * Whether a database URL is a file a read thread can open too (a remote server answers
 * asynchronously and needs none; `:memory:` opened again would be another, empty database).
 * @example canReadInThread('file:./data/app.db') // true
 */
export const canReadInThread = (url: string): boolean =>
  url.startsWith('file:') && !url.includes(':memory:');

/**
 * A worker thread that reads the database file on its own connection (the search threads, the AI
 * search's index). `name` is the module beside the caller (`import.meta.url`): its TypeScript from
 * the sources, its JavaScript in the production bundle (server/scripts/build.mjs lists it).
 * Node runs a `.ts` worker only through tsx's loader: an eval'd bootstrap registers it first.
 * @example startReadThread('list-worker', import.meta.url, { url: 'file:./data/app.db' })
 */
export function startReadThread(name: string, from: string, workerData: { url: string }): Worker {
  const fromSource = from.endsWith('.ts');
  const file = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, from);
  if (!fromSource) return new Worker(file, { workerData });
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Inside a read thread: one connection (the thread runs one statement at a time), read-only, that
 * waits on a lock rather than failing, with its statements prepared once.
 * @example const { client, ready } = readOnlyConnection(url); await ready;
 */
export function readOnlyConnection(url: string): { client: Client; ready: Promise<unknown> } {
  keepPreparedStatements();
  const client = createClient({ url, concurrency: 1, timeout: BUSY_TIMEOUT_MS });
  return { client, ready: client.execute('PRAGMA query_only = ON') };
}
