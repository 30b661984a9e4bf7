import { Suspense, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { PATHS } from '../shared/paths.ts';
import { RealtimeProvider } from '../shared/realtime.tsx';
import { useSession } from '../shared/session.ts';
import { useUnreadCount } from '../shared/unread-count.ts';
import { useViewerTimeZone } from '../shared/user-time-zone.tsx';
import { layoutChromeFor } from './layout-rules.ts';
import { LogOutDialog } from './log-out-dialog.tsx';
import { CalendarPrompts } from './signed-in-parts.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { SupportDialog } from './support-dialog.tsx';
import { useRouteFocus } from './use-route-focus.ts';

type OpenDialog = 'support' | 'log-out' | null;

/** The frame of every portal page: header, main content, footer, and the app-wide dialogs. */
export function AppLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const chrome = layoutChromeFor(pathname);
  const main = useRef<HTMLElement>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  useRouteFocus(main);
  const appUserId = session !== null && session.role !== 'admin' ? session.user.id : null;
  // Keeps the Messages count polled while signed in, whichever header (or none) shows it.
  useUnreadCount();
  // Rule 20: every time of every page and widget shows in the user's zone.
  useViewerTimeZone();

  const dialogSetter = (name: Exclude<OpenDialog, null>) => (open: boolean) =>
    setDialog(open ? name : null);

  return (
    <RealtimeProvider userId={appUserId}>
      <div className="app">
        <a className="skip-link" href="#main-content">
          Skip to content
        </a>
        <SiteHeader
          session={session}
          landing={pathname === PATHS.landing}
          hideOnMobile={chrome.hideHeaderOnMobile}
          onSupport={() => setDialog('support')}
          onLogOut={() => setDialog('log-out')}
        />
        <main className="app__main" id="main-content" ref={main} tabIndex={-1}>
          {session?.role === 'consultant' ? (
            <Suspense fallback={null}>
              <CalendarPrompts />
            </Suspense>
          ) : null}
          <Outlet />
        </main>
        {chrome.hideFooter ? null : <SiteFooter />}
        <SupportDialog open={dialog === 'support'} onOpenChange={dialogSetter('support')} />
        <LogOutDialog open={dialog === 'log-out'} onOpenChange={dialogSetter('log-out')} />
        <Toaster position="top-center" richColors closeButton />
      </div>
    </RealtimeProvider>
  );
}
