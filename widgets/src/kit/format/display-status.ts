import type { FranchisorDisplayStatus, OwnProfile, Role } from '@fm/sdk/contracts';

/** A consultant's display status (user-area §4, admin-panel §4). */
export type ConsultantDisplayStatus = 'Deleted' | 'Deactivated' | 'Hidden' | 'Active' | 'Inactive';
export type DisplayStatus = FranchisorDisplayStatus | ConsultantDisplayStatus;

/** The account flags the display status is read from. */
export type AccountFlags = Pick<
  OwnProfile,
  'isVerified' | 'isDeleted' | 'isDeactivated' | 'status'
>;

/**
 * A franchisor's display status, first match wins with Inactive taking priority: Inactive (not
 * verified), Deleted, Deactivated, Hidden (status falsy), Activated.
 *
 * @example
 * ```ts
 * franchisorDisplayStatus({ isVerified: false, isDeleted: true, isDeactivated: false, status: true }); // 'Inactive'
 * ```
 */
export function franchisorDisplayStatus(flags: AccountFlags): FranchisorDisplayStatus {
  if (!flags.isVerified) return 'Inactive';
  if (flags.isDeleted) return 'Deleted';
  if (flags.isDeactivated) return 'Deactivated';
  if (!flags.status) return 'Hidden';
  return 'Activated';
}

/**
 * A consultant's display status, first match wins: Deleted, Deactivated, Hidden (status false),
 * Active (verified), otherwise Inactive.
 *
 * @example
 * ```ts
 * consultantDisplayStatus({ isVerified: true, isDeleted: false, isDeactivated: false, status: true }); // 'Active'
 * ```
 */
export function consultantDisplayStatus(flags: AccountFlags): ConsultantDisplayStatus {
  if (flags.isDeleted) return 'Deleted';
  if (flags.isDeactivated) return 'Deactivated';
  if (!flags.status) return 'Hidden';
  return flags.isVerified ? 'Active' : 'Inactive';
}

/** The display status of a role's account; admins read like franchisors. */
export function displayStatus(role: Role, flags: AccountFlags): DisplayStatus {
  return role === 'consultant' ? consultantDisplayStatus(flags) : franchisorDisplayStatus(flags);
}

/** Whether a status lets the account appear publicly and work normally. */
export function isGoodStanding(status: DisplayStatus): boolean {
  return status === 'Activated' || status === 'Active';
}

/** What each status means for the user, in one sentence. */
export const DISPLAY_STATUS_EXPLANATIONS: Record<DisplayStatus, string> = {
  Activated: 'Your account is active and your profile is visible to consultants.',
  Active: 'Your account is active and your profile is visible to franchisors.',
  Inactive:
    'Your account is not activated yet. Activate it from the link we sent you, or contact support.',
  Deleted: 'This account has been deleted.',
  Deactivated:
    'Your account has been deactivated by an administrator. Contact support to reactivate it.',
  Hidden: 'Your profile is hidden from search and public pages. Contact support to show it again.',
};
