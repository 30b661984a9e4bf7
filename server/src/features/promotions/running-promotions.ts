import { PROMOTIONS_LIMIT, type PromotionAffected, type PromotionList } from '@fm/sdk/contracts';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promotion } from '../../db/schema/index.ts';

/**
 * The promotions running at `now` for one audience: status active and `startDate ≤ now < endDate`,
 * ending soonest first (then by name, so the order is stable), as the carousel's cards.
 */
export async function runningPromotions(
  db: Db,
  audience: PromotionAffected,
  now: Date,
): Promise<PromotionList> {
  const rows = await db
    .select({ key: promotion.key, title: promotion.name, description: promotion.description })
    .from(promotion)
    .where(
      and(
        eq(promotion.status, 'active'),
        eq(promotion.affected, audience),
        lte(promotion.startDate, now),
        gt(promotion.endDate, now),
      ),
    )
    .orderBy(asc(promotion.endDate), asc(promotion.name))
    .limit(PROMOTIONS_LIMIT);
  return { promotions: rows.map((r) => ({ ...r, description: r.description ?? '' })) };
}
