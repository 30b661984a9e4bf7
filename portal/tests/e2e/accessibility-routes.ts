import type { RouteCoverage } from '../../../scripts/e2e-axe.ts';

/** Who looks at a page: a guest, or one of the demo users (rule 3). */
export type PortalViewer = 'guest' | 'franchisor' | 'consultant';

/** Ids from the demo seed that the detail pages need, read through the API at the start. */
export interface SeedIds {
  franchisorId: string;
  consultantId: string;
  /** A meeting of the demo franchisor with the demo consultant. */
  meetingId: string;
  /** A chat of the demo franchisor. */
  chatId: string;
}

/** One page the accessibility spec opens and checks. */
export interface PortalVisit {
  as: PortalViewer;
  url: string | ((ids: SeedIds) => string);
}

const users = ['franchisor', 'consultant'] as const;
const both = (url: PortalVisit['url']): PortalVisit[] => users.map((as) => ({ as, url }));
const guest = (url: PortalVisit['url']): PortalVisit => ({ as: 'guest', url });

/**
 * Every route of the portal's router (`portal/src/app/router.tsx`), as its full path, and the pages
 * the accessibility spec opens for it. `accessibility-routes.test.ts` beside the router fails when
 * a route is added without being listed here, so no page escapes the check.
 */
export const PORTAL_ROUTES: readonly RouteCoverage<PortalVisit>[] = [
  {
    route: '/embed/sign-in',
    visits: [
      // The origin is the page's own, which the demo key allows (rule 18).
      guest('/embed/sign-in?key=pk_demo_franchise_meet_local_0001&state=a11y&origin=SELF'),
    ],
  },
  { route: '/', visits: [guest('/'), { as: 'franchisor', url: '/' }] },
  { route: '/sign-in', visits: [guest('/sign-in')] },
  { route: '/sign-up', visits: [guest('/sign-up')] },
  { route: '/forgot-password', visits: [guest('/forgot-password')] },
  { route: '/sign-in/*', redirectsTo: '/sign-in' },
  { route: '/sign-up/*', redirectsTo: '/sign-in' },
  { route: '/auth/*', redirectsTo: '/sign-in' },
  { route: '/privacy-policy', visits: [guest('/privacy-policy')] },
  { route: '/terms-and-conditions', visits: [guest('/terms-and-conditions')] },
  { route: '/terms-of-use/consultant', visits: [guest('/terms-of-use/consultant')] },
  { route: '/terms-of-use/franchisor', visits: [guest('/terms-of-use/franchisor')] },
  {
    route: '/consultants/:id',
    visits: [
      guest((ids) => `/consultants/${ids.consultantId}`),
      { as: 'franchisor', url: (ids) => `/consultants/${ids.consultantId}` },
    ],
  },
  {
    route: '/franchisors/:id',
    visits: [
      guest((ids) => `/franchisors/${ids.franchisorId}`),
      { as: 'consultant', url: (ids) => `/franchisors/${ids.franchisorId}` },
    ],
  },
  // The form, as the e-mail's link opens it, and the page without a token.
  {
    route: '/reset-password',
    visits: [guest('/reset-password?token=a11y'), guest('/reset-password')],
  },
  // The links of a change of e-mail: confirming (answered at once), undoing, and no token.
  {
    route: '/email-change',
    visits: [
      guest('/email-change?confirm=a11y'),
      guest('/email-change?undo=a11y'),
      guest('/email-change'),
    ],
  },
  {
    route: '/activate-profile',
    visits: [guest('/activate-profile?token=a11y'), guest('/activate-profile')],
  },
  {
    route: '/activate-profile-franchisor',
    visits: [guest('/activate-profile-franchisor?token=a11y')],
  },
  { route: '/consultants', visits: [{ as: 'franchisor', url: '/consultants' }] },
  { route: '/franchisors', visits: [{ as: 'consultant', url: '/franchisors' }] },
  {
    route: '/chats/:id?',
    visits: [...both('/chats'), { as: 'franchisor', url: (ids) => `/chats/${ids.chatId}` }],
  },
  { route: '/bookings', visits: both('/bookings') },
  { route: '/bookings/:id', visits: both((ids) => `/bookings/${ids.meetingId}`) },
  { route: '/meetings/:id/room', visits: both((ids) => `/meetings/${ids.meetingId}/room`) },
  { route: '/sessions', visits: both('/sessions') },
  { route: '/dashboard', visits: both('/dashboard') },
  { route: '/consultant-profile', visits: both('/consultant-profile') },
  { route: '/payments', visits: both('/payments') },
  { route: '/territory-scout', visits: both('/territory-scout') },
  { route: '/my-profile', visits: both('/my-profile') },
  // Each section as the roles whose profile navigation lists it (sectionsFor).
  { route: '/my-profile/general', visits: both('/my-profile/general') },
  { route: '/my-profile/contact', visits: [{ as: 'franchisor', url: '/my-profile/contact' }] },
  { route: '/my-profile/financial', visits: both('/my-profile/financial') },
  { route: '/my-profile/training', visits: [{ as: 'franchisor', url: '/my-profile/training' }] },
  {
    route: '/my-profile/referral-fee',
    visits: [{ as: 'franchisor', url: '/my-profile/referral-fee' }],
  },
  { route: '/my-profile/account-status', visits: both('/my-profile/account-status') },
  { route: '/my-profile/change-password', visits: both('/my-profile/change-password') },
  { route: '/my-profile/calendar', visits: both('/my-profile/calendar') },
  { route: '/my-profile/payment-details', visits: both('/my-profile/payment-details') },
  {
    route: '/my-profile/subscription',
    visits: [{ as: 'franchisor', url: '/my-profile/subscription' }],
  },
  { route: '/my-profile/developers', visits: both('/my-profile/developers') },
  { route: '/my-profile/payment', redirectsTo: '/my-profile/payment-details' },
  { route: '/my-profile/*', visits: [{ as: 'franchisor', url: '/my-profile/no-such-section' }] },
  { route: '/*', visits: [guest('/no-such-page'), { as: 'consultant', url: '/no-such-page' }] },
];
