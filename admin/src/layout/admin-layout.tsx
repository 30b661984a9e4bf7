import { TimeZoneSwitch } from '@fm/widgets/kit';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { api, clearAdminSession } from '../api/client.ts';
import { errorMessage } from '../api/error-message.ts';
import { paths } from '../paths.ts';
import { rememberUser, useSession } from '../session/session-store.ts';
import { Brand } from '../ui/brand.tsx';
import { MenuIcon } from '../ui/icons.tsx';
import { useAdminTimeZone } from './admin-time-zone.ts';
import { SIDEBAR_ID, Sidebar } from './sidebar.tsx';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';
import './admin-layout.css';

/**
 * The frame of every signed-in admin screen: sidebar (a drawer on small screens) and content.
 * Rendered inside RequireAdmin, so a session is present.
 */
export function AdminLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const userId = session?.user.id;
  const timeZone = useAdminTimeZone(userId !== undefined);

  // The stored user may be stale (renamed elsewhere, role changed): refresh it from the profile
  // the zone is read from. A changed role makes RequireAdmin refuse; a 401 is handled by the client.
  const fresh = timeZone.profile;
  useEffect(() => {
    if (fresh && fresh.id === userId) rememberUser(fresh);
  }, [fresh, userId]);

  // Moving to another page closes the mobile drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    closeButtonRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  if (!session) return null;

  const logOut = async () => {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      await api.auth.signOut();
    } catch {
      // Signing out locally is what matters; the server session expires on its own.
    } finally {
      clearAdminSession();
      await navigate(paths.signIn, { replace: true });
    }
  };

  return (
    <div className="admin-layout">
      <a className="skip-link" href="#main-content">
        {ADMIN_TEXT.skipToContent}
      </a>

      <header className="topbar">
        <button
          ref={menuButtonRef}
          type="button"
          className="topbar__menu"
          aria-label={ADMIN_TEXT.openMenu}
          aria-controls={SIDEBAR_ID}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link to={paths.dashboard} className="topbar__brand">
          <Brand />
        </Link>
      </header>

      <Sidebar
        user={session.user}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        drawerOpen={drawerOpen}
        onCloseDrawer={() => {
          setDrawerOpen(false);
          menuButtonRef.current?.focus();
        }}
        onLogOut={() => void logOut()}
        loggingOut={loggingOut}
        closeButtonRef={closeButtonRef}
      />

      {drawerOpen ? (
        <div
          className="admin-layout__backdrop"
          aria-hidden="true"
          onClick={() => setDrawerOpen(false)}
        />
      ) : null}

      <main id="main-content" className="admin-layout__main" tabIndex={-1} inert={drawerOpen}>
        <TimeZoneSwitch
          className="admin-layout__time-zone"
          zone={timeZone.zone}
          choices={timeZone.choices}
          save={timeZone.setZone}
          errorText={errorMessage}
        />
        {/* Keyed by the zone: a switch shows every time of the screen in the new one (rule 20). */}
        {timeZone.settled ? <Outlet key={timeZone.zone} /> : null}
      </main>
    </div>
  );
}
