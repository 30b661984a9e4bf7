import { MarkNotificationsReadInputSchema, NotificationListQuerySchema } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { validate } from '../../http/validate.ts';
import { listNotifications, markNotificationsRead } from './inbox.ts';

/** `/api/users/notifications`: the signed-in user's own notifications, and marking them read. */
export function notificationRoutes(deps: { db: Db }) {
  return new Hono<AppEnv>()
    .get('/notifications', signedIn, validate('query', NotificationListQuerySchema), async (c) =>
      c.json(await listNotifications(deps.db, requireUser(c).id, c.req.valid('query'))),
    )
    .post(
      '/notifications/read',
      signedIn,
      validate('json', MarkNotificationsReadInputSchema),
      async (c) =>
        c.json(await markNotificationsRead(deps.db, requireUser(c).id, c.req.valid('json'))),
    );
}
