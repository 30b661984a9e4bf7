import {
  CreateWebhookEndpointInputSchema,
  SendTestWebhookInputSchema,
  UpdateWebhookEndpointInputSchema,
  WEBHOOK_TESTS_PER_MINUTE,
  WebhookDeliveryQuerySchema,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { type AppEnv, requireRole, requireUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { franchise } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { validate } from '../../http/validate.ts';
import { recordAudit } from '../admin/audit.ts';
import type { WebhookOwner, WebhookScope, WebhookService } from './service.ts';

/** What the audit trail keeps of an endpoint: never its secret. */
const auditView = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  description: endpoint.description,
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  secretPrefix: endpoint.secretPrefix,
  franchiseId: endpoint.franchiseId,
  consultantId: endpoint.consultantId,
});

/**
 * The webhook routes (rule 21). `/api/webhooks/…` for a franchise's members (and its secret keys
 * with `webhooks:manage`, who act as a member) and for consultants, each on their own endpoints;
 * `/api/admin/franchises/{id}/webhooks/endpoints` and `/api/admin/webhooks/…` for admins, on any
 * franchise's, every change audited.
 *
 * @example
 * const hooks = webhookRoutes({ db, webhooks, limiter, now });
 * api.route('/webhooks', hooks.own).route('/admin/franchises', hooks.adminFranchises).route('/admin/webhooks', hooks.admin);
 */
export function webhookRoutes(deps: {
  db: Db;
  webhooks: WebhookService;
  limiter: RateLimiter;
  now: () => Date;
}) {
  const { webhooks } = deps;

  /** The caller's own endpoints: their franchise's (franchisors) or their own (consultants). */
  const ownerOf = (c: Context<AppEnv>): WebhookOwner => {
    const current = requireUser(c);
    if (current.role === 'consultant') return { consultantId: current.id };
    if (!current.franchiseId) {
      throw new AppError('RULE_VIOLATION', {
        message: 'Name your franchise in your profile before adding webhook endpoints.',
      });
    }
    return { franchiseId: current.franchiseId };
  };

  const testLimit = (endpointId: string) =>
    deps.limiter.hit(`webhook-test:${endpointId}`, WEBHOOK_TESTS_PER_MINUTE);

  /** The endpoint calls shared by the caller's own routes and the control panel's. */
  const endpointCalls = (
    scopeOf: (c: Context<AppEnv>) => WebhookScope,
    audit?: (
      c: Context<AppEnv>,
      action: string,
      before: WebhookEndpoint | null,
      after: WebhookEndpoint | null,
    ) => Promise<void>,
  ) =>
    new Hono<AppEnv>()
      .patch('/endpoints/:id', validate('json', UpdateWebhookEndpointInputSchema), async (c) => {
        const scope = scopeOf(c);
        const before = audit ? await webhooks.get(scope, c.req.param('id')) : null;
        const updated = await webhooks.update(scope, c.req.param('id'), c.req.valid('json'));
        await audit?.(c, 'webhook-endpoint.update', before, updated);
        return c.json(updated);
      })
      .delete('/endpoints/:id', async (c) => {
        const removed = await webhooks.remove(scopeOf(c), c.req.param('id'));
        await audit?.(c, 'webhook-endpoint.delete', removed, null);
        return c.json(removed);
      })
      .post('/endpoints/:id/rotate-secret', async (c) => {
        const rotated = await webhooks.rotateSecret(scopeOf(c), c.req.param('id'));
        const { secret: _secret, ...view } = rotated;
        await audit?.(c, 'webhook-endpoint.rotate-secret', null, view);
        return c.json(rotated);
      })
      .post('/endpoints/:id/test', validate('json', SendTestWebhookInputSchema), async (c) => {
        const scope = scopeOf(c);
        const endpoint = await webhooks.get(scope, c.req.param('id'));
        await testLimit(endpoint.id);
        const delivery = await webhooks.sendTest(scope, endpoint.id, c.req.valid('json'));
        return c.json(delivery, 201);
      })
      .get('/endpoints/:id/deliveries', validate('query', WebhookDeliveryQuerySchema), async (c) =>
        c.json(await webhooks.deliveries(scopeOf(c), c.req.param('id'), c.req.valid('query'))),
      )
      .post('/deliveries/:id/replay', async (c) => {
        const scope = scopeOf(c);
        const delivery = await webhooks.replay(scope, c.req.param('id'));
        if (audit) {
          const endpoint = await webhooks.endpointOfDelivery(scope, delivery.id);
          await audit(c, 'webhook-delivery.replay', null, endpoint);
        }
        return c.json(delivery);
      });

  const own = new Hono<AppEnv>()
    .use('*', requireRole('franchisor', 'consultant'))
    .get('/endpoints', async (c) => {
      const body: WebhookEndpointList = { data: await webhooks.list(ownerOf(c)) };
      return c.json(body);
    })
    .post('/endpoints', validate('json', CreateWebhookEndpointInputSchema), async (c) => {
      const created = await webhooks.create(ownerOf(c), c.req.valid('json'), requireUser(c).id);
      return c.json(created, 201);
    })
    .route('/', endpointCalls(ownerOf));

  const existingFranchise = async (id: string) => {
    const row = await deps.db.query.franchise.findFirst({ where: eq(franchise.id, id) });
    if (!row) throw new AppError('NOT_FOUND');
    return row.id;
  };

  /** One audit entry on the endpoint's owner (its franchise, or its consultant). */
  const audit = async (
    c: Context<AppEnv>,
    action: string,
    before: WebhookEndpoint | null,
    after: WebhookEndpoint | null,
  ) => {
    const subject = after ?? before;
    if (!subject) return;
    await recordAudit(deps.db, deps.now(), {
      actorId: requireUser(c).id,
      action,
      entityType: subject.franchiseId ? 'franchise' : 'user',
      entityId: subject.franchiseId ?? subject.consultantId ?? subject.id,
      before: before ? auditView(before) : null,
      after: after ? auditView(after) : null,
    });
  };

  /** `/api/admin/franchises/{id}/webhooks/endpoints`: list and create for any franchise. */
  const adminFranchises = new Hono<AppEnv>()
    .use('/:id/webhooks/*', requireRole('admin'))
    .get('/:id/webhooks/endpoints', async (c) => {
      const franchiseId = await existingFranchise(c.req.param('id'));
      const body: WebhookEndpointList = { data: await webhooks.list({ franchiseId }) };
      return c.json(body);
    })
    .post(
      '/:id/webhooks/endpoints',
      validate('json', CreateWebhookEndpointInputSchema),
      async (c) => {
        const franchiseId = await existingFranchise(c.req.param('id'));
        const actorId = requireUser(c).id;
        const created = await webhooks.create({ franchiseId }, c.req.valid('json'), actorId);
        const { secret: _secret, ...view } = created;
        await audit(c, 'webhook-endpoint.create', null, view);
        return c.json(created, 201);
      },
    );

  /** `/api/admin/webhooks/…`: any endpoint or delivery, by id. */
  const admin = new Hono<AppEnv>().use('*', requireRole('admin')).route(
    '/',
    endpointCalls(() => 'any', audit),
  );

  return { own, adminFranchises, admin };
}
