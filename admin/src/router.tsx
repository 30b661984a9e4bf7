import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AuthLayout } from './auth/auth-layout.tsx';
import { ForgotPasswordPage } from './auth/forgot-password-page.tsx';
import { ResetPasswordPage } from './auth/reset-password-page.tsx';
import { SignInPage } from './auth/sign-in-page.tsx';
import { BookingDetailPage } from './features/bookings/booking-detail-page.tsx';
import { BookingsPage } from './features/bookings/bookings-page.tsx';
import { BrandNamesPage } from './features/brand-names/brand-names-page.tsx';
import { ConsultantCreatePage } from './features/consultants/consultant-create-page.tsx';
import { ConsultantDetailPage } from './features/consultants/consultant-detail-page.tsx';
import { ConsultantEditPage } from './features/consultants/consultant-edit-page.tsx';
import { ConsultantsPage } from './features/consultants/consultants-page.tsx';
import { DashboardPage } from './features/dashboard/dashboard-page.tsx';
import { DisputeDetailPage } from './features/disputes/dispute-detail-page.tsx';
import { DisputesPage } from './features/disputes/disputes-page.tsx';
import { FranchiseCreatePage } from './features/franchises/franchise-create-page.tsx';
import { FranchiseDetailPage } from './features/franchises/franchise-detail-page.tsx';
import { FranchiseEditPage } from './features/franchises/franchise-edit-page.tsx';
import { FranchisesPage } from './features/franchises/franchises-page.tsx';
import { PaymentsPage } from './features/payments/payments-page.tsx';
import { ProfilePage } from './features/profile/profile-page.tsx';
import { PromotionsPage } from './features/promotions/promotions-page.tsx';
import { RequestsPage } from './features/requests/requests-page.tsx';
import { AdminLayout } from './layout/admin-layout.tsx';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { RequireAdmin } from './layout/require-admin.tsx';
import { RouteErrorPage } from './layout/route-error-page.tsx';
import { BASENAME, paths } from './paths.ts';

/** The routes of admin-panel §2, relative to /control-panel. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/auth',
    element: <AuthLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to={paths.signIn} replace /> },
      { path: 'sign-in', element: <SignInPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      // Unknown auth paths go to sign-in, as in the user area.
      { path: '*', element: <Navigate to={paths.signIn} replace /> },
    ],
  },
  {
    path: '/',
    element: (
      <RequireAdmin>
        <AdminLayout />
      </RequireAdmin>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A failing screen shows its error inside the layout, keeping the sidebar.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'payments', element: <PaymentsPage /> },
          { path: 'promotions', element: <PromotionsPage /> },
          { path: 'bookings', element: <BookingsPage /> },
          { path: 'bookings/:id', element: <BookingDetailPage /> },
          { path: 'disputes', element: <DisputesPage /> },
          { path: 'disputes/:id', element: <DisputeDetailPage /> },
          { path: 'franchisors', element: <FranchisesPage /> },
          { path: 'franchisors/create', element: <FranchiseCreatePage /> },
          { path: 'franchisors/:id', element: <FranchiseDetailPage /> },
          { path: 'franchisors/:id/edit', element: <FranchiseEditPage /> },
          { path: 'consultants', element: <ConsultantsPage /> },
          { path: 'consultants/create', element: <ConsultantCreatePage /> },
          { path: 'consultants/:id', element: <ConsultantDetailPage /> },
          { path: 'consultants/:id/edit', element: <ConsultantEditPage /> },
          { path: 'brand-names', element: <BrandNamesPage /> },
          { path: 'requests', element: <RequestsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAdminRouter() {
  return createBrowserRouter(adminRoutes, { basename: BASENAME });
}
