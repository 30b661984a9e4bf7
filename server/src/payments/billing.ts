import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { preparedOnce } from '../db/prepared-once.ts';
import { franchise, paymentMethod, user } from '../db/schema/index.ts';
import type { PaymentsContext } from './context.ts';

export type PaymentMethodRow = typeof paymentMethod.$inferSelect;

/** The franchise a franchisor user belongs to, read fresh (the session's copy may be older). */
export async function franchiseIdOf(executor: Db | Tx, userId: string): Promise<string | null> {
  const row = await executor
    .select({ franchiseId: user.franchiseId })
    .from(user)
    .where(eq(user.id, userId))
    .get();
  return row?.franchiseId ?? null;
}

/**
 * The user's franchise, created empty (as the profile does on a first franchise edit) when a
 * franchisor adds a card or subscribes before filling in their franchise: cards and the
 * subscription belong to the franchise, so that all its members share them.
 */
export async function ensureFranchise(db: Db, userId: string): Promise<string> {
  const existing = await franchiseIdOf(db, userId);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const again = await franchiseIdOf(tx, userId);
    if (again) return again;
    const id = crypto.randomUUID();
    await tx.insert(franchise).values({ id, company: '', billingContactUserId: userId });
    await tx
      .update(user)
      .set({ franchiseId: id })
      .where(and(eq(user.id, userId), isNull(user.franchiseId)));
    return id;
  });
}

/** The franchise's default card: the one marked default, else the most recently added. */
export async function defaultCard(
  executor: Db | Tx,
  franchiseId: string,
): Promise<PaymentMethodRow | null> {
  return (await defaultCardOf(executor).get({ franchiseId })) ?? null;
}

/** Read by every booking (its hold): built once. */
const defaultCardOf = preparedOnce((executor: Db | Tx) =>
  executor
    .select()
    .from(paymentMethod)
    .where(eq(paymentMethod.franchiseId, sql.placeholder('franchiseId')))
    .orderBy(desc(paymentMethod.isDefault), desc(paymentMethod.createdAt))
    .limit(1)
    .prepare(),
);

/** Read by every booking (its hold): built once. */
const customerOf = preparedOnce((db: Db) =>
  db
    .select({
      customerId: franchise.providerCustomerId,
      company: franchise.company,
      email: franchise.email,
      billingEmail: user.email,
    })
    .from(franchise)
    .leftJoin(user, eq(user.id, franchise.billingContactUserId))
    .where(eq(franchise.id, sql.placeholder('franchiseId')))
    .prepare(),
);

/** The franchise's customer at the provider, created once and remembered on the franchise. */
export async function ensureCustomer(ctx: PaymentsContext, franchiseId: string): Promise<string> {
  const row = await customerOf(ctx.db).get({ franchiseId });
  if (!row) throw new Error(`franchise ${franchiseId} not found`);
  const customerId = await ctx.provider.ensureCustomer({
    franchiseId,
    customerId: row.customerId,
    email: row.billingEmail ?? row.email,
    name: row.company || 'Franchise',
  });
  if (customerId !== row.customerId) {
    await ctx.db
      .update(franchise)
      .set({ providerCustomerId: customerId })
      .where(and(eq(franchise.id, franchiseId), isNull(franchise.providerCustomerId)));
  }
  return customerId;
}

/** Who hears about a franchise's money: its billing contact (and whoever else is named). */
export async function billingContactOf(
  executor: Db | Tx,
  franchiseId: string | null,
): Promise<string | null> {
  if (!franchiseId) return null;
  const row = await executor
    .select({ id: franchise.billingContactUserId })
    .from(franchise)
    .where(eq(franchise.id, franchiseId))
    .get();
  return row?.id ?? null;
}
