import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
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

/**
 * A member leaves their franchise (moved to another, or their account deleted): when they were its
 * billing contact, the franchise keeps one, its earliest remaining member (none when no one is
 * left). Runs inside the caller's transaction.
 *
 * @example
 * ```ts
 * await db.transaction(async (tx) => handOverBillingContact(tx, member.franchiseId, member.id));
 * ```
 */
export async function handOverBillingContact(
  tx: Tx,
  franchiseId: string | null,
  leavingUserId: string,
): Promise<void> {
  if (!franchiseId) return;
  const f = await tx.query.franchise.findFirst({ where: eq(franchise.id, franchiseId) });
  if (f?.billingContactUserId !== leavingUserId) return;
  const next = await tx.query.user.findFirst({
    where: and(eq(user.franchiseId, f.id), eq(user.isDeleted, false), ne(user.id, leavingUserId)),
    orderBy: [asc(user.createdAt), asc(user.id)],
  });
  await tx
    .update(franchise)
    .set({ billingContactUserId: next?.id ?? null })
    .where(eq(franchise.id, f.id));
}
