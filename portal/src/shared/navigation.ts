import type { Role, SignUpRole } from '@fm/sdk/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { homePathFor, isOutsidePortal, PATHS, type SignUpState } from './paths.ts';
import { useSession } from './session.ts';

/**
 * Goes to a path, leaving the portal with a full page load when the path belongs to another app
 * on this origin (the admin control panel).
 */
export function useGoTo(): (path: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (path, options) => {
      if (isOutsidePortal(path)) {
        if (options?.replace) window.location.replace(path);
        else window.location.assign(path);
        return;
      }
      void navigate(path, options?.replace ? { replace: true } : undefined);
    },
    [navigate],
  );
}

/**
 * Sends a user to their role's home (franchisor → Find Consultants, consultant → Find Franchisors).
 *
 * @example
 * ```ts
 * const goHome = useGoHome();
 * const result = await api.auth.signIn(input);
 * goHome(result.user.role);
 * ```
 */
export function useGoHome(): (role: Role) => void {
  const goTo = useGoTo();
  return useCallback((role) => goTo(homePathFor(role), { replace: true }), [goTo]);
}

/**
 * What "I Am a Franchisor" / "I Am a Consultant" do: a guest goes to sign-up carrying the role in
 * navigation state; a signed-in user goes to the matching find page (user-area §2).
 */
export function useChooseRole(): (role: SignUpRole) => void {
  const session = useSession();
  const navigate = useNavigate();
  return useCallback(
    (role) => {
      if (session) {
        // The find page of the chosen role: a franchisor finds consultants, and vice versa.
        void navigate(homePathFor(role));
        return;
      }
      const state: SignUpState = { role };
      void navigate(PATHS.signUp, { state });
    },
    [session, navigate],
  );
}
