/** One concrete API route as mounted: its method and its path pattern (`/api/session/:id`). */
export interface ApiRoute {
  method: string;
  path: string;
}

/** better-auth's own endpoints sit behind one catch-all: the ones the product uses. */
const AUTH_CATCH_ALL_ROUTES: ApiRoute[] = [
  { method: 'POST', path: '/api/auth/sign-in/email' },
  { method: 'POST', path: '/api/auth/sign-up/email' },
];

/** Whether calling `route` may end the caller's session (so it runs after the others). */
export const endsSession = (route: ApiRoute) =>
  (route.method === 'DELETE' && route.path === '/api/users') || /sign-out|logout/.test(route.path);

/**
 * Every concrete API route of `app` (middleware-only `ALL` entries and wildcards left out), once
 * each; routes that end the caller's session come last.
 * @example for (const route of apiRoutes(server.container.app)) { … }
 */
export function apiRoutes(app: { routes: readonly ApiRoute[] }): ApiRoute[] {
  const seen = new Set<string>();
  const routes: ApiRoute[] = [];
  for (const r of [...app.routes, ...AUTH_CATCH_ALL_ROUTES]) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/') || r.path.includes('*')) continue;
    const key = routeKey(r);
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path: r.path });
  }
  return [...routes.filter((r) => !endsSession(r)), ...routes.filter(endsSession)];
}

/** `GET /api/session/:id`: how tables of routes name a route. */
export const routeKey = (route: ApiRoute) => `${route.method} ${route.path}`;

/** The path with every `:param` replaced by `id`. */
export const concrete = (path: string, id: string) => path.replace(/:[A-Za-z]+/g, id);
