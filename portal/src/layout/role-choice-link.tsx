import { APP_LINK_ATTRIBUTE, type SignUpRole } from '@fm/sdk/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { homePathFor, isOutsidePortal, PATHS, type SignUpState } from '../shared/paths.ts';
import { useSession } from '../shared/session.ts';

export const ROLE_CHOICE_TEXT: Record<SignUpRole, string> = {
  franchisor: 'I Am a Franchisor',
  consultant: 'I Am a Consultant',
};

/**
 * "I Am a Franchisor" / "I Am a Consultant" (user-area §2): a guest goes to sign-up carrying the
 * role in navigation state; a signed-in user goes to the find page of that role.
 */
export function RoleChoiceLink({
  accountRole: role,
  className,
  children = ROLE_CHOICE_TEXT[role],
}: {
  accountRole: SignUpRole;
  className?: string;
  children?: ReactNode;
}) {
  const session = useSession();
  if (session) {
    const to = homePathFor(role);
    return isOutsidePortal(to) ? (
      <a href={to} className={className}>
        {children}
      </a>
    ) : (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  const state: SignUpState = { role };
  // The role goes in navigation state: on a guest's public page, the app follows this link.
  const appLink = { [APP_LINK_ATTRIBUTE]: '' };
  return (
    <Link to={PATHS.signUp} state={state} className={className} {...appLink}>
      {children}
    </Link>
  );
}
