import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { DevelopersPage } from '../features/api-keys/developers-page.tsx';
import { CalendarSettingsPage } from '../features/calendar-settings/index.ts';
import { PaymentDetailsPage } from '../features/payments/payment-details-page.tsx';
import { SubscriptionPage } from '../features/payments/subscription-page.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { ActivateProfilePage } from '../pages/auth/activate-profile-page.tsx';
import { ForgotPasswordPage } from '../pages/auth/forgot-password-page.tsx';
import { ResetPasswordPage } from '../pages/auth/reset-password-page.tsx';
import { SignInPage } from '../pages/auth/sign-in-page.tsx';
import { SignUpPage } from '../pages/auth/sign-up-page.tsx';
import { MeetingDetailsPage } from '../pages/bookings/meeting-details-page.tsx';
import { MyMeetingsPage } from '../pages/bookings/my-meetings-page.tsx';
import { ChatsPage } from '../pages/chats/chats-page.tsx';
import { ConsultantProfilePage } from '../pages/consultant-profile/consultant-profile-page.tsx';
import { DashboardPage } from '../pages/dashboard/dashboard-page.tsx';
import { FindConsultantsPage, FindFranchisorsPage } from '../pages/find/find-pages.tsx';
import { LandingPage } from '../pages/landing/landing-page.tsx';
import {
  PRIVACY_POLICY,
  TERMS_AND_CONDITIONS,
  TERMS_OF_USE_CONSULTANT,
  TERMS_OF_USE_FRANCHISOR,
} from '../pages/legal/legal-documents.ts';
import { LegalPage } from '../pages/legal/legal-page.tsx';
import { MeetingRoomPage } from '../pages/meeting-room/meeting-room-page.tsx';
import { ChangePasswordPage } from '../pages/my-profile/change-password-page.tsx';
import { MyProfileLayout } from '../pages/my-profile/my-profile-layout.tsx';
import { MyProfileHomePage, MyProfileSectionPage } from '../pages/my-profile/my-profile-pages.tsx';
import {
  MY_PROFILE_SECTIONS,
  PAYMENT_ALIAS,
  sectionPath,
} from '../pages/my-profile/my-profile-sections.ts';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { PaymentsRoute } from '../pages/payments/payments-route.tsx';
import { PublicProfilePage } from '../pages/public-profile/public-profile-page.tsx';
import { RouteErrorPage } from '../pages/route-error-page.tsx';
import { SessionsPage } from '../pages/sessions/sessions-page.tsx';
import { TerritoryScoutRoute } from '../pages/territory-scout/territory-scout-route.tsx';
import { PATHS } from './paths.ts';
import { GuestOnly, RequireRole, RequireSession } from './route-guards.tsx';

const toSignIn = <Navigate to={PATHS.signIn} replace />;

const myProfileRoutes: RouteObject[] = [
  { index: true, element: <MyProfileHomePage /> },
  ...MY_PROFILE_SECTIONS.filter(
    (section) =>
      section !== 'change-password' &&
      section !== 'calendar' &&
      section !== 'payment-details' &&
      section !== 'subscription' &&
      section !== 'developers',
  ).map((section) => ({
    path: section,
    element: <MyProfileSectionPage section={section} />,
  })),
  { path: 'change-password', element: <ChangePasswordPage /> },
  { path: 'calendar', element: <CalendarSettingsPage /> },
  { path: 'payment-details', element: <PaymentDetailsPage /> },
  { path: 'subscription', element: <SubscriptionPage /> },
  { path: 'developers', element: <DevelopersPage /> },
  { path: PAYMENT_ALIAS, element: <Navigate to={sectionPath('payment-details')} replace /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Every route of user-area §2. `/` is the landing page for everyone; the signed-in area needs
 * credentials; unknown auth paths go to sign-in; anything else unknown is the not-found page.
 */
export const routes: RouteObject[] = [
  // D18: the sign-in popup of partner pages, outside the app layout (small and fast).
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
      { index: true, element: <LandingPage /> },
      {
        element: <GuestOnly />,
        children: [
          { path: 'sign-in', element: <SignInPage /> },
          { path: 'sign-up', element: <SignUpPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      { path: 'sign-in/*', element: toSignIn },
      { path: 'sign-up/*', element: toSignIn },
      { path: 'auth/*', element: toSignIn },
      { path: 'privacy-policy', element: <LegalPage document={PRIVACY_POLICY} /> },
      { path: 'terms-and-conditions', element: <LegalPage document={TERMS_AND_CONDITIONS} /> },
      {
        path: 'terms-of-use/consultant',
        element: <LegalPage document={TERMS_OF_USE_CONSULTANT} />,
      },
      {
        path: 'terms-of-use/franchisor',
        element: <LegalPage document={TERMS_OF_USE_FRANCHISOR} />,
      },
      { path: 'consultants/:id', element: <PublicProfilePage accountRole="consultant" /> },
      { path: 'franchisors/:id', element: <PublicProfilePage accountRole="franchisor" /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'activate-profile', element: <ActivateProfilePage accountRole="consultant" /> },
      {
        path: 'activate-profile-franchisor',
        element: <ActivateProfilePage accountRole="franchisor" />,
      },
      {
        element: <RequireSession />,
        children: [
          {
            path: 'consultants',
            element: (
              <RequireRole accountRole="franchisor">
                <FindConsultantsPage />
              </RequireRole>
            ),
          },
          {
            path: 'franchisors',
            element: (
              <RequireRole accountRole="consultant">
                <FindFranchisorsPage />
              </RequireRole>
            ),
          },
          // One route for the list and a conversation, so switching chats keeps the list.
          { path: 'chats/:id?', element: <ChatsPage /> },
          { path: 'bookings', element: <MyMeetingsPage /> },
          { path: 'bookings/:id', element: <MeetingDetailsPage /> },
          { path: 'meetings/:id/room', element: <MeetingRoomPage /> },
          { path: 'sessions', element: <SessionsPage /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'consultant-profile', element: <ConsultantProfilePage /> },
          { path: 'payments', element: <PaymentsRoute /> },
          { path: 'territory-scout', element: <TerritoryScoutRoute /> },
          { path: 'my-profile', element: <MyProfileLayout />, children: myProfileRoutes },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
