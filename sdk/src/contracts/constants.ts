/** Business constants and limits of user-area §9 and admin-panel §9, defined once. */

/** Meetings are sold in units of 15 minutes; a consultant's `rate` is dollars per unit. */
export const MINUTES_PER_RATE_UNIT = 15;
/** A consultant's decline records this duration (user-area §4). */
export const CANCEL_DURATION_MINUTES = 15;
/** Booking slots per page; Load More asks for the next page with `from`. */
export const SLOT_PAGE_SIZE = 20;

export const PLATFORM_FEE_PERCENT = 20;
export const CONSULTANT_SHARE_PERCENT = 80;
export const DECLINED_CARD_FEE_CENTS = 2_500;
export const SUBSCRIPTION_PRICE_CENTS = 49_700;
export const EARLY_ACCESS_PRICE_CENTS = 30_000;
export const SUBSCRIPTION_TERM_MONTHS = 12;
/** Hours before a meeting within which cancellation is at the consultant's discretion. */
export const LATE_CANCELLATION_HOURS = 24;
/**
 * A franchisor's cancellation within 24 hours of the start is at the consultant's discretion:
 * reschedule (the hold is released) or charge (admin-panel §1).
 *
 * @example isLateCancellation(new Date('2026-12-01T15:00:00Z'), new Date('2026-12-01T09:00:00Z')); // true
 */
export function isLateCancellation(startAt: Date, now: Date): boolean {
  return startAt.getTime() - now.getTime() < LATE_CANCELLATION_HOURS * 60 * 60 * 1000;
}
/**
 * Until when a canceled subscription's month is still paid for, or null: reactivated before then
 * (and within its term) it is not billed again for that month (rule 11).
 *
 * @example paidPeriodLeft({ currentPeriodEnd: new Date('2026-12-19'), termEndsAt: new Date('2027-11-19') }, new Date('2026-12-01')); // 2026-12-19
 */
export function paidPeriodLeft(
  period: { currentPeriodEnd: Date | null; termEndsAt: Date | null },
  now: Date,
): Date | null {
  const { currentPeriodEnd, termEndsAt } = period;
  if (!currentPeriodEnd || currentPeriodEnd.getTime() <= now.getTime()) return null;
  if (termEndsAt && termEndsAt.getTime() <= now.getTime()) return null;
  return currentPeriodEnd;
}
export const MINIMUM_AGE = 18;
export const TERMS_EFFECTIVE_DATE = '02/25/2025';
export const COPYRIGHT_YEARS = '2024-2025';
export const ACTIVE_CONSULTANTS_CLAIM = '1,000+';
/** Fellow consultants to invite for premium profile visibility. */
export const REFERRAL_INVITES_FOR_PREMIUM = 2;

export const PASSWORD_MIN_LENGTH = 8;

export const NOTIFICATIONS_PAGE_SIZE = 10;
export const NOTIFICATIONS_POLL_MS = 30_000;
/** Notifications load more when scrolled within this many pixels of the bottom. */
export const NOTIFICATIONS_LOAD_MORE_PX = 50;
export const UNREAD_POLL_MS = 10_000;
export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const MOBILE_BREAKPOINT_PX = 768;

export const CALENDAR_PROMPT_RECHECK_MS = 60_000;
export const CALENDAR_PROMPT_RESHOW_MS = 15 * 60_000;
/** After cancelling a meeting the page redirects after this delay. */
export const REDIRECT_AFTER_CANCEL_MS = 1_000;

export const AVATAR_SIZE_PX = 180;
export const MODAL_WIDTH_PX = 460;
export const CROP_ZOOM = { min: 0.2, max: 3, default: 1.2 } as const;
export const CROPPED_IMAGE_NAME = 'cropped-image.jpg';

/** Most tags shown in a list before "+N". */
export const TAG_DISPLAY_LIMITS = {
  categories: 2,
  industries: 2,
  regions: 2,
  states: 5,
} as const;

/** Registration/profile draft defaults (user-area §3). */
export const PROFILE_DEFAULTS = {
  role: 'franchisor',
  averageRevenue: 10,
  minInitialInvestment: 0,
  maxInitialInvestment: 1000,
} as const;

export const ADMIN_PAGE_SIZES = [5, 10, 20] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The admin fetches this many sessions to compute an average rating. */
export const RATING_AGGREGATION_LIMIT = 10_000;
export const SEARCH_DEBOUNCE_MS = 300;
/** Add Existing Franchisor lists at most this many franchisors per search. */
export const FRANCHISOR_OPTIONS_LIMIT = 200;
export const TABLE_UPDATED_TEXT = 'Updated 20 min ago';
export const PROMOTION_DESCRIPTION_MAX = 250;

/** Upload limits (rule 13). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

/** Display formats (date-fns tokens). */
export const DATE_TIME_FORMAT = 'd MMM, yyyy, h:mm aaa';
export const SLOT_TIME_FORMAT = 'h:mm a';
export const ACTIVATION_EXPIRY_FORMAT = 'd MMM, yyyy, h:mm a';

/** Activation links sent for admin-created accounts stay valid this long. */
export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Credential headers (rule 6): the client sends both; the server may answer with new ones. */
export const AUTH_HEADERS = {
  refreshToken: 'refresh-token',
  newAccessToken: 'x-access-token',
  newRefreshToken: 'x-refresh-token',
} as const;

/** The early-access promo code (rule 11: $300 a month instead of $497); the demo seed creates it. */
export const EARLY_ACCESS_PROMO_CODE = 'EARLYACCESS';

/** The product's name as every app, e-mail and page title shows it. */
export const PRODUCT_NAME = 'Franchise Meet';

/** Where support requests and the footer's contact link go. */
export const SUPPORT_EMAIL = 'support@franchisemeet.example';
