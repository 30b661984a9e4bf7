import type { RouteCoverage } from '../../../scripts/e2e-axe.ts';

/** Ids from the demo seed that the detail pages need, read from the lists at the start. */
export interface AdminSeedIds {
  consultantId: string;
  franchiseId: string;
  bookingId: string;
  disputeId: string;
}

/** One page of the control panel the accessibility spec opens and checks. */
export interface AdminVisit {
  /** A guest sees the sign-in pages; the admin every screen. */
  as: 'guest' | 'admin';
  /** Inside the app (`/consultants`), without the `/control-panel` basename. */
  url: string | ((ids: AdminSeedIds) => string);
}

const admin = (url: AdminVisit['url']): AdminVisit => ({ as: 'admin', url });
const guest = (url: AdminVisit['url']): AdminVisit => ({ as: 'guest', url });

/**
 * Every route of the control panel's router (`admin/src/router.tsx`), relative to its basename,
 * and the pages the accessibility spec opens for it. `admin/src/accessibility-routes.test.ts`
 * fails when a route is added without being listed here.
 */
export const ADMIN_ROUTES: readonly RouteCoverage<AdminVisit>[] = [
  { route: '/auth', redirectsTo: '/auth/sign-in' },
  { route: '/auth/sign-in', visits: [guest('/auth/sign-in')] },
  { route: '/auth/forgot-password', visits: [guest('/auth/forgot-password')] },
  {
    route: '/auth/reset-password',
    visits: [guest('/auth/reset-password?token=a11y'), guest('/auth/reset-password')],
  },
  { route: '/auth/*', redirectsTo: '/auth/sign-in' },
  { route: '/', visits: [admin('/')] },
  { route: '/profile', visits: [admin('/profile')] },
  { route: '/payments', visits: [admin('/payments')] },
  { route: '/promotions', visits: [admin('/promotions')] },
  { route: '/bookings', visits: [admin('/bookings')] },
  { route: '/bookings/:id', visits: [admin((ids) => `/bookings/${ids.bookingId}`)] },
  { route: '/disputes', visits: [admin('/disputes')] },
  { route: '/disputes/:id', visits: [admin((ids) => `/disputes/${ids.disputeId}`)] },
  { route: '/franchisors', visits: [admin('/franchisors')] },
  { route: '/franchisors/create', visits: [admin('/franchisors/create')] },
  { route: '/franchisors/:id', visits: [admin((ids) => `/franchisors/${ids.franchiseId}`)] },
  {
    route: '/franchisors/:id/edit',
    visits: [admin((ids) => `/franchisors/${ids.franchiseId}/edit`)],
  },
  { route: '/consultants', visits: [admin('/consultants')] },
  { route: '/consultants/create', visits: [admin('/consultants/create')] },
  { route: '/consultants/:id', visits: [admin((ids) => `/consultants/${ids.consultantId}`)] },
  {
    route: '/consultants/:id/edit',
    visits: [admin((ids) => `/consultants/${ids.consultantId}/edit`)],
  },
  { route: '/brand-names', visits: [admin('/brand-names')] },
  { route: '/requests', visits: [admin('/requests')] },
  { route: '/*', visits: [admin('/no-such-screen')] },
];
