import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route's page in its own chunk, fetched when the route first matches, so the first screen
 * never waits for the whole app. On a navigation the router keeps the current page until the
 * chunk is there; on the first load the layout renders at once with an empty page area of its
 * final place (`.page--loading`), so nothing the page brings in pushes what is already shown.
 *
 * @example
 * { path: 'payments', ...lazyPage(() => import('../pages/payments/payments-page.tsx'), (m) => <m.PaymentsPage />) }
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactNode,
): Required<Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'>> {
  return {
    lazy: async () => ({ element: render(await load()) }),
    hydrateFallbackElement: <div className="page page--loading" aria-busy="true" />,
  };
}
