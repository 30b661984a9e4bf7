import { ACTIVE_SUBSCRIPTION_STATUSES } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { franchise } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Rule 11 for messaging: starting chats, sending and uploading need, for a franchisor, a franchise
 * whose subscription is active or trialing (else 403 `SUBSCRIPTION_REQUIRED`), and for a
 * consultant an activated profile (else 403 `PROFILE_INACTIVE`). Reading stays allowed. Other
 * roles do not chat (403 `FORBIDDEN`).
 */
export async function assertMayMessage(db: Db, actor: SessionUser): Promise<void> {
  if (actor.role === 'consultant') {
    if (!actor.isVerified) throw new AppError('PROFILE_INACTIVE');
    return;
  }
  if (actor.role !== 'franchisor') throw new AppError('FORBIDDEN');
  const brand = actor.franchiseId
    ? await db.query.franchise.findFirst({
        columns: { stripeSubscriptionStatus: true },
        where: eq(franchise.id, actor.franchiseId),
      })
    : undefined;
  const status = brand?.stripeSubscriptionStatus;
  if (!status || !ACTIVE_SUBSCRIPTION_STATUSES.includes(status)) {
    throw new AppError('SUBSCRIPTION_REQUIRED');
  }
}
