import { Hono } from 'hono';
import type { AppEnv } from '../auth/session.ts';
import { DOCS_HTML, DOCS_JS } from './docs-page.ts';
import { buildOpenApiDocument, type MountedRoute } from './document.ts';

/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document of the routes `routes()` lists, built once)
 * and the reference page `GET /api/docs` with its script.
 *
 * @example
 * api.route('/', openApiRoutes(() => app.routes));
 */
export function openApiRoutes(routes: () => readonly MountedRoute[]) {
  let json: string | undefined;
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      json ??= JSON.stringify(buildOpenApiDocument(routes()).document);
      return c.body(json, 200, {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=300',
      });
    })
    .get('/docs', (c) => c.html(DOCS_HTML, 200, { 'cache-control': 'public, max-age=300' }))
    .get('/docs/reference.js', (c) =>
      c.body(DOCS_JS, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
      }),
    );
}
