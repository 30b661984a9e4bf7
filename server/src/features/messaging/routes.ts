import type { UnreadCount } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { unreadMessageCount } from './unread.ts';

/** `/api/chats/*`: the unread count the header badge polls (user-area §7). */
export function messagingRoutes(deps: { db: Db }) {
  return new Hono<AppEnv>().get('/messages/unread-count', signedIn, async (c) => {
    const user = requireUser(c);
    // Polled every few seconds: never served from a cache.
    c.header('cache-control', 'no-store, no-cache, must-revalidate');
    c.header('pragma', 'no-cache');
    return c.json({
      unreadCount: await unreadMessageCount(deps.db, user.id),
    } satisfies UnreadCount);
  });
}
