import { Link } from 'react-router';
import { PATHS } from '../shared/paths.ts';
import { PageShell } from './page-shell.tsx';

/** The catch-all for unknown paths. */
export function NotFoundPage() {
  return (
    <PageShell title="Page not found" className="page--centered">
      <p className="page__text">The page you are looking for does not exist or has moved.</p>
      <Link to={PATHS.landing} className="button button--primary">
        Go to the home page
      </Link>
    </PageShell>
  );
}
