import { RESTRICTION_MESSAGES } from '@fm/sdk/contracts';

/**
 * Texts of the restricted-action modal and the banners that the spec does not spell out. The
 * titles and buttons are the spec's (`UI_TEXT`); the modal's text is the API's own message for an
 * inactive profile (`RESTRICTION_MESSAGES`, the one `ERROR_CODES` uses too) (user-area §2: "activate the profile to unlock messaging and bookings").
 */
export const RESTRICTED_ACTION_TEXT = {
  body: `${RESTRICTION_MESSAGES.profileInactive}.`,
  subscriptionRequired: `${RESTRICTION_MESSAGES.subscriptionRequired}.`,
  bannerText: 'Activate your subscription to book paid video meetings with franchise consultants.',
  close: 'Close',
  notNow: 'Not now',
} as const;
