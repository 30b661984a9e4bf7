import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as v from 'valibot';
import type { Logger } from './logger.ts';

/**
 * The body of a public page (rule 22) for the HTML of `path`, from its page data as JSON; null when
 * the portal renders nothing there (the page then goes out with the shell alone, and the browser
 * renders it).
 */
export type PageBodyRenderer = (path: string, dataJson: string) => Promise<string | null>;

/** A page to render. */
type RenderJob = { id: number; path: string; dataJson: string };

/** The thread's answer to a job: its HTML (null: nothing rendered there) or why it failed. */
const RenderAnswerSchema = v.union([
  v.object({ id: v.number(), html: v.nullable(v.string()) }),
  v.object({ id: v.number(), error: v.string() }),
]);
type RenderAnswer = v.InferOutput<typeof RenderAnswerSchema>;

/**
 * The render thread's code: it imports the portal's built server entry (by the URL it is given) and
 * answers each job with `renderPublicPage`'s HTML. Plain JavaScript evaluated by the thread, so it
 * needs no build of its own and the server's source imports nothing of the portal.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const entry = import(workerData.entryUrl).then((module) => {
  if (typeof module.renderPublicPage !== 'function') throw new Error('the portal server entry exports no renderPublicPage');
  return module;
});
// A module that fails to load fails each page that awaits it, not the thread.
entry.catch(() => {});
parentPort.on('message', async ({ id, path, dataJson }) => {
  try {
    const html = await (await entry).renderPublicPage(path, dataJson);
    parentPort.postMessage({ id, html: typeof html === 'string' ? html : null });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});
`;

/**
 * The portal's server entry at `file` (`portal/dist-server/server-entry.js`, built by `npm run
 * build`) as a page renderer, run in a worker thread of its own, started on the first page asked
 * for: rendering is CPU work that the API's event loop no longer shares, and the server's source
 * never imports React or the portal. Null when the portal's server entry is not built. A failed
 * render is logged and leaves that page to the browser; a thread that dies fails its pages and is
 * replaced on the next.
 *
 * @example
 * const render = portalPageRenderer('portal/dist-server/server-entry.js', logger);
 * await render?.('/consultants/u1', '{"kind":"consultant","profile":{…}}'); // '<div class="app">…'
 */
export function portalPageRenderer(file: string, logger: Logger): PageBodyRenderer | null {
  if (!existsSync(file)) return null;
  const pending = new Map<number, (answer: RenderAnswer) => void>();
  let worker: Worker | null = null;
  let nextId = 0;

  const thread = (): Worker => {
    if (worker) return worker;
    const started = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { entryUrl: pathToFileURL(file).href },
    });
    started.unref();
    started.on('message', (message: unknown) => {
      const parsed = v.safeParse(RenderAnswerSchema, message);
      if (!parsed.success) return;
      const answer = parsed.output;
      pending.get(answer.id)?.(answer);
      pending.delete(answer.id);
    });
    const fail = (error: Error) => {
      if (worker !== started) return;
      worker = null;
      for (const [id, answer] of pending) answer({ id, error: String(error) });
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the page render thread exited (${code})`)));
    worker = started;
    return started;
  };

  return async (path, dataJson) => {
    nextId += 1;
    const job: RenderJob = { id: nextId, path, dataJson };
    const answer = await new Promise<RenderAnswer>((resolve) => {
      pending.set(job.id, resolve);
      thread().postMessage(job);
    });
    if ('html' in answer) return answer.html;
    logger.error('A public page could not be rendered on the server', {
      path,
      error: answer.error,
    });
    return null;
  };
}
