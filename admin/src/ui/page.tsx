import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, ChevronRightIcon } from './icons.tsx';
import { useDocumentTitle } from './use-document-title.ts';
import './page.css';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

export interface PageProps {
  title: string;
  /** Trail above the heading, e.g. Consultant Management > Consultant Detail. */
  breadcrumbs?: readonly Crumb[];
  /** A Back link above the heading (edit and create pages). */
  back?: { to: string; label: string };
  /** Buttons on the heading's row (Actions, Edit, Download…). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every admin screen: breadcrumbs or back link, the heading, actions, then the body. */
export function Page({ title, breadcrumbs, back, actions, children }: PageProps) {
  const headingId = useId();
  useDocumentTitle(title);
  return (
    <section className="page" aria-labelledby={headingId}>
      {back ? (
        <Link className="page__back" to={back.to}>
          <ArrowLeftIcon width={16} height={16} />
          {back.label}
        </Link>
      ) : null}
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            {breadcrumbs.map((crumb) => (
              <li key={crumb.label}>
                {crumb.to ? (
                  <Link to={crumb.to}>{crumb.label}</Link>
                ) : (
                  <span aria-current="page">{crumb.label}</span>
                )}
                {crumb.to ? <ChevronRightIcon width={14} height={14} /> : null}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <header className="page__header">
        <h1 id={headingId} className="page__title">
          {title}
        </h1>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      {children ? <div className="page__body">{children}</div> : null}
    </section>
  );
}
