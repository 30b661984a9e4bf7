import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';
import { PUBLIC_PAGE_DATA_ID, SERVER_RENDERED_ATTRIBUTE } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import { renderHead } from '../features/public-pages/head-tags.ts';
import { scriptJson } from '../features/public-pages/markup-escape.ts';
import type { PublicPage, PublicPages } from '../features/public-pages/public-page.ts';
import { isNotModified, publicPageHeaders } from '../features/public-pages/validators.ts';
import { inlineFirstPaint } from './first-paint.ts';
import type { PageBodyRenderer } from './page-body-renderer.ts';

const TITLE = /<title>[^<]*<\/title>\s*/;
const DESCRIPTION = /<meta name="description" [^>]*>\s*/;

/**
 * The portal's index.html as the frame of a public page: its generic `<title>` and description
 * taken out (each page brings its own), split where a page's head tags, body and data go.
 */
export interface PublicShell {
  /** Up to the end of `<head>`. */
  head: string;
  /**
   * The same for a page whose body the server rendered: `<html>` marked with
   * SERVER_RENDERED_ATTRIBUTE and without the app's entry script, which the first-page script
   * loads when the visitor needs it.
   */
  renderedHead: string;
  /** From `</head>` up to the inside of the empty `<div id="root">`. */
  bodyStart: string;
  /** From the root's `</div>` up to `</body>`. */
  bodyEnd: string;
  /** `</body>` and after. */
  end: string;
}

const ROOT = '<div id="root">';
/**
 * The app's module preloads: a public page paints from its HTML and stylesheet alone, and the
 * preloads would share the network with them before the first paint; the app's code comes after,
 * as its entry imports it.
 */
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;
const NOSCRIPT = /\s*<noscript>.*?<\/noscript>/s;
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*><\/script>/;
const HTML_TAG = /<html\b/;

/**
 * Splits the built portal's index.html for public pages; null when it has no `</head>`, empty
 * `<div id="root"></div>` or `</body>` to put a page's tags, body and data in.
 *
 * @example
 * const shell = publicShell(readFileSync('portal/dist/index.html', 'utf8'));
 */
export function publicShell(indexHtml: string): PublicShell | null {
  const html = indexHtml.replace(TITLE, '').replace(DESCRIPTION, '').replace(MODULE_PRELOADS, '');
  const headEnd = html.indexOf('</head>');
  const root = html.indexOf(`${ROOT}</div>`, headEnd);
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || root < 0 || bodyEnd < root) return null;
  const inside = root + ROOT.length;
  const head = html.slice(0, headEnd);
  return {
    head,
    renderedHead: head
      .replace(ENTRY_SCRIPT, '')
      .replace(HTML_TAG, `<html ${SERVER_RENDERED_ATTRIBUTE}`),
    bodyStart: html.slice(headEnd, inside),
    bodyEnd: html.slice(inside, bodyEnd),
    end: html.slice(bodyEnd),
  };
}

/**
 * A public page's HTML (rule 22): the portal's shell with the page's head tags (`headTags`, from
 * `renderHead`), the body the portal's server entry rendered in `#root` (the shell's "needs
 * JavaScript" notice then left out: the page reads without it, and the app's entry script too:
 * the first-page script loads the app when the visitor needs it), and its data as a non-executable
 * JSON script (`<` and `>` escaped), which the portal starts from instead of reading the profile
 * again.
 *
 * @example
 * const html = publicPageHtml(shell, page, renderHead(page.head, page.robots), '<div class="app">…</div>');
 */
export function publicPageHtml(
  shell: PublicShell,
  page: PublicPage,
  headTags: string,
  body: string | null,
): string {
  const data =
    page.data === null
      ? ''
      : `<script type="application/json" id="${PUBLIC_PAGE_DATA_ID}">${scriptJson(page.data)}</script>\n  `;
  const bodyEnd =
    body === null ? shell.bodyEnd : shell.bodyEnd.replace(NOSCRIPT, '').replace(ENTRY_SCRIPT, '');
  const head = body === null ? shell.head : shell.renderedHead;
  return `${head}${headTags}\n  ${shell.bodyStart}${body ?? ''}${bodyEnd}${data}${shell.end}`;
}

/**
 * The built portal's index.html as public pages' frame (its stylesheet and first-page script
 * inlined: {@link inlineFirstPaint}), with an id of that build (a new build, new asset names, a new
 * id: the pages' validators change with it) and the CSP sources its inline scripts need; null when
 * the portal is not built.
 *
 * @example
 * const portal = readPublicShell('portal/dist'); // { shell, buildId: 'Qm9v…', scriptSources: […] } or null
 */
export function readPublicShell(
  portalDir: string,
): { shell: PublicShell; buildId: string; scriptSources: string[] } | null {
  const file = join(portalDir, 'index.html');
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  const readAsset = (path: string) => {
    const asset = join(portalDir, path);
    return existsSync(asset) ? readFileSync(asset, 'utf8') : null;
  };
  const firstPaint = inlineFirstPaint(html, readAsset);
  const shell = publicShell(firstPaint.html);
  if (!shell) return null;
  return {
    shell,
    buildId: createHash('sha256').update(html).digest('base64url').slice(0, 16),
    scriptSources: firstPaint.scriptSources,
  };
}

type Encoding = 'br' | 'gzip';

/**
 * The encoding a public page goes out in for an `Accept-Encoding`: Brotli, else gzip, else none
 * (a coding with `q=0` is refused). The portal's files go out precompressed; a page is compressed
 * as it is answered, or once for the build when it is kept (see `compress`).
 *
 * @example
 * pageEncoding('gzip, deflate, br'); // 'br'
 */
