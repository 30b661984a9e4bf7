import { PresenceReportSchema } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import { AppError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { secretMatches } from '../realtime/tickets.ts';
import type { MeetingRoomService } from './service.ts';

/**
 * The meeting room's HTTP surface (rule 16). `session` is mounted at `/api/session`:
 * `GET /{id}/room`, `GET /{id}/presence`, `POST /{id}/no-show`. `roomServer` is mounted at
 * `/api/realtime`: `POST /presence`, for the room server only (the shared secret as a bearer token;
 * a wrong one is 403, as for ticket redemption).
 */
export function meetingRoomRoutes(deps: { rooms: MeetingRoomService; secret: string }) {
  const roomServerOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (!secretMatches(c.req.header('authorization'), deps.secret)) {
      throw new AppError('FORBIDDEN');
    }
    await next();
  });

  const session = new Hono<AppEnv>()
    .get('/:id/room', signedIn, async (c) =>
      c.json(await deps.rooms.info(requireUser(c), c.req.param('id'))),
    )
    .get('/:id/presence', signedIn, async (c) =>
      c.json(await deps.rooms.presence(requireUser(c), c.req.param('id'))),
    )
    .post('/:id/no-show', signedIn, async (c) =>
      c.json(await deps.rooms.reportNoShow(requireUser(c), c.req.param('id'))),
    );

  const roomServer = new Hono<AppEnv>().post(
    '/presence',
    roomServerOnly,
    validate('json', PresenceReportSchema),
    async (c) => c.json(await deps.rooms.ingest(c.req.valid('json'))),
  );

  return { session, roomServer };
}
