import type { Context } from 'hono';
import type { PublicPage } from './public-page.ts';

/** A minute in a browser, five in a shared cache (rule 22): a changed profile shows soon. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, s-maxage=300';

/** What a public answer is validated by. */
export interface Validators {
  /** `W/"…"` or `"…"`. */
  etag: string;
  lastModified: Date;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Whether the request's validators still match (RFC 9110 §13.2.2): `If-None-Match` by weak
 * comparison when present, else `If-Modified-Since` to the second.
 *
 * @example
 * isNotModified({ ifNoneMatch: 'W/"a"' }, { etag: 'W/"a"', lastModified }); // true
 */
export function isNotModified(
  request: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
  validators: Validators,
): boolean {
  if (request.ifNoneMatch !== undefined) {
    if (request.ifNoneMatch.trim() === '*') return true;
    const mine = opaque(validators.etag);
    return (request.ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? []).some(
      (tag) => opaque(tag) === mine,
    );
  }
  if (request.ifModifiedSince === undefined) return false;
  const since = new Date(request.ifModifiedSince);
  return !Number.isNaN(since.getTime()) && seconds(validators.lastModified) <= seconds(since);
}

/**
 * The caching headers of a public answer: the validators and a short shared lifetime.
 * @example c.body(xml, 200, { ...validatorHeaders(v), 'content-type': 'application/xml' });
 */
export function validatorHeaders(validators: Validators): Record<string, string> {
  return {
    etag: validators.etag,
    'last-modified': validators.lastModified.toUTCString(),
    'cache-control': PUBLIC_CACHE_CONTROL,
  };
}

/**
 * A 304 when the request's validators match, else null: the caller then answers in full.
 * @example return notModified(c, v) ?? c.body(xml, 200, validatorHeaders(v));
 */
export function notModified(c: Context, validators: Validators): Response | null {
  const request = {
    ifNoneMatch: c.req.header('if-none-match'),
    ifModifiedSince: c.req.header('if-modified-since'),
  };
  return isNotModified(request, validators)
    ? c.body(null, 304, validatorHeaders(validators))
    : null;
}

/**
 * A public page's headers: its validators, lifetime and, when it is not to be indexed,
 * `X-Robots-Tag: noindex`.
 * @example publicPageHeaders(page)['x-robots-tag']; // 'noindex' for a hidden profile
 */
export function publicPageHeaders(page: PublicPage): Record<string, string> {
  return {
    ...validatorHeaders(page),
    ...(page.robots === 'noindex' ? { 'x-robots-tag': 'noindex' } : {}),
  };
}

/**
 * Answers a public page: a 304 when the request's validators match (nothing is rendered),
 * else its HTML with the page's status and headers.
 *
 * @example
 * app.get('*', async (c, next) => {
 *   const page = await pages.page(c.req.path);
 *   return page ? answerPublicPage(c, page, (p) => renderPage(p)) : next();
 * });
 */
export async function answerPublicPage(
  c: Context,
  page: PublicPage,
  render: (page: PublicPage) => string | Promise<string>,
): Promise<Response> {
  const headers = publicPageHeaders(page);
  const request = {
    ifNoneMatch: c.req.header('if-none-match'),
    ifModifiedSince: c.req.header('if-modified-since'),
  };
  if (isNotModified(request, page)) return c.body(null, 304, headers);
  return c.html(await render(page), page.status, headers);
}
