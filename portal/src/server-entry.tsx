import { restartIds } from '@fm/widgets/preact-ids';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router.tsx';
import { servedPage } from './shared/public-page-data.ts';
import { createQueryClient } from './shared/query-client.ts';
import { queryKeys } from './shared/query-keys.ts';

/**
 * The portal's server entry (rule 22): the public pages' body as the portal renders it, which the
 * API process puts in `#root` and the browser hydrates (main.tsx). Built by `npm run build -w
 * portal` into `portal/dist-server/`; the server loads it by path and never imports React.
 * Renders as a guest: what a signed-in visitor sees differently comes after hydration. The build
 * runs it on preact-render-to-string (`react-dom/server` on preact/compat, decision 022).
 */

// The routes' matching tables, made once.
const handler = createStaticHandler(routes);

/**
 * The HTML of the app at `path` for a guest, from the page data the server sends with the page
 * (`dataJson`, the text of its `<script type="application/json">`): a profile is seeded into the
 * query cache as the browser seeds it, so both render the same tree. Null when the path is not a
 * page of the portal (a redirect, an error).
 *
 * @example
 * await renderPublicPage('/consultants/u1', '{"kind":"consultant","profile":{…}}'); // '<div class="app">…'
 */
export async function renderPublicPage(
  path: string,
  dataJson: string | null,
): Promise<string | null> {
  const context = await handler.query(new Request(new URL(path, 'http://portal.invalid')));
  if (context instanceof Response || context.errors) return null;
  const client = createQueryClient();
  const page = dataJson === null ? null : servedPage(dataJson);
  if (page?.profile) {
    client.setQueryData(queryKeys.publicProfile(page.kind, page.profile.id), page.profile);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  restartIds();
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
