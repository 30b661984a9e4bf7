import { describe, expect, it, vi } from 'vitest';
import { routerPaths } from '../../scripts/router-paths.ts';
import { ADMIN_ROUTES } from '../tests/e2e/accessibility-routes.ts';

// The admin's API client resolves its relative base URL against the page's address.
vi.stubGlobal('location', { href: 'http://localhost/control-panel/', pathname: '/control-panel/' });
const { adminRoutes } = await import('./router.tsx');

describe('the accessibility spec', () => {
  it('lists every route of the control panel, and no route the router lacks', () => {
    const declared = [...new Set(routerPaths(adminRoutes))].sort();
    const listed = ADMIN_ROUTES.map((r) => r.route).sort();
    expect(listed).toEqual(declared);
  });

  it('opens at least one page of every route that is not a redirect', () => {
    for (const entry of ADMIN_ROUTES) {
      if ('visits' in entry) expect(entry.visits.length, entry.route).toBeGreaterThan(0);
    }
  });
});
