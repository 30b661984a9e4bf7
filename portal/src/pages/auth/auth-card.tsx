import type { ReactNode } from 'react';
import { usePageTitle } from '../../shared/page-title.ts';

interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card, e.g. to the other auth page. */
  footer?: ReactNode;
}

/** The centred card of the sign-in, sign-up and activation pages. */
export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  usePageTitle(title);
  return (
    <div className="auth">
      <div className="auth__card">
        <h1 className="auth__title">{title}</h1>
        {lead ? <p className="auth__lead">{lead}</p> : null}
        {children}
      </div>
      {footer ? <div className="auth__footer">{footer}</div> : null}
    </div>
  );
}
