import { DisputeReplyInputSchema, OpenDisputeInputSchema } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { type AppEnv, requireRole, requireUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../http/logger.ts';
import { validate } from '../../http/validate.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createPayments, type Payments } from '../../payments/payments.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import { adminDisputeRoutes } from '../admin/disputes.ts';
import { createDisputeService, type DisputeService } from './service.ts';

const parties = requireRole('franchisor', 'consultant');

/**
 * `/api/session/{id}/dispute` (rule 20), mounted by app.ts beside the meeting's routes: the
 * meeting's dispute as its two sides see it, opening one (its franchisor), and replies.
 */
export function disputeRoutes(deps: { disputes: DisputeService }) {
  const { disputes } = deps;
  return new Hono<AppEnv>()
    .get('/:id/dispute', parties, async (c) =>
      c.json(await disputes.view(requireUser(c), c.req.param('id'))),
    )
    .post(
      '/:id/dispute',
      requireRole('franchisor'),
      validate('json', OpenDisputeInputSchema),
      async (c) =>
        c.json(await disputes.open(requireUser(c), c.req.param('id'), c.req.valid('json')), 201),
    )
    .post('/:id/dispute/replies', parties, validate('json', DisputeReplyInputSchema), async (c) =>
      c.json(await disputes.reply(requireUser(c), c.req.param('id'), c.req.valid('json')), 201),
    );
}

/**
 * The dispute feature wired once (rule 20): `session` for `/api/session`, `admin` for
 * `/api/admin/disputes`, one service behind both.
 * @example const disputes = disputeRouters({ db, env, mailer, logger, now, realtime, payments });
 */
export function disputeRouters(deps: {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  realtime: RealtimePublisher;
  payments?: Payments | undefined;
}) {
  const payments = deps.payments ?? createPayments(deps);
  const disputes = createDisputeService({
    ctx: {
      db: deps.db,
      provider: payments.provider,
      mailer: deps.mailer,
      logger: deps.logger,
      now: deps.now,
      realtime: deps.realtime,
    },
    refunds: payments.refunds,
  });
  return {
    service: disputes,
    session: disputeRoutes({ disputes }),
    admin: adminDisputeRoutes({ db: deps.db, now: deps.now, disputes }),
  };
}
