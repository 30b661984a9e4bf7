import { Drawer } from '@fm/widgets/kit';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { startTutorial } from '../features/tutorial/tutorial-store.ts';
import { PATHS } from '../shared/paths.ts';
import type { Session } from '../shared/session.ts';
import { BackToPlatformLink } from './back-to-platform-link.tsx';
import { AUTH_LINKS, MOBILE_MENU_TEXT, type NavItem, PROFILE_MENU_TEXT } from './nav-items.ts';
import { NavLinks } from './nav-links.tsx';
import { useProfileIdentity } from './profile-identity.ts';

function BurgerIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
    </svg>
  );
}

interface MobileMenuProps {
  items: readonly NavItem[];
  /** Whether the items point at distinct pages (so the current one can be marked). */
  highlightActive: boolean;
  session: Session | null;
  /** On the landing page a signed-in user gets "Back to Platform" instead of profile entries. */
  landing: boolean;
  onSupport: () => void;
  onLogOut: () => void;
}

/**
 * The burger menu of small screens: a drawer with the navigation and, when signed in, a My Profile
 * section (EDIT PROFILE, PREVIEW PROFILE), Support and Log Out (user-area §2).
 */
export function MobileMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const close = () => setOpen(false);
  const closeThen = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <>
      <button
        type="button"
        className="icon-button burger"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-tour="mobile-menu"
        onClick={() => setOpen(true)}
      >
        <BurgerIcon />
      </button>
      <Drawer open={open} onOpenChange={setOpen} labelledBy={titleId} className="drawer">
        <div className="drawer__header">
          <h2 className="drawer__title" id={titleId}>
            Menu
          </h2>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={close}>
            ×
          </button>
        </div>
        <nav aria-label="Main">
          <NavLinks
            items={props.items}
            highlightActive={props.highlightActive}
            className="drawer__links"
            onNavigate={close}
          />
        </nav>
        <DrawerFooter {...props} close={close} closeThen={closeThen} />
      </Drawer>
    </>
  );
}

interface DrawerFooterProps extends MobileMenuProps {
  close: () => void;
  closeThen: (action: () => void) => () => void;
}

function DrawerFooter({
  session,
  landing,
  onSupport,
  onLogOut,
  close,
  closeThen,
}: DrawerFooterProps) {
  if (!session) {
    return (
      <div className="drawer__actions">
        <Link to={PATHS.signIn} className="button button--ghost button--block" onClick={close}>
          {AUTH_LINKS.logIn}
        </Link>
        <Link to={PATHS.signUp} className="button button--primary button--block" onClick={close}>
          {AUTH_LINKS.signUp}
        </Link>
      </div>
    );
  }
  if (landing) {
    return (
      <div className="drawer__actions">
        <BackToPlatformLink session={session} onClick={close} />
      </div>
    );
  }
  return (
    <DrawerProfileSection
      session={session}
      close={close}
      onSupport={closeThen(onSupport)}
      onTutorial={closeThen(startTutorial)}
      onLogOut={closeThen(onLogOut)}
    />
  );
}

function DrawerProfileSection({
  session,
  close,
  onSupport,
  onTutorial,
  onLogOut,
}: {
  session: Session;
  close: () => void;
  onSupport: () => void;
  onTutorial: () => void;
  onLogOut: () => void;
}) {
  const identity = useProfileIdentity(session);
  return (
    <section className="drawer__section" aria-labelledby="drawer-my-profile">
      <h2 className="drawer__section-title" id="drawer-my-profile">
        {MOBILE_MENU_TEXT.myProfile}
      </h2>
      <div className="drawer__identity">
        <span className="avatar" aria-hidden="true">
          {identity.initials}
        </span>
        <span>
          {identity.businessName ? (
            <span className="drawer__business">{identity.businessName}</span>
          ) : null}
          <span className="drawer__user">{identity.userName}</span>
        </span>
      </div>
      <ul className="drawer__links">
        <li>
          <Link to={PATHS.myProfile} className="nav-link" onClick={close}>
            {MOBILE_MENU_TEXT.editProfile}
          </Link>
        </li>
        {identity.previewPath ? (
          <li>
            <a
              href={identity.previewPath}
              target="_blank"
              rel="noopener noreferrer"
              className="nav-link"
              onClick={close}
            >
              {MOBILE_MENU_TEXT.previewProfile}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ) : null}
        <li>
          <button type="button" className="nav-link" onClick={onTutorial}>
            {PROFILE_MENU_TEXT.tutorial}
          </button>
        </li>
        <li>
          <button type="button" className="nav-link" onClick={onSupport}>
            {PROFILE_MENU_TEXT.support}
          </button>
        </li>
        <li>
          <button type="button" className="nav-link nav-link--danger" onClick={onLogOut}>
            {PROFILE_MENU_TEXT.logOut}
          </button>
        </li>
      </ul>
    </section>
  );
}
