import type { FavoriteToggleResult } from '@fm/sdk/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Favourite toggles. Each toggle runs in one write transaction (BEGIN IMMEDIATE), so concurrent
 * toggles by one viewer serialise: two toggles leave the state unchanged, never a duplicate row
 * (the favourite's primary key forbids those anyway) nor an error.
 */

/**
 * `POST /api/users/favorite-consultant`: adds or removes a visible consultant.
 * @returns the new state and how many visible consultants the viewer has favourited
 */
export async function toggleFavoriteConsultant(
  db: Db,
  viewerId: string,
  consultantId: string,
  now: Date,
): Promise<FavoriteToggleResult> {
  return db.transaction(async (tx) => {
    // (Drizzle's `get` fails on an empty raw result: read with `all`.)
    const [target] = await tx.all<{ id: string }>(
      sql`select user_id as id from consultant_search where user_id = ${consultantId} and visible = 1`,
    );
    if (!target) throw new AppError('NOT_FOUND', { message: 'Consultant not found' });
    const removed = await tx.all(
      sql`delete from favorite where user_id = ${viewerId} and target_user_id = ${consultantId}
          returning 1`,
    );
    if (removed.length === 0) {
      await tx.run(
        sql`insert into favorite (user_id, target_user_id, created_at)
            values (${viewerId}, ${consultantId}, ${now.getTime()}) on conflict do nothing`,
      );
    }
    const [total] = await tx.all<{ n: number }>(
      sql`select count(*) as n from favorite f
            join consultant_search s on s.user_id = f.target_user_id and s.visible = 1
          where f.user_id = ${viewerId}`,
    );
    return { isFavorite: removed.length === 0, total: total?.n ?? 0 };
  });
}

/**
 * `POST /api/users/favorite-franchisor`: adds or removes a franchise, named by one of its visible
 * franchisor users (the card's `id`). A favourite on any member counts for the franchise, so
 * removing clears them all.
 * @returns the new state and how many visible franchises the viewer has favourited
 */
export async function toggleFavoriteFranchisor(
  db: Db,
  viewerId: string,
  franchisorId: string,
  now: Date,
): Promise<FavoriteToggleResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx.all<{ franchiseId: string }>(
      sql`select s.franchise_id as franchiseId from "user" u
            join franchise_search s on s.franchise_id = u.franchise_id and s.visible = 1
          where u.id = ${franchisorId} and u.role = 'franchisor' and u.is_verified = 1
            and u.status = 1 and u.is_deleted = 0 and u.is_deactivated = 0`,
    );
    if (!target) throw new AppError('NOT_FOUND', { message: 'Franchisor not found' });
    const removed = await tx.all(
      sql`delete from favorite where user_id = ${viewerId}
            and target_user_id in (select id from "user" where franchise_id = ${target.franchiseId})
          returning 1`,
    );
    if (removed.length === 0) {
      await tx.run(
        sql`insert into favorite (user_id, target_user_id, created_at)
            values (${viewerId}, ${franchisorId}, ${now.getTime()}) on conflict do nothing`,
      );
    }
    const [total] = await tx.all<{ n: number }>(
      sql`select count(distinct s.rid) as n from favorite f
            join "user" u on u.id = f.target_user_id
            join franchise_search s on s.franchise_id = u.franchise_id and s.visible = 1
          where f.user_id = ${viewerId}`,
    );
    return { isFavorite: removed.length === 0, total: total?.n ?? 0 };
  });
}
