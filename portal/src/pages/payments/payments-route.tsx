import { lazy, Suspense } from 'react';
import { PageShell } from '../page-shell.tsx';

// The chart library is heavy: it comes with the page's own chunk, never with the rest of the portal.
const PaymentsPage = lazy(() =>
  import('./payments-page.tsx').then((module) => ({ default: module.PaymentsPage })),
);

/** `/payments`, loaded on first visit. */
export function PaymentsRoute() {
  return (
    <Suspense
      fallback={
        <PageShell title="Payments">
          <p className="page__status" role="status">
            Loading payments…
          </p>
        </PageShell>
      }
    >
      <PaymentsPage />
    </Suspense>
  );
}
