import { WEBHOOK_DISABLE_AFTER_DAYS } from '@fm/sdk/contracts';
import { and, eq, lte } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { franchise, user, webhookEndpoint } from '../../../db/schema/index.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { disabledEndpointMail, disabledReason } from './texts.ts';

const DAY_MS = 86_400_000;

/** Who is told of a disabled endpoint: its franchise's billing contact, else its creator, or the consultant. */
async function ownerEmail(
  tx: Tx,
  endpoint: typeof webhookEndpoint.$inferSelect,
): Promise<string | null> {
  const emailOf = async (userId: string | null | undefined) => {
    if (!userId) return null;
    const row = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).get();
    return row?.email ?? null;
  };
  if (endpoint.consultantId) return emailOf(endpoint.consultantId);
  if (endpoint.franchiseId) {
    const owner = await tx
      .select({ billingContactUserId: franchise.billingContactUserId })
      .from(franchise)
      .where(eq(franchise.id, endpoint.franchiseId))
      .get();
    const billing = await emailOf(owner?.billingContactUserId);
    if (billing) return billing;
  }
  return emailOf(endpoint.createdByUserId);
}

/**
 * Disables an endpoint whose deliveries have all failed for WEBHOOK_DISABLE_AFTER_DAYS (rule 21),
 * stores why, and queues the e-mail to its owner, in the caller's transaction. Only the call that
 * disables it mails (a second worker finds it disabled already). Answers whether it disabled it.
 *
 * @example await db.transaction((tx) => disableIfFailingTooLong(tx, { endpointId, now, mailer, developersUrl }));
 */
export async function disableIfFailingTooLong(
  tx: Tx,
  input: { endpointId: string; now: Date; mailer: Mailer; developersUrl: string },
): Promise<{ disabled: false } | { disabled: true; mailedTo: string | null }> {
  const cutoff = new Date(input.now.getTime() - WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS);
  const current = await tx
    .select({ failingSince: webhookEndpoint.failingSince })
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.id, input.endpointId))
    .get();
  if (!current?.failingSince || current.failingSince.getTime() > cutoff.getTime()) {
    return { disabled: false };
  }
  const [endpoint] = await tx
    .update(webhookEndpoint)
    .set({
      enabled: false,
      disabledReason: disabledReason(current.failingSince),
      updatedAt: input.now,
    })
    .where(
      and(
        eq(webhookEndpoint.id, input.endpointId),
        eq(webhookEndpoint.enabled, true),
        lte(webhookEndpoint.failingSince, cutoff),
      ),
    )
    .returning();
  if (!endpoint?.failingSince) return { disabled: false };
  const to = await ownerEmail(tx, endpoint);
  if (to) {
    await input.mailer.send(
      {
        to,
        ...disabledEndpointMail({
          url: endpoint.url,
          failingSince: endpoint.failingSince,
          developersUrl: input.developersUrl,
        }),
      },
      { tx },
    );
  }
  return { disabled: true, mailedTo: to };
}
