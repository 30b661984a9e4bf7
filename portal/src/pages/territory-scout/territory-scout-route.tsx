import { lazy, Suspense } from 'react';
import { PageShell } from '../page-shell.tsx';

// The map geometry is heavy: it comes with the page's own chunk, never with the rest of the portal.
const TerritoryScoutPage = lazy(() =>
  import('./territory-scout-page.tsx').then((module) => ({ default: module.TerritoryScoutPage })),
);

/** `/territory-scout`, loaded on first visit. */
export function TerritoryScoutRoute() {
  return (
    <Suspense
      fallback={
        <PageShell title="Territory Scout">
          <p className="page__status" role="status">
            Loading Territory Scout…
          </p>
        </PageShell>
      }
    >
      <TerritoryScoutPage />
    </Suspense>
  );
}
