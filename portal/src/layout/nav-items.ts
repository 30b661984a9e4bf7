import type { Role } from '@fm/sdk/contracts';
import { LANDING_SECTIONS, landingSectionPath, PATHS } from '../shared/paths.ts';

/** One link of a navigation bar; `messages` marks the link that carries the unread badge. */
export interface NavItem {
  label: string;
  to: string;
  messages?: boolean;
}

/** The landing page's header anchors (user-area §2). */
export const LANDING_NAV: readonly NavItem[] = [
  { label: 'How It Works', to: landingSectionPath(LANDING_SECTIONS.howItWorks) },
  { label: 'Find Your Role', to: landingSectionPath(LANDING_SECTIONS.findYourRole) },
  { label: 'Features', to: landingSectionPath(LANDING_SECTIONS.features) },
  { label: 'FAQs', to: landingSectionPath(LANDING_SECTIONS.faqs) },
];

/** A guest's header: every entry leads to sign-in. */
export const GUEST_NAV: readonly NavItem[] = [
  { label: 'My Profile', to: PATHS.signIn },
  { label: 'Messages', to: PATHS.signIn },
  { label: 'My Meetings', to: PATHS.signIn },
  { label: 'Payments', to: PATHS.signIn },
];

const SHARED_NAV: readonly NavItem[] = [
  { label: 'My Meetings', to: PATHS.bookings },
  { label: 'Payments', to: PATHS.payments },
  { label: 'Messages', to: PATHS.chats, messages: true },
  { label: 'Territory Scout', to: PATHS.territoryScout },
];

/** The signed-in navigation of each role (user-area §2); admins work in the control panel. */
export function roleNav(role: Role): readonly NavItem[] {
  switch (role) {
    case 'franchisor':
      return [{ label: 'Find Consultants', to: PATHS.findConsultants }, ...SHARED_NAV];
    case 'consultant':
      return [{ label: 'Find Franchisors', to: PATHS.findFranchisors }, ...SHARED_NAV];
    case 'admin':
      return [];
  }
}

export const AUTH_LINKS = {
  logIn: 'Log In',
  signUp: 'Sign Up',
} as const;

/** Entries of the profile menu (user-area §2). */
export const PROFILE_MENU_TEXT = {
  editProfile: 'Edit Profile',
  previewProfile: 'Preview Profile',
  settings: 'Settings',
  tutorial: 'Tutorial',
  support: 'Support',
  logOut: 'Log Out',
} as const;

/** The mobile drawer writes its profile entries in capitals (user-area §2). */
export const MOBILE_MENU_TEXT = {
  myProfile: 'My Profile',
  editProfile: 'EDIT PROFILE',
  previewProfile: 'PREVIEW PROFILE',
} as const;
