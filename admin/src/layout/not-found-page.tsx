import { Link } from 'react-router';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { paths } from '../paths.ts';
import { Page } from '../ui/page.tsx';

/** Any unknown path inside the control panel. */
export function NotFoundPage() {
  return (
    <Page title={ADMIN_TEXT.pageNotFound}>
      <div className="card status-card">
        <p>{ADMIN_TEXT.pageNotFoundBody}</p>
        <Link className="button button--secondary" to={paths.dashboard}>
          {ADMIN_TEXT.backToDashboard}
        </Link>
      </div>
    </Page>
  );
}
