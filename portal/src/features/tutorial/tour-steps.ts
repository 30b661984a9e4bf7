import type { Role } from '@fm/sdk/contracts';
import { PATHS } from '../../shared/paths.ts';

/** One stop of the guided tour: what it points at and what it says. */
export interface TourStep {
  id: string;
  title: string;
  body: string;
  /**
   * Where the popover points, tried in order; the first visible match wins. Header parts carry
   * `data-tour` attributes; navigation links are found by their address. Without a visible target
   * (e.g. inside the closed mobile menu) the step is shown in the middle of the screen.
   */
  targets: readonly string[];
}

const navLink = (path: string) => [
  `[data-tour="nav-${path.slice(1)}"]`,
  `.site-header nav a[href="${path}"]`,
];
const MENU = ['[data-tour="profile-menu"]', '[data-tour="mobile-menu"]'];

/**
 * The short tour of the main screens (4–6 steps) for a role.
 *
 * @example
 * ```ts
 * tourSteps('franchisor').map((s) => s.title); // ['Find Consultants', 'My Meetings', …]
 * ```
 */
export function tourSteps(role: Role): readonly TourStep[] {
  const find: TourStep =
    role === 'consultant'
      ? {
          id: 'find',
          title: 'Find Franchisors',
          body: 'Browse franchise brands by industry, investment and location, and keep your favourites.',
          targets: navLink(PATHS.findFranchisors),
        }
      : {
          id: 'find',
          title: 'Find Consultants',
          body: 'Search consultants by industry, region, experience and rate, then book a video meeting.',
          targets: navLink(PATHS.findConsultants),
        };
  return [
    find,
    {
      id: 'meetings',
      title: 'My Meetings',
      body:
        role === 'consultant'
          ? 'Your upcoming and past meetings: confirm completed ones to get paid.'
          : 'Your upcoming and past meetings with consultants, and their details.',
      targets: navLink(PATHS.bookings),
    },
    {
      id: 'messages',
      title: 'Messages',
      body: 'Chat with the other side before and after a meeting. The badge counts unread messages.',
      targets: navLink(PATHS.chats),
    },
    {
      id: 'payments',
      title: 'Payments',
      body:
        role === 'consultant'
          ? 'What you have earned and what is on its way.'
          : 'Your payment methods and what each meeting cost.',
      targets: navLink(PATHS.payments),
    },
    {
      id: 'notifications',
      title: 'Notifications',
      body: 'New bookings, cancellations and reviews show up under the bell.',
      targets: ['[data-tour="notifications"]', '.site-header button[aria-label="Notifications"]'],
    },
    {
      id: 'profile',
      title: 'Your profile',
      body: 'Edit and preview your profile, change your password, replay this tour or ask Support for help.',
      targets: MENU,
    },
  ];
}
