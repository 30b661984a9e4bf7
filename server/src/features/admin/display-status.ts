import type {
  ConsultantDisplayStatus,
  FranchiseDisplayStatus,
  FranchisorDisplayStatus,
} from '@fm/sdk/contracts';

interface AccountFlags {
  isVerified: boolean;
  isDeleted: boolean;
  isDeactivated: boolean;
  /** `false` means hidden. */
  status: boolean;
}

/**
 * A consultant's display status (admin-panel §4, first match wins): deleted, deactivated, hidden,
 * active (verified), otherwise a dash.
 * @example consultantDisplayStatus({ isVerified: true, isDeleted: false, isDeactivated: false, status: false }) // 'hidden'
 */
export function consultantDisplayStatus(u: AccountFlags): ConsultantDisplayStatus {
  if (u.isDeleted) return 'deleted';
  if (u.isDeactivated) return 'deactivated';
  if (!u.status) return 'hidden';
  return u.isVerified ? 'active' : '-';
}

/**
 * A franchisor user's display status (§4, first match wins, Inactive first): Inactive (not
 * verified), Deleted, Deactivated, Hidden, Activated.
 * @example franchisorDisplayStatus({ isVerified: false, isDeleted: true, isDeactivated: false, status: true }) // 'Inactive'
 */
export function franchisorDisplayStatus(u: AccountFlags): FranchisorDisplayStatus {
  if (!u.isVerified) return 'Inactive';
  if (u.isDeleted) return 'Deleted';
  if (u.isDeactivated) return 'Deactivated';
  if (!u.status) return 'Hidden';
  return 'Activated';
}

/** A user's display status by role. */
export const displayStatusOf = (role: string, u: AccountFlags) =>
  role === 'consultant' ? consultantDisplayStatus(u) : franchisorDisplayStatus(u);

/**
 * A franchise's display status (§4): Activated, or Inactive.
 * @example franchiseDisplayStatus({ isActivated: true, isDeactivated: false, isDeleted: false }) // 'Activated'
 */
export function franchiseDisplayStatus(f: {
  isActivated: boolean;
  isDeactivated: boolean;
  isDeleted: boolean;
}): FranchiseDisplayStatus {
  return f.isActivated && !f.isDeactivated && !f.isDeleted ? 'Activated' : 'Inactive';
}
