import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { franchise, user } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Makes the franchise member with this e-mail the franchise's only billing contact (a member's
 * own Contact Info and the admin's franchise page). An empty e-mail is refused with 'Billing
 * address can not be deleted'; an e-mail of no member with `notMember` under `field`.
 *
 * @example
 * ```ts
 * const memberId = await setBillingContact(db, franchiseId, 'ann@example.com', {
 *   field: 'billingAddress',
 *   notMember: 'The billing contact must be a franchisor of your franchise',
 * });
 * ```
 */
export async function setBillingContact(
  db: Db,
  franchiseId: string,
  email: string,
  refusal: { field: string; notMember: string },
): Promise<string> {
  const wanted = email.trim().toLowerCase();
  if (!wanted) {
    throw new AppError('BILLING_CONTACT_REQUIRED', {
      errors: { billingAddress: 'Billing address can not be deleted' },
    });
  }
  const member = await db.query.user.findFirst({
    where: and(
      eq(user.email, wanted),
      eq(user.franchiseId, franchiseId),
      eq(user.isDeleted, false),
    ),
  });
  if (!member) {
    throw new AppError('VALIDATION_FAILED', {
      message: refusal.notMember,
      errors: { [refusal.field]: refusal.notMember },
    });
  }
  await db
    .update(franchise)
    .set({ billingContactUserId: member.id })
    .where(eq(franchise.id, franchiseId));
  return member.id;
}
