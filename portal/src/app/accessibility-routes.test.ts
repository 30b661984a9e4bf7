import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PORTAL_ROUTES } from '../../tests/e2e/accessibility-routes.ts';

// The portal's API client resolves its relative base URL against the page's address.
vi.stubGlobal('location', { href: 'http://localhost/', pathname: '/' });
const { routes } = await import('./router.tsx');

/** Every path the router declares, in full (`/my-profile/general`); layout-only routes add none. */
function routerPaths(list: readonly RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index
      ? parent || '/'
      : route.path
        ? `${parent}/${route.path}`.replace(/\/+/g, '/')
        : null;
    const children = route.children ? routerPaths(route.children, own ?? parent) : [];
    return own === null ? children : [own, ...children];
  });
}

describe('the accessibility spec (issue #14)', () => {
  it('lists every route of the router, and no route the router lacks', () => {
    const declared = [...new Set(routerPaths(routes))].sort();
    const listed = PORTAL_ROUTES.map((r) => r.route).sort();
    expect(listed).toEqual(declared);
  });

  it('opens at least one page of every route that is not a redirect', () => {
    for (const entry of PORTAL_ROUTES) {
      if ('visits' in entry) expect(entry.visits.length, entry.route).toBeGreaterThan(0);
    }
  });
});
