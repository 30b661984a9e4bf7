import type { user } from '../../db/schema/index.ts';

type UserRow = typeof user.$inferSelect;

/**
 * Who may appear publicly: verified, visible, neither deleted nor deactivated, and not an admin.
 * Apart from the profile reads, which use the booking's zone, so booking can import it.
 */
export const isPubliclyVisible = (
  u: Pick<UserRow, 'role' | 'isVerified' | 'status' | 'isDeleted' | 'isDeactivated'>,
) => u.role !== 'admin' && u.isVerified && u.status && !u.isDeleted && !u.isDeactivated;
