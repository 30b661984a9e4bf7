import type { Role, SignUpRole } from '@fm/sdk/contracts';

/** Every path the portal links to, in one place. */
export const PATHS = {
  landing: '/',
  signIn: '/sign-in',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  termsOfUseConsultant: '/terms-of-use/consultant',
  termsOfUseFranchisor: '/terms-of-use/franchisor',
  activateProfile: '/activate-profile',
  activateProfileFranchisor: '/activate-profile-franchisor',
  findConsultants: '/consultants',
  findFranchisors: '/franchisors',
  dashboard: '/dashboard',
  payments: '/payments',
  sessions: '/sessions',
  bookings: '/bookings',
  territoryScout: '/territory-scout',
  chats: '/chats',
  consultantProfile: '/consultant-profile',
  myProfile: '/my-profile',
  changePassword: '/my-profile/change-password',
  adminApp: '/control-panel',
} as const;

/** Anchors of the landing page's sections. */
export const LANDING_SECTIONS = {
  howItWorks: 'how-it-works',
  findYourRole: 'find-your-role',
  features: 'features',
  faqs: 'faqs',
} as const;
export type LandingSection = (typeof LANDING_SECTIONS)[keyof typeof LANDING_SECTIONS];

/** A link to a section of the landing page, usable from any page. */
export function landingSectionPath(section: LandingSection): string {
  return `/#${section}`;
}

/**
 * Where a signed-in user starts: franchisors find consultants, consultants find franchisors.
 * Admins work in the control panel, a separate app on the same origin.
 */
export function homePathFor(role: Role): string {
  switch (role) {
    case 'franchisor':
      return PATHS.findConsultants;
    case 'consultant':
      return PATHS.findFranchisors;
    case 'admin':
      return PATHS.adminApp;
  }
}

/** Whether a path is served by another app on this origin (a full page load, not a route). */
export function isOutsidePortal(path: string): boolean {
  return path === PATHS.adminApp || path.startsWith(`${PATHS.adminApp}/`);
}

/** The public profile of a user, viewable without signing in. */
export function publicProfilePath(role: Role, id: string): string | null {
  const encoded = encodeURIComponent(id);
  if (role === 'consultant') return `/consultants/${encoded}`;
  if (role === 'franchisor') return `/franchisors/${encoded}`;
  return null;
}

/** Navigation state that `/sign-up` reads to preselect a role. */
export interface SignUpState {
  role: SignUpRole;
}
