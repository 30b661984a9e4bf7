import { describe, expect, it, vi } from 'vitest';
import { routerPaths } from '../../../scripts/router-paths.ts';
import { PORTAL_ROUTES } from '../../tests/e2e/accessibility-routes.ts';

// The portal's API client resolves its relative base URL against the page's address.
vi.stubGlobal('location', { href: 'http://localhost/', pathname: '/' });
const { routes } = await import('./router.tsx');

describe('the accessibility spec', () => {
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
