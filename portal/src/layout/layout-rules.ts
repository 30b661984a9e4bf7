/**
 * Which chrome a page shows (user-area §2): the header is hidden on small screens for detail
 * pages of my-profile, consultants, bookings and chats; the footer is hidden on chats and on
 * my-profile detail pages.
 */

const HEADER_HIDDEN_ON_MOBILE = [
  /^\/my-profile\/[^/]+\/?$/,
  /^\/consultants\/[^/]+\/?$/,
  /^\/bookings\/[^/]+\/?$/,
  /^\/chats\/[^/]+\/?$/,
];

const FOOTER_HIDDEN = [/^\/chats(\/[^/]+)?\/?$/, /^\/my-profile\/[^/]+\/?$/];

export interface LayoutChrome {
  /** Hide the site header when the viewport is mobile-sized. */
  hideHeaderOnMobile: boolean;
  /** Hide the site footer on every viewport. */
  hideFooter: boolean;
}

/**
 * The chrome rules for a pathname.
 *
 * @example
 * ```ts
 * layoutChromeFor('/chats/42'); // { hideHeaderOnMobile: true, hideFooter: true }
 * ```
 */
export function layoutChromeFor(pathname: string): LayoutChrome {
  return {
    hideHeaderOnMobile: HEADER_HIDDEN_ON_MOBILE.some((rule) => rule.test(pathname)),
    hideFooter: FOOTER_HIDDEN.some((rule) => rule.test(pathname)),
  };
}
