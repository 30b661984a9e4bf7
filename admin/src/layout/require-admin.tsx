import { GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { toast } from '@fm/widgets/kit';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { api, clearAdminSession } from '../api/client.ts';
import type { SignInRedirectState } from '../auth/sign-in-page.tsx';
import { paths } from '../paths.ts';
import { useSession } from '../session/session-store.ts';
import { Spinner } from '../ui/spinner.tsx';

const PERMISSION_TOAST_ID = 'permission-denied';

/**
 * Shown for a moment to a signed-in non-admin: they are told, signed out, and — their session
 * gone — sent to admin sign-in by {@link RequireAdmin} (admin-panel §4).
 */
function RefuseNonAdmin() {
  useEffect(() => {
    toast.error(GENERIC_MESSAGES.permissionDenied, { id: PERMISSION_TOAST_ID });
    void api.auth
      .signOut()
      .catch(() => undefined)
      .finally(clearAdminSession);
  }, []);
  return (
    <div className="page-loading">
      <Spinner label={ADMIN_TEXT.loading} />
    </div>
  );
}

/** The admin area accepts only the admin role; a guest is sent to admin sign-in. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.signIn} replace state={state} />;
  }
  if (session.user.role !== 'admin') return <RefuseNonAdmin />;
  return children;
}
