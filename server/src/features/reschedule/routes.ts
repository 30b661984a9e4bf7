import { RescheduleAcceptInputSchema, RescheduleProposalInputSchema } from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { type AppEnv, requireRole, requireUser } from '../../auth/session.ts';
import { validate } from '../../http/validate.ts';
import type { LateRescheduleService } from './late-cancellation.ts';
import type { RescheduleService } from './service.ts';

/**
 * Rule 20's calls, mounted on `/api/session` beside the meeting they move: the proposals of a
 * meeting, a new one, and the other side's accept or decline.
 */
export function rescheduleRoutes(reschedules: RescheduleService) {
  const parties = requireRole('franchisor', 'consultant');
  return new Hono<AppEnv>()
    .get('/:id/reschedule-requests', parties, async (c) =>
      c.json(await reschedules.history(requireUser(c), c.req.param('id'))),
    )
    .post(
      '/:id/reschedule-requests',
      parties,
      validate('json', RescheduleProposalInputSchema),
      async (c) =>
        c.json(
          await reschedules.propose(requireUser(c), c.req.param('id'), c.req.valid('json')),
          201,
        ),
    )
    .post(
      '/:id/reschedule-requests/:requestId/accept',
      parties,
      validate('json', RescheduleAcceptInputSchema),
      async (c) =>
        c.json(
          await reschedules.accept(
            requireUser(c),
            c.req.param('id'),
            c.req.param('requestId'),
            c.req.valid('json'),
          ),
        ),
    )
    .post('/:id/reschedule-requests/:requestId/decline', parties, async (c) =>
      c.json(
        await reschedules.decline(requireUser(c), c.req.param('id'), c.req.param('requestId')),
      ),
    );
}

/**
 * A late cancellation's reschedule, mounted on `/api/users` beside the consultant's late
 * cancellations: the consultant proposes, the franchisor lists, accepts or declines.
 */
export function lateRescheduleRoutes(late: LateRescheduleService) {
  const consultant = requireRole('consultant');
  const franchisor = requireRole('franchisor');
  const answer = '/late-cancellations/:paymentId/reschedule-requests/:requestId';
  return new Hono<AppEnv>()
    .post(
      '/payments/:id/reschedule-requests',
      consultant,
      validate('json', RescheduleProposalInputSchema),
      async (c) =>
        c.json(await late.propose(requireUser(c), c.req.param('id'), c.req.valid('json')), 201),
    )
    .get('/late-cancellations/reschedule-requests', franchisor, async (c) =>
      c.json(await late.listForFranchisor(requireUser(c))),
    )
    .post(
      `${answer}/accept`,
      franchisor,
      validate('json', RescheduleAcceptInputSchema),
      async (c) =>
        c.json(
          await late.accept(
            requireUser(c),
            c.req.param('paymentId'),
            c.req.param('requestId'),
            c.req.valid('json'),
          ),
        ),
    )
    .post(`${answer}/decline`, franchisor, async (c) =>
      c.json(
        await late.decline(requireUser(c), c.req.param('paymentId'), c.req.param('requestId')),
      ),
    );
}
