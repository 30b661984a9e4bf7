import type { EmbedKeyInfo } from '@fm/sdk/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { apiKey, franchise } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { hashKey } from '../api-keys/service.ts';

/**
 * `GET /api/embed/keys/{key}` (public; the key is public too): the origins a live publishable key
 * allows and its franchise's name, for the portal's `/embed/sign-in` page, which posts the
 * visitor's credentials only to one of those origins (D18). 404 for an unknown or revoked key.
 */
export function embedRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<AppEnv>().get('/keys/:key', async (c) => {
    const [row] = await db
      .select({ allowedOrigins: apiKey.allowedOrigins, franchiseName: franchise.company })
      .from(apiKey)
      .innerJoin(franchise, eq(franchise.id, apiKey.franchiseId))
      .where(
        and(
          eq(apiKey.keyHash, hashKey(c.req.param('key'))),
          eq(apiKey.kind, 'publishable'),
          isNull(apiKey.revokedAt),
        ),
      )
      .limit(1);
    if (!row)
      throw new AppError('NOT_FOUND', {
        message: 'This embed key is not valid or has been revoked.',
      });
    const info: EmbedKeyInfo = {
      allowedOrigins: row.allowedOrigins,
      franchiseName: row.franchiseName,
    };
    return c.json(info);
  });
}
