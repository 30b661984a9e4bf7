import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../shared/page-title.ts';

interface PageShellProps {
  title: string;
  /** A line under the heading. */
  lead?: ReactNode;
  /**
   * Where "Back" leads; shown on small screens, where detail pages have no site header
   * (user-area §2).
   */
  backTo?: { to: string; label: string };
  /** Extra class for page-specific layout. */
  className?: string;
  children?: ReactNode;
}

/**
 * A page's heading and body. Pages that later features fill render only this, with no body:
 * the layout and the heading, nothing made up.
 *
 * @example
 * ```tsx
 * <PageShell title="Payments" />
 * ```
 */
export function PageShell({ title, lead, backTo, className, children }: PageShellProps) {
  usePageTitle(title);
  return (
    <div className={className ? `page ${className}` : 'page'}>
      {backTo ? (
        <Link to={backTo.to} className="page__back">
          <span aria-hidden="true">←</span> {backTo.label}
        </Link>
      ) : null}
      <div className="page__header">
        <h1 className="page__title">{title}</h1>
        {lead ? <p className="page__lead">{lead}</p> : null}
      </div>
      {children}
    </div>
  );
}
