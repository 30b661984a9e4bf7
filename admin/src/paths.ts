/**
 * Every route of the control panel (admin-panel §2), relative to the router's basename.
 * Screens link through these helpers so that a path is spelled once.
 */
export const BASENAME = '/control-panel';

export const paths = {
  dashboard: '/',
  profile: '/profile',
  payments: '/payments',
  promotions: '/promotions',
  bookings: '/bookings',
  booking: (id: string) => `/bookings/${encodeURIComponent(id)}`,
  franchisors: '/franchisors',
  franchisor: (id: string) => `/franchisors/${encodeURIComponent(id)}`,
  franchisorCreate: '/franchisors/create',
  franchisorEdit: (id: string) => `/franchisors/${encodeURIComponent(id)}/edit`,
  consultants: '/consultants',
  consultant: (id: string) => `/consultants/${encodeURIComponent(id)}`,
  consultantCreate: '/consultants/create',
  consultantEdit: (id: string) => `/consultants/${encodeURIComponent(id)}/edit`,
  brandNames: '/brand-names',
  requests: '/requests',
  signIn: '/auth/sign-in',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
} as const;

/** True for the pages of the background-image (signed-out) layout. */
export function isAuthPath(pathname: string): boolean {
  const inApp = pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) : pathname;
  return inApp === '/auth' || inApp.startsWith('/auth/');
}
