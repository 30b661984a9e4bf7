import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { answerHeaders } from './answer-headers.ts';

export interface StaticDirs {
  portal: string;
  /** The portal's built server entry, which renders public pages' bodies (rule 22). */
  portalRenderer?: string;
  admin: string;
  widgets: string;
  widgetsDemo: string;
}

const immutable = 'public, max-age=31536000, immutable';

/** An SPA's index.html, read once; null when the app has not been built. */
function indexHtml(dir: string): string | null {
  const file = join(dir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

const notBuilt = (c: Context, what: string) =>
  c.text(`${what} has not been built. Run \`npm run build\` (npm start does it for you).`, 503);

/**
 * The one origin of rule 1 besides the API: the portal at `/`, the admin app at `/control-panel/*`
 * and the embeddable widgets at `/widgets/*`. Client-side routes fall back to their app's index.
 * Headers go into the request's `AnswerHeaders` (decision 026; `requestFrame` must run first), set
 * after the file is found: `c.header()` after the handler would rebuild the response around its
 * stream, and `c.res.headers` would turn its plain headers into a web `Headers` and back.
 */
export function staticApps(dirs: StaticDirs) {
  const portalIndex = indexHtml(dirs.portal);
  const adminIndex = indexHtml(dirs.admin);
  const rel = (dir: string) => resolve(dir);
  const app = new Hono();

  app.use('/widgets/*', async (c, next) => {
    await next();
    // Content-hashed files (chunks, the pinned loader) never change: cached for good.
    const hashed = /^\/widgets\/v1\/(chunks\/|loader-[0-9a-f]+\.js$)/.test(c.req.path);
    answerHeaders(c)
      // Partner sites load the module cross-origin: a module script needs CORS.
      .set('access-control-allow-origin', '*')
      .set('cache-control', hashed && c.res.ok ? immutable : 'public, max-age=300');
  });
  app.get('/widgets/demo.html', serveStatic({ path: join(rel(dirs.widgetsDemo), 'index.html') }));
  app.get(
    '/widgets/*',
    serveStatic({
      precompressed: true,
      root: rel(dirs.widgets),
      rewriteRequestPath: (p) => p.replace(/^\/widgets/, ''),
    }),
  );

  app.use('/control-panel/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) answerHeaders(c).set('cache-control', immutable);
  });
  app.get(
    '/control-panel/*',
    serveStatic({
      precompressed: true,
      root: rel(dirs.admin),
      rewriteRequestPath: (p) => p.replace(/^\/control-panel/, ''),
    }),
  );
  app.get('/control-panel', (c) =>
    adminIndex ? c.html(adminIndex) : notBuilt(c, 'The admin app'),
  );
  app.get('/control-panel/*', (c) =>
    adminIndex ? c.html(adminIndex) : notBuilt(c, 'The admin app'),
  );

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) answerHeaders(c).set('cache-control', immutable);
  });
  // Builds write .br/.gz copies (scripts/precompress.mjs); the best one the browser accepts is sent.
  app.get('/*', serveStatic({ precompressed: true, root: rel(dirs.portal) }));
  app.get('/*', (c) => (portalIndex ? c.html(portalIndex) : notBuilt(c, 'The portal')));
  return app;
}
