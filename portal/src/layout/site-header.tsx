import { Suspense } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../shared/paths.ts';
import type { Session } from '../shared/session.ts';
import { BackToPlatformLink } from './back-to-platform-link.tsx';
import { BrandLink } from './brand-link.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { AUTH_LINKS, GUEST_NAV, LANDING_NAV, roleNav } from './nav-items.ts';
import { NavLinks } from './nav-links.tsx';
import { NotificationsBell, ProfileMenu, TutorialTour } from './signed-in-parts.ts';

interface SiteHeaderProps {
  session: Session | null;
  /** The landing page shows its section anchors instead of the app navigation. */
  landing: boolean;
  /** Hidden on small screens for some detail pages (user-area §2). */
  hideOnMobile: boolean;
  onSupport: () => void;
  onLogOut: () => void;
}

/**
 * The site header for guests, franchisors and consultants (user-area §2): the landing page's
 * anchors, the guest links (all leading to sign-in) or the role's navigation, then Log In / Sign
 * Up, Back to Platform, or the bell and the profile menu. Small screens get a burger menu. The
 * guided tour of a signed-in user, on either.
 */
export function SiteHeader({
  session,
  landing,
  hideOnMobile,
  onSupport,
  onLogOut,
}: SiteHeaderProps) {
  const items = landing ? LANDING_NAV : session ? roleNav(session.role) : GUEST_NAV;
  // Landing anchors share one page and guest links all go to sign-in: nothing to mark as current.
  const highlightActive = !landing && session !== null;
  const signedInApp = session !== null && !landing;

  // Both layouts are rendered and the viewport mark shows one (header.css): a page the server
  // rendered (rule 22) is already right on a phone before the app runs, and the app takes it over
  // as it is.
  return (
    <header className="site-header" data-hide-on-mobile={hideOnMobile ? '' : undefined}>
      <div className="site-header__inner">
        <BrandLink />
        <div className="site-header__for-desktop">
          <nav className="site-header__nav" aria-label="Main">
            <NavLinks items={items} highlightActive={highlightActive} className="nav-list" />
          </nav>
        </div>
        <div className="site-header__actions">
          <div className="site-header__for-desktop">
            {session === null ? (
              <>
                <Link to={PATHS.signIn} className="button button--ghost">
                  {AUTH_LINKS.logIn}
                </Link>
                <Link to={PATHS.signUp} className="button button--primary">
                  {AUTH_LINKS.signUp}
                </Link>
              </>
            ) : null}
            {session !== null && landing ? <BackToPlatformLink session={session} /> : null}
          </div>
          {signedInApp ? (
            <Suspense fallback={null}>
              <NotificationsBell />
              <TutorialTour session={session} />
            </Suspense>
          ) : null}
          <div className="site-header__for-desktop">
            {signedInApp ? (
              <Suspense fallback={null}>
                <ProfileMenu session={session} onSupport={onSupport} onLogOut={onLogOut} />
              </Suspense>
            ) : null}
          </div>
          <div className="site-header__for-mobile">
            <MobileMenu
              items={items}
              highlightActive={highlightActive}
              session={session}
              landing={landing}
              onSupport={onSupport}
              onLogOut={onLogOut}
            />
          </div>
        </div>
      </div>
    </header>
  );
}
