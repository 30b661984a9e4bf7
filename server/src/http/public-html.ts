import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { renderHead } from '../features/public-pages/head-tags.ts';
import { scriptJson } from '../features/public-pages/markup-escape.ts';
import type { PublicPage, PublicPages } from '../features/public-pages/public-page.ts';
import { answerPublicPage } from '../features/public-pages/validators.ts';

/** The id of the page data's `<script type="application/json">` (the portal reads it by this id). */
export const PUBLIC_PAGE_DATA_ID = 'fm-public-data';

const TITLE = /<title>[^<]*<\/title>\s*/;
const DESCRIPTION = /<meta name="description" [^>]*>\s*/;

/**
 * The portal's index.html as the frame of a public page: its generic `<title>` and description
 * taken out (each page brings its own), split where a page's head tags and its data go.
 */
export interface PublicShell {
  /** Up to the end of `<head>`. */
  head: string;
  /** From `</head>` up to `</body>`. */
  body: string;
  /** `</body>` and after. */
  end: string;
}

/**
 * Splits the built portal's index.html for public pages; null when it has no `</head>` or
 * `</body>` to put a page's tags and data before.
 *
 * @example
 * const shell = publicShell(readFileSync('portal/dist/index.html', 'utf8'));
 */
export function publicShell(indexHtml: string): PublicShell | null {
  const html = indexHtml.replace(TITLE, '').replace(DESCRIPTION, '');
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < headEnd) return null;
  return {
    head: html.slice(0, headEnd),
    body: html.slice(headEnd, bodyEnd),
    end: html.slice(bodyEnd),
  };
}

/**
 * A public page's HTML (rule 22): the portal's shell with the page's head tags (`headTags`, from
 * `renderHead`) and its data as a non-executable JSON script (`<` and `>` escaped), which the
 * portal starts from instead of reading the profile again.
 *
 * @example
 * const html = publicPageHtml(shell, page, renderHead(page.head, page.robots));
 */
export function publicPageHtml(shell: PublicShell, page: PublicPage, headTags: string): string {
  const data =
    page.data === null
      ? ''
      : `<script type="application/json" id="${PUBLIC_PAGE_DATA_ID}">${scriptJson(page.data)}</script>\n  `;
  return `${shell.head}${headTags}\n  ${shell.body}${data}${shell.end}`;
}

/**
 * The built portal's index.html as public pages' frame, with an id of that build (a new build, new
 * asset names, a new id: the pages' validators change with it); null when the portal is not built.
 *
 * @example
 * const portal = readPublicShell('portal/dist'); // { shell, buildId: 'Qm9v…' } or null
 */
export function readPublicShell(portalDir: string): { shell: PublicShell; buildId: string } | null {
  const file = join(portalDir, 'index.html');
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  const shell = publicShell(html);
  if (!shell) return null;
  return { shell, buildId: createHash('sha256').update(html).digest('base64url').slice(0, 16) };
}

/**
 * The public routes of rule 22 (landing, legal pages, consultants' and franchisors' profiles)
 * answered as HTML with their head tags and data, validators, a short shared lifetime and a 304
 * when the browser's copy is current; any other path goes on to the portal's files and shell.
 * Mounted before the static apps.
 *
 * @example
 * app.route('/', publicHtml({ shell, pages: createPublicPages({ db, publicUrl, buildId }) }));
 */
export function publicHtml(deps: { shell: PublicShell; pages: PublicPages }) {
  const render = (page: PublicPage) =>
    publicPageHtml(deps.shell, page, renderHead(page.head, page.robots));
  return new Hono().get('*', async (c, next) => {
    const page = await deps.pages.page(c.req.path);
    return page ? answerPublicPage(c, page, render) : next();
  });
}