export function pageEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page in an encoding. A profile's page, made for each version of the profile, is compressed
 * fast (Brotli at 5), on the event loop: about 1 ms for a profile's 44 KB, where zlib's thread pool
 * took more (bench PP1: 128 pages a second instead of 317, each compression handed between threads
 * chunk by chunk). A page kept for the build (landing, legal) is compressed once on the thread pool, as
 * small as Brotli and gzip make it (about 75 ms, which the event loop does not wait for): a
 * landing of 12.8 KB instead of 14.2 KB fits, with its headers, in the first round trip of a new
 * connection (about 14.6 KB), where a phone on a slow network otherwise waits one more. A copy in
 * a plain ArrayBuffer (a pooled Buffer's may be shared), as Hono's body takes it.
 */
const compress = async (
  encoding: Encoding,
  html: string,
  best: boolean,
): Promise<Uint8Array<ArrayBuffer>> => {
  if (!best) {
    return new Uint8Array(
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html),
    );
  }
  return new Uint8Array(
    encoding === 'br'
      ? await brotli(html, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
          },
        })
      : await gzipped(html, { level: zlib.Z_BEST_COMPRESSION }),
  );
};

/** A page's answer: its HTML as it is, or compressed as asked. */
type Answer =
  | { encoding: null; body: string }
  | { encoding: Encoding; body: Uint8Array<ArrayBuffer> };

/**
 * The bytes of profile answers kept (about 1,600 profiles' pages as Brotli makes them, 10 KB
 * each). A visitor's page is cheap once kept: the answer costs the profile's read, not its render
 * and compression (decision 035).
 */
export const KEPT_PROFILE_ANSWER_BYTES = 16 * 1024 * 1024;

/** Where answers are kept: a Map, or a cache that lets the least recently asked ones go. */
interface Kept {
  get(key: string): Answer | undefined;
  set(key: string, answer: Answer): unknown;
}

/**
 * Each page's answer, kept by path, validator and encoding (the validator names everything the
 * page shows and the build, so a kept answer is current for as long as its key is asked for): the
 * pages the same for everyone between builds (landing, legal) are compressed as small as can be
 * and kept for the build; a profile is compressed fast and kept among the most recently asked
 * ({@link KEPT_PROFILE_ANSWER_BYTES}), a changed profile being a new validator. Requests arriving
 * while an answer is made share its work. An answer the renderer failed on is not kept: the next
 * request tries again.
 */
function answers(deps: { shell: PublicShell; render: PageBodyRenderer | null }) {
  const make = async (path: string, page: PublicPage, encoding: Encoding | null, best: boolean) => {
    const body =
      deps.render && page.data !== null ? await deps.render(path, JSON.stringify(page.data)) : null;
    const html = publicPageHtml(deps.shell, page, renderHead(page.head, page.robots), body);
    const answer: Answer = encoding
      ? { encoding, body: await compress(encoding, html, best) }
      : { encoding, body: html };
    return { answer, complete: body !== null || deps.render === null };
  };
  const forTheBuild: Kept = new Map<string, Answer>();
  const profiles: Kept = new LRUCache<string, Answer>({
    maxSize: KEPT_PROFILE_ANSWER_BYTES,
    sizeCalculation: (answer) => Math.max(1, answer.body.length),
  });
  const making = new Map<string, Promise<Answer>>();
  return (path: string, page: PublicPage, encoding: Encoding | null): Promise<Answer> => {
    const sameForEveryone = page.data?.kind === 'landing' || page.data?.kind === 'legal';
    const kept = sameForEveryone ? forTheBuild : profiles;
    const key = `${path} ${page.etag} ${encoding ?? 'identity'}`;
    const known = kept.get(key);
    if (known) return Promise.resolve(known);
    const pending = making.get(key);
    if (pending) return pending;
    const made = make(path, page, encoding, sameForEveryone)
      .then(({ answer, complete }) => {
        if (complete) kept.set(key, answer);
        return answer;
      })
      .finally(() => making.delete(key));
    making.set(key, made);
    return made;
  };
}

/**
 * The public routes of rule 22 (landing, legal pages, consultants' and franchisors' profiles)
 * answered as HTML with their head tags, the body the portal renders for a guest (`render`, when
 * the portal's server entry is built) and their data, validators, a short shared lifetime and a
 * 304 when the browser's copy is current, compressed as the browser accepts; any other path goes
 * on to the portal's files and shell. Mounted before the static apps.
 *
 * @example
 * app.route('/', publicHtml({ shell, pages: createPublicPages({ db, publicUrl, buildId }), render }));
 */
export function publicHtml(deps: {
  shell: PublicShell;
  pages: PublicPages;
  render: PageBodyRenderer | null;
}) {
  const answerOf = answers(deps);
  return new Hono().get('*', async (c, next) => {
    const page = await deps.pages.page(c.req.path);
    if (!page) return next();
    const headers = { ...publicPageHeaders(page), vary: 'Accept-Encoding' };
    const request = {
      ifNoneMatch: c.req.header('if-none-match'),
      ifModifiedSince: c.req.header('if-modified-since'),
    };
    if (isNotModified(request, page)) return c.body(null, 304, headers);
    const answer = await answerOf(c.req.path, page, pageEncoding(c.req.header('accept-encoding')));
    if (answer.encoding === null) return c.html(answer.body, page.status, headers);
    return c.body(answer.body, page.status, {
      ...headers,
      'content-type': 'text/html; charset=UTF-8',
      'content-encoding': answer.encoding,
    });
  });
}
