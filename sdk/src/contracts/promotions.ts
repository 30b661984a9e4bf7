import * as v from 'valibot';
import type { PromotionAffected, Role } from './enums.ts';

/**
 * Promotions as users see them (user-area §3 "Promotion (user view)", §7 `GET users/promotions`):
 * the admin's running promotions aimed at the caller's audience, shown by the dashboard carousel.
 */

/** The audience a promotion is aimed at, for each role that has one (admins have none). */
export const PROMOTION_AUDIENCE_OF_ROLE: Readonly<Partial<Record<Role, PromotionAffected>>> = {
  franchisor: 'Franchise',
  consultant: 'Consultant',
};

/** At most this many promotions are answered (those ending soonest). */
export const PROMOTIONS_LIMIT = 20;

/** One card of the carousel: the promotion's `key`, its `title` (the admin's name) and description. */
export const PromotionSchema = v.object({
  key: v.string(),
  title: v.string(),
  /** Empty when the admin gave none. */
  description: v.string(),
});
export type Promotion = v.InferOutput<typeof PromotionSchema>;

/**
 * `GET /api/users/promotions`: the promotions running now (status active, start ≤ now < end) for
 * the caller's audience, ending soonest first.
 */
export const PromotionListSchema = v.object({
  promotions: v.array(PromotionSchema),
});
export type PromotionList = v.InferOutput<typeof PromotionListSchema>;

/** Promotions (the SDK's `promotions.ts`). */
export const PROMOTION_OPERATIONS = {
  fetchPromotions: 'Error fetching promotions',
} as const;
