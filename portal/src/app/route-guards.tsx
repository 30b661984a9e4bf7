import type { Role } from '@fm/sdk/contracts';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathFor, isOutsidePortal, PATHS } from '../shared/paths.ts';
import { useSession } from '../shared/session.ts';

/** Sends a signed-in user to their role's home (a full page load for the admin app). */
export function RoleHomeRedirect({ accountRole }: { accountRole: Role }) {
  const to = homePathFor(accountRole);
  const external = isOutsidePortal(to);
  useEffect(() => {
    if (external) window.location.replace(to);
  }, [external, to]);
  return external ? null : <Navigate to={to} replace />;
}

/** The signed-in area: without credentials the user is sent to sign-in (user-area §2). */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={PATHS.signIn} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Sign-in and sign-up are for guests; a signed-in user goes to their home. */
export function GuestOnly() {
  const session = useSession();
  if (session) return <RoleHomeRedirect accountRole={session.role} />;
  return <Outlet />;
}

/**
 * A page of one role (Find Consultants is the franchisor's home, Find Franchisors the
 * consultant's); other roles go to their own home.
 */
export function RequireRole({ accountRole, children }: { accountRole: Role; children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to={PATHS.signIn} replace />;
  if (session.role !== accountRole) return <RoleHomeRedirect accountRole={session.role} />;
  return children;
}
