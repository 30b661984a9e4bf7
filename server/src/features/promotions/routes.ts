import { PROMOTION_AUDIENCE_OF_ROLE, type PromotionList } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { runningPromotions } from './running-promotions.ts';

/**
 * `GET /api/users/promotions` (user-area §7): the promotions running now for the caller's
 * audience (franchisors see `Franchise` ones, consultants `Consultant` ones); admins have no
 * audience and get none.
 */
export function promotionRoutes(deps: { db: Db; now: () => Date }) {
  return new Hono<AppEnv>().get('/promotions', signedIn, async (c) => {
    const audience = PROMOTION_AUDIENCE_OF_ROLE[requireUser(c).role];
    const body: PromotionList = audience
      ? await runningPromotions(deps.db, audience, deps.now())
      : { promotions: [] };
    return c.json(body);
  });
}
