import { Hono } from 'hono';
import { robotsTxt } from './robots.ts';
import { createSitemaps, parseSitemapName, type SitemapDeps } from './sitemap.ts';
import { notModified, validatorHeaders } from './validators.ts';

const XML = 'application/xml; charset=utf-8';

/**
 * `GET /robots.txt`, `/sitemap.xml` and `/sitemaps/{kind}-{n}.xml` (rule 22), with validators and
 * a short shared lifetime; mounted before the portal's files and its client-side fallback.
 *
 * @example app.route('/', crawlerRoutes({ db, publicUrl: env.PUBLIC_URL }));
 */
export function crawlerRoutes(deps: SitemapDeps) {
  const sitemaps = createSitemaps(deps);
  const robots = robotsTxt(deps.publicUrl);
  return new Hono()
    .get('/robots.txt', (c) =>
      c.body(robots, 200, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'public, max-age=3600',
      }),
    )
    .get('/sitemap.xml', async (c) => {
      const index = await sitemaps.index();
      return (
        notModified(c, index) ??
        c.body(index.xml, 200, { ...validatorHeaders(index), 'content-type': XML })
      );
    })
    .get('/sitemaps/:file{[a-z]+-[0-9]+\\.xml}', async (c) => {
      const name = parseSitemapName(c.req.param('file').replace(/\.xml$/, ''));
      const file = name ? await sitemaps.file(name.kind, name.n) : null;
      if (!file) return c.notFound();
      return (
        notModified(c, file) ??
        c.body(file.xml, 200, { ...validatorHeaders(file), 'content-type': XML })
      );
    });
}
