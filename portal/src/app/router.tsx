import { EMAIL_CHANGE_PAGE_PATH } from '@fm/sdk/contracts';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../layout/app-layout.tsx';
import { LandingPage } from '../pages/landing/landing-page.tsx';
import {
  MY_PROFILE_SECTIONS,
  PAYMENT_ALIAS,
  sectionPath,
} from '../pages/my-profile/my-profile-sections.ts';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { RouteErrorPage } from '../pages/route-error-page.tsx';
import { PATHS } from '../shared/paths.ts';
import { lazyPage } from './lazy-page.tsx';
import { GuestOnly, RequireRole, RequireSession } from './route-guards.tsx';

const toSignIn = <Navigate to={PATHS.signIn} replace />;

const legalPage = () =>
  Promise.all([
    import('../pages/legal/legal-page.tsx'),
    import('../pages/legal/legal-documents.ts'),
  ]);
const myProfilePages = () => import('../pages/my-profile/my-profile-pages.tsx');

const myProfileRoutes: RouteObject[] = [
  { index: true, ...lazyPage(myProfilePages, (m) => <m.MyProfileHomePage />) },
  ...MY_PROFILE_SECTIONS.filter(
    (section) =>
      section !== 'change-password' &&
      section !== 'calendar' &&
      section !== 'payment-details' &&
      section !== 'subscription' &&
      section !== 'developers',
  ).map((section) => ({
    path: section,
    ...lazyPage(myProfilePages, (m) => <m.MyProfileSectionPage section={section} />),
  })),
  {
    path: 'change-password',
    ...lazyPage(
      () => import('../pages/my-profile/change-password-page.tsx'),
      (m) => <m.ChangePasswordPage />,
    ),
  },
  {
    path: 'calendar',
    ...lazyPage(
      () => import('../pages/my-profile/calendar-settings-page.tsx'),
      (m) => <m.CalendarSettingsPage />,
    ),
  },
  {
    path: 'payment-details',
    ...lazyPage(
      () => import('../pages/my-profile/payment-details-page.tsx'),
      (m) => <m.PaymentDetailsPage />,
    ),
  },
  {
    path: 'subscription',
    ...lazyPage(
      () => import('../pages/my-profile/subscription-page.tsx'),
      (m) => <m.SubscriptionPage />,
    ),
  },
  {
    path: 'developers',
    ...lazyPage(
      () => import('../pages/my-profile/developers-page.tsx'),
      (m) => <m.DevelopersPage />,
    ),
  },
  { path: PAYMENT_ALIAS, element: <Navigate to={sectionPath('payment-details')} replace /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Every route of user-area §2. `/` is the landing page for everyone; the signed-in area needs
 * credentials; unknown auth paths go to sign-in; anything else unknown is the not-found page.
 * Each page but the landing page is its own chunk (lazyPage): the first screen loads the layout and
 * that page only.
 */
export const routes: RouteObject[] = [
  // Rule 18: the sign-in popup of partner pages, outside the app layout (small and fast).
  {
    path: 'embed/sign-in',
    ...lazyPage(
      () => import('../pages/embed/embed-sign-in-page.tsx'),
      (m) => <m.EmbedSignInPage />,
    ),
  },
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      // In the first chunk: the app's first render replaces index.html's copy of its first screen.
      { index: true, element: <LandingPage /> },
      {
        element: <GuestOnly />,
        children: [
          {
            path: 'sign-in',
            ...lazyPage(
              () => import('../pages/auth/sign-in-page.tsx'),
              (m) => <m.SignInPage />,
            ),
          },
          {
            path: 'sign-up',
            ...lazyPage(
              () => import('../pages/auth/sign-up-page.tsx'),
              (m) => <m.SignUpPage />,
            ),
          },
          {
            path: 'forgot-password',
            ...lazyPage(
              () => import('../pages/auth/forgot-password-page.tsx'),
              (m) => <m.ForgotPasswordPage />,
            ),
          },
        ],
      },
      { path: 'sign-in/*', element: toSignIn },
      { path: 'sign-up/*', element: toSignIn },
      { path: 'auth/*', element: toSignIn },
      {
        path: 'privacy-policy',
        ...lazyPage(legalPage, ([m, d]) => <m.LegalPage document={d.PRIVACY_POLICY} />),
      },
      {
        path: 'terms-and-conditions',
        ...lazyPage(legalPage, ([m, d]) => <m.LegalPage document={d.TERMS_AND_CONDITIONS} />),
      },
      {
        path: 'terms-of-use/consultant',
        ...lazyPage(legalPage, ([m, d]) => <m.LegalPage document={d.TERMS_OF_USE_CONSULTANT} />),
      },
      {
        path: 'terms-of-use/franchisor',
        ...lazyPage(legalPage, ([m, d]) => <m.LegalPage document={d.TERMS_OF_USE_FRANCHISOR} />),
      },
      {
        path: 'consultants/:id',
        ...lazyPage(
          () => import('../pages/public-profile/public-profile-page.tsx'),
          (m) => <m.PublicProfilePage accountRole="consultant" />,
        ),
      },
      {
        path: 'franchisors/:id',
        ...lazyPage(
          () => import('../pages/public-profile/public-profile-page.tsx'),
          (m) => <m.PublicProfilePage accountRole="franchisor" />,
        ),
      },
      {
        path: 'reset-password',
        ...lazyPage(
          () => import('../pages/auth/reset-password-page.tsx'),
          (m) => <m.ResetPasswordPage />,
        ),
      },
      // The links mailed for a change of e-mail (confirm to the new address, undo to the old).
      {
        path: EMAIL_CHANGE_PAGE_PATH.slice(1),
        ...lazyPage(
          () => import('../pages/auth/email-change-page.tsx'),
          (m) => <m.EmailChangePage />,
        ),
      },
      {
        path: 'activate-profile',
        ...lazyPage(
          () => import('../pages/auth/activate-profile-page.tsx'),
          (m) => <m.ActivateProfilePage accountRole="consultant" />,
        ),
      },
      {
        path: 'activate-profile-franchisor',
        ...lazyPage(
          () => import('../pages/auth/activate-profile-page.tsx'),
          (m) => <m.ActivateProfilePage accountRole="franchisor" />,
        ),
      },
      {
        element: <RequireSession />,
        children: [
          {
            path: 'consultants',
            ...lazyPage(
              () => import('../pages/find/find-pages.tsx'),
              (m) => (
                <RequireRole accountRole="franchisor">
                  <m.FindConsultantsPage />
                </RequireRole>
              ),
            ),
          },
          {
            path: 'franchisors',
            ...lazyPage(
              () => import('../pages/find/find-pages.tsx'),
              (m) => (
                <RequireRole accountRole="consultant">
                  <m.FindFranchisorsPage />
                </RequireRole>
              ),
            ),
          },
          // One route for the list and a conversation, so switching chats keeps the list.
          {
            path: 'chats/:id?',
            ...lazyPage(
              () => import('../pages/chats/chats-page.tsx'),
              (m) => <m.ChatsPage />,
            ),
          },
          {
            path: 'bookings',
            ...lazyPage(
              () => import('../pages/bookings/my-meetings-page.tsx'),
              (m) => <m.MyMeetingsPage />,
            ),
          },
          {
            path: 'bookings/:id',
            ...lazyPage(
              () => import('../pages/bookings/meeting-details-page.tsx'),
              (m) => <m.MeetingDetailsPage />,
            ),
          },
          {
            path: 'meetings/:id/room',
            ...lazyPage(
              () => import('../pages/meeting-room/meeting-room-page.tsx'),
              (m) => <m.MeetingRoomPage />,
            ),
          },
          {
            path: 'sessions',
            ...lazyPage(
              () => import('../pages/sessions/sessions-page.tsx'),
              (m) => <m.SessionsPage />,
            ),
          },
          {
            path: 'dashboard',
            ...lazyPage(
              () => import('../pages/dashboard/dashboard-page.tsx'),
              (m) => <m.DashboardPage />,
            ),
          },
          {
            path: 'consultant-profile',
            ...lazyPage(
              () => import('../pages/consultant-profile/consultant-profile-page.tsx'),
              (m) => <m.ConsultantProfilePage />,
            ),
          },
          {
            path: 'payments',
            ...lazyPage(
              () => import('../pages/payments/payments-page.tsx'),
              (m) => <m.PaymentsPage />,
            ),
          },
          {
            path: 'territory-scout',
            ...lazyPage(
              () => import('../pages/territory-scout/territory-scout-page.tsx'),
              (m) => <m.TerritoryScoutPage />,
            ),
          },
          {
            path: 'my-profile',
            ...lazyPage(
              () => import('../pages/my-profile/my-profile-layout.tsx'),
              (m) => <m.MyProfileLayout />,
            ),
            children: myProfileRoutes,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the pages (lazyPage's chunks) of the routes matching `path` into `routeList` before the
 * router is made, so the app's first render there is the page itself rather than its loading
 * frame: what a public page's hydration needs (rule 22), since the server rendered the page.
 *
 * @example
 * await loadPagesOf(routes, window.location.pathname);
 * const router = createRouter();
 */
export async function loadPagesOf(routeList: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routeList, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}
