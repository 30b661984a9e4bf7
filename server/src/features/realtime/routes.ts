import { RealtimeRedeemInputSchema, RealtimeTicketInputSchema } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import { AppError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { secretMatches, type TicketService } from './tickets.ts';

/**
 * `/api/realtime` (rule 15): `POST /ticket {room}` gives a signed-in user a single-use ticket for a room
 * they may join; `POST /redeem {ticket, room}` is for the room server only (the shared secret as a
 * bearer token) and answers who the ticket admits.
 *
 * A wrong secret is 403 (the room server reports a misconfiguration); a ticket that is unknown,
 * used, expired or for another room is 401 (the socket is refused as unauthenticated).
 */
export function realtimeRoutes(deps: { tickets: TicketService; secret: string }) {
  const roomServerOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (!secretMatches(c.req.header('authorization'), deps.secret)) {
      throw new AppError('FORBIDDEN');
    }
    await next();
  });

  return new Hono<AppEnv>()
    .post('/ticket', signedIn, validate('json', RealtimeTicketInputSchema), async (c) =>
      c.json(await deps.tickets.issue(requireUser(c), c.req.valid('json').room)),
    )
    .post('/redeem', roomServerOnly, validate('json', RealtimeRedeemInputSchema), async (c) => {
      const { ticket, room } = c.req.valid('json');
      const identity = await deps.tickets.redeem(ticket, room);
      if (!identity) {
        throw new AppError('UNAUTHORIZED', {
          message: 'The realtime ticket is unknown, used or expired',
        });
      }
      return c.json(identity);
    });
}
