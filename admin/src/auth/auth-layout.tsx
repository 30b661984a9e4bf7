import { COPYRIGHT_YEARS } from '@fm/sdk/contracts';
import { Outlet } from 'react-router';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { Brand } from '../ui/brand.tsx';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import './auth-layout.css';

/** The background-image layout of the signed-out screens (admin-panel §2). */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <main className="auth-layout__main">
        <div className="auth-card">
          <div className="auth-card__brand">
            <Brand />
          </div>
          <Outlet />
        </div>
      </main>
      <footer className="auth-layout__footer">
        © {COPYRIGHT_YEARS} {ADMIN_TEXT.productName}
      </footer>
    </div>
  );
}

/** Title and lead paragraph of an auth card. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string | undefined }) {
  useDocumentTitle(title);
  return (
    <header className="auth-card__header">
      <h1 className="auth-card__title">{title}</h1>
      {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
    </header>
  );
}
