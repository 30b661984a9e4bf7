import { UI_TEXT } from '@fm/sdk/contracts';
import { Link } from 'react-router';
import { homePathFor, isOutsidePortal } from '../shared/paths.ts';
import type { Session } from '../shared/session.ts';

/** "Back to Platform": a signed-in user's way from the landing page to their home. */
export function BackToPlatformLink({
  session,
  onClick,
  className = 'button button--primary',
}: {
  session: Session;
  onClick?: () => void;
  className?: string;
}) {
  const home = homePathFor(session.role);
  // Admins' home is another app on this origin: a plain link loads it.
  if (isOutsidePortal(home)) {
    return (
      <a href={home} className={className} onClick={onClick}>
        {UI_TEXT.backToPlatform}
      </a>
    );
  }
  return (
    <Link to={home} className={className} onClick={onClick}>
      {UI_TEXT.backToPlatform}
    </Link>
  );
}
