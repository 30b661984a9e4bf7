/**
 * Every enumeration of the product, defined once. Server, party, SDK and UIs import these.
 * Arrays are `as const` so that valibot `picklist`s and TypeScript unions derive from them.
 */

/** Stored role values. The spec's `franchisee` is an input alias of `franchisor` (rule 5). */
export const ROLES = ['franchisor', 'consultant', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a visitor may sign up with; `admin` is never self-assigned. */
export const SIGN_UP_ROLES = ['franchisor', 'consultant'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];
/** Role values accepted on input (query, body). */
export const ROLE_INPUTS = ['franchisor', 'franchisee', 'consultant', 'admin'] as const;
export type RoleInput = (typeof ROLE_INPUTS)[number];
/** Maps an input role (which may be the `franchisee` alias) to its stored value. */
export function normalizeRole(role: RoleInput): Role {
  return role === 'franchisee' ? 'franchisor' : role;
}

/** Meeting (session) states of rule 8. `finished` is accepted on input as `completed`. */
export const BOOKING_STATUSES = ['future', 'pending', 'completed', 'declined'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_INPUTS = [...BOOKING_STATUSES, 'finished'] as const;
export type BookingStatusInput = (typeof BOOKING_STATUS_INPUTS)[number];

/** A payment row's meeting status and its paid flag. */
export const PAYMENT_MEETING_STATUSES = ['pending', 'declined', 'completed'] as const;
export type PaymentMeetingStatus = (typeof PAYMENT_MEETING_STATUSES)[number];
export const PAYMENT_PAID_STATES = ['paid', 'unpaid'] as const;
export type PaymentPaidState = (typeof PAYMENT_PAID_STATES)[number];
/** Buckets of `GET users/payments-total`. */
export const PAYMENT_TOTAL_BUCKETS = ['FUTURE', 'PENDING', 'COMPLETED'] as const;
export type PaymentTotalBucket = (typeof PAYMENT_TOTAL_BUCKETS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Label shown when a franchise has no subscription status. */
export const UNSUBSCRIBED_LABEL = 'Unsubscribed';
/** Statuses that unlock booking and messaging for a franchisor (rule 11). */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

export const BRAND_NAME_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BrandNameStatus = (typeof BRAND_NAME_STATUSES)[number];

export const PROMOTION_STATUSES = ['active', 'inactive'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
/** How a promotion's status is labelled in the admin table. */
export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  active: 'Running',
  inactive: 'Paused',
};
export const PROMOTION_EFFECTS = ['Price', 'Gift'] as const;
export type PromotionEffect = (typeof PROMOTION_EFFECTS)[number];
export const PROMOTION_AFFECTED = ['Franchise', 'Consultant'] as const;
export type PromotionAffected = (typeof PROMOTION_AFFECTED)[number];

export const CALENDAR_PROVIDERS = ['google', 'office365'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];

export * from './discovery-enums.ts';
export * from './geography.ts';
export * from './time-zones.ts';

/** Commission kinds of a franchise's referral fee (domestic and international). */
export const COMMISSION_KINDS = [
  'singleUnit',
  'veteran',
  'areaMaster',
  'resale',
  'multipleUnit',
] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** Profile-completeness steps (user-area §4). */
export const FRANCHISOR_PROFILE_STEPS = [
  'Franchise Details',
  'Gallery',
  'Contact',
  'Investment Profile',
  'Training and Support',
  'Referral Fee',
] as const;
export const CONSULTANT_PROFILE_STEPS = ['General Info', 'Payment Details', 'Rate'] as const;
export type ProfileStep =
  | (typeof FRANCHISOR_PROFILE_STEPS)[number]
  | (typeof CONSULTANT_PROFILE_STEPS)[number];

/** Display statuses of accounts (user-area §4, admin-panel §4). */
export const FRANCHISOR_DISPLAY_STATUSES = [
  'Inactive',
  'Deleted',
  'Deactivated',
  'Hidden',
  'Activated',
] as const;
export type FranchisorDisplayStatus = (typeof FRANCHISOR_DISPLAY_STATUSES)[number];
