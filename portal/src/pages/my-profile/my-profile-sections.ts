import type { Role } from '@fm/sdk/contracts';
import { PATHS } from '../../shared/paths.ts';

/** The sub-pages of `/my-profile` (user-area §2); `payment` is an alias of `payment-details`. */
export const MY_PROFILE_SECTIONS = [
  'general',
  'calendar',
  'contact',
  'financial',
  'training',
  'change-password',
  'payment-details',
  'subscription',
  'account-status',
  'referral-fee',
  'developers',
] as const;
export type MyProfileSection = (typeof MY_PROFILE_SECTIONS)[number];
export const PAYMENT_ALIAS = 'payment';

const TITLES: Record<MyProfileSection, string> = {
  general: 'General Info',
  calendar: 'Calendar',
  contact: 'Contact Info',
  financial: 'Investment Profile',
  training: 'Training and Support',
  'change-password': 'Change Password',
  'payment-details': 'Payment Details',
  subscription: 'Subscription',
  'account-status': 'Account Status',
  'referral-fee': 'Referral Fee',
  developers: 'Developers',
};

/**
 * A section's heading for a role: a franchisor's general page holds the Franchise Details (and
 * the Gallery); a consultant's financial page holds the Rate.
 */
export function sectionTitle(section: MyProfileSection, role: Role): string {
  if (section === 'general' && role === 'franchisor') return 'Franchise Details';
  if (section === 'financial' && role === 'consultant') return 'Rate';
  return TITLES[section];
}

/** Which sections a role's profile navigation lists, in order (its completeness steps first). */
export function sectionsFor(role: Role): readonly MyProfileSection[] {
  switch (role) {
    case 'franchisor':
      return [
        'general',
        'contact',
        'financial',
        'training',
        'referral-fee',
        'payment-details',
        'subscription',
        'calendar',
        'account-status',
        'change-password',
        'developers',
      ];
    case 'consultant':
      return [
        'general',
        'payment-details',
        'financial',
        'calendar',
        'account-status',
        'change-password',
        'developers',
      ];
    case 'admin':
      return ['change-password'];
  }
}

export function sectionPath(section: MyProfileSection): string {
  return `/my-profile/${section}`;
}

/** The back link of a section page on small screens, where the site header is hidden. */
export const BACK_TO_PROFILE = { to: PATHS.myProfile, label: 'My Profile' } as const;
