import type { Role } from '@fm/sdk/contracts';

/**
 * The password of the three demo sign-ins (rule 3) — and of every other verified seeded account, so that
 * any consultant or franchisor of the demo can be tried out. Demo data only, never production.
 */
export const DEMO_PASSWORD = 'Demo-Pass-2025!';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/**
 * The three demo sign-ins printed in the README.
 * @example await signIn({ email: DEMO_ACCOUNTS.consultant.email, password: DEMO_PASSWORD });
 */
export const DEMO_ACCOUNTS = {
  /** A franchisor of BrightNest Home Care: subscription active, card `pm_card_visa`. */
  franchisor: {
    email: 'franchisor@example.com',
    firstName: 'Olivia',
    lastName: 'Bennett',
    role: 'franchisor',
  },
  /** Activated, $50 per 15 minutes, Monday–Friday 09:00–17:00 America/New_York. */
  consultant: {
    email: 'consultant@example.com',
    firstName: 'Marcus',
    lastName: 'Reed',
    role: 'consultant',
  },
  admin: {
    email: 'admin@example.com',
    firstName: 'Avery',
    lastName: 'Admin',
    role: 'admin',
  },
} as const satisfies Record<'franchisor' | 'consultant' | 'admin', DemoAccount>;
