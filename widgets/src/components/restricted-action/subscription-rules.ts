import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  type Role,
  type SubscriptionStatus,
} from '@fm/sdk/contracts';

/**
 * Whether a franchise's subscription unlocks booking and messaging (rule 11: active or trialing).
 *
 * @example
 * hasActiveSubscription('trialing'); // true
 * hasActiveSubscription(null); // false
 */
export function hasActiveSubscription(status: SubscriptionStatus | null | undefined): boolean {
  return status !== null && status !== undefined && ACTIVE_SUBSCRIPTION_STATUSES.includes(status);
}

export interface SubscriptionPromptInput {
  /** The signed-in user's role; `null` for a guest. */
  role: Role | null;
  /** Whether the own profile (and so the status) is known yet. */
  known: boolean;
  /** `profile.franchise.stripeSubscriptionStatus`; `null` when the franchise never subscribed. */
  status: SubscriptionStatus | null | undefined;
  /** The page is one of `/my-profile/*` (where the subscription is managed). */
  inMyProfile: boolean;
  /** This browser already gave the one-time prompt to this user. */
  promptedBefore: boolean;
  /** The subscription modal was already shown in this browser session. */
  modalShownThisSession: boolean;
}

export interface SubscriptionPrompts {
  /** The Start Booking Calls banner (the consultants and bookings lists show it). */
  banner: boolean;
  /** The one-time prompt of a franchisor whose franchise has no subscription status. */
  firstPrompt: boolean;
  /** The subscription-required modal (a status other than active or trialing). */
  modal: boolean;
}

const NONE: SubscriptionPrompts = { banner: false, firstPrompt: false, modal: false };

/**
 * What a franchisor without an active subscription is shown (user-area §2, §4): the Start
 * Booking Calls banner; with no subscription status at all, a prompt once; with another status
 * (e.g. canceled), the subscription modal outside my-profile — once per browser session, so that
 * it does not come back on every page. Nothing for consultants, guests, or an active or trialing
 * subscription, and nothing until the status is known.
 *
 * @example
 * subscriptionPrompts({ role: 'franchisor', known: true, status: 'canceled', inMyProfile: false,
 *   promptedBefore: false, modalShownThisSession: false });
 * // { banner: true, firstPrompt: false, modal: true }
 */
export function subscriptionPrompts(input: SubscriptionPromptInput): SubscriptionPrompts {
  if (input.role !== 'franchisor' || !input.known) return NONE;
  if (hasActiveSubscription(input.status)) return NONE;
  const neverSubscribed = input.status === null || input.status === undefined;
  return {
    banner: true,
    firstPrompt: neverSubscribed && !input.promptedBefore && !input.inMyProfile,
    modal: !neverSubscribed && !input.inMyProfile && !input.modalShownThisSession,
  };
}
