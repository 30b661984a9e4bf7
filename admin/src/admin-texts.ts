import { PRODUCT_NAME } from '@fm/sdk/contracts';

/**
 * Copy of the control panel that the specification does not write (admin-panel §9: "Admin account
 * fields, forgot-password behaviour … not shown"). Spec texts come from `@fm/sdk/contracts`.
 */
export const ADMIN_TEXT = {
  productName: PRODUCT_NAME,
  appName: 'Control Panel',
  signInTitle: 'Sign in to the Control Panel',
  signInSubtitle: 'Administrators only.',
  signIn: 'Sign In',
  forgotPasswordLink: 'Forgot password?',
  forgotPasswordTitle: 'Reset your password',
  forgotPasswordSubtitle:
    'Enter the email of your admin account and we will send you a reset link.',
  sendResetLink: 'Send Reset Link',
  resetLinkSent: 'If an admin account exists for this email, a reset link is on its way.',
  backToSignIn: 'Back to Sign In',
  resetPasswordTitle: 'Choose a new password',
  resetPasswordSubtitle: 'Your new password replaces the old one on every device.',
  resetPassword: 'Reset Password',
  resetLinkInvalid: 'This reset link is not valid. Ask for a new one.',
  requestNewLink: 'Request a new link',
  passwordResetDone: 'Your password has been reset. Sign in with your new password.',
  passwordChangedSignInAgain: 'Sign in again with your new password.',
  expandMenu: 'Expand Menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  logOut: 'Log Out',
  skipToContent: 'Skip to content',
  pageNotFound: 'Page not found',
  pageNotFoundBody: 'The page you asked for does not exist in the control panel.',
  backToDashboard: 'Back to Dashboard',
  unexpectedError: 'Something went wrong while showing this page.',
  reload: 'Reload',
  retry: 'Try again',
  loading: 'Loading…',
  back: 'Back',
} as const;

/** Headings of the screens of admin-panel §2, reused by breadcrumbs and back links. */
export const PAGE_TITLES = {
  dashboard: 'Dashboard',
  profile: 'Profile',
  payments: 'Payment Management',
  promotions: 'Promotion Management',
  bookings: 'Booking Management',
  bookingDetails: 'Booking Details',
  franchises: 'Franchise Management',
  franchiseDetails: 'Franchise Details',
  createFranchise: 'Create Franchise',
  editFranchise: 'Edit Franchise',
  consultants: 'Consultant Management',
  consultantDetail: 'Consultant Detail',
  createConsultant: 'Create Consultant',
  editConsultant: 'Edit Consultant',
  brandNames: 'Company Brands',
  requests: 'Requests',
} as const;

/** Sidebar entries (admin-panel §2), in the spec's order. */
export const NAV_LABELS = {
  dashboard: 'Dashboard',
  consultants: 'Consultants',
  franchisors: 'Franchisors',
  bookings: 'Booking',
  payments: 'Payments',
  promotions: 'Promotions',
  brandNames: 'Company Brands',
} as const;
