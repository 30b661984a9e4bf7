import {
  type ApiKey,
  type ApiKeyList,
  CreateApiKeyInputSchema,
  UpdateApiKeyInputSchema,
} from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { type AppEnv, requireRole, requireUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { franchise } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { recordAudit } from '../admin/audit.ts';
import type { ApiKeyService } from './service.ts';

/** What the audit trail keeps of a key: never its hash or value. */
const auditView = (key: ApiKey) => ({
  id: key.id,
  kind: key.kind,
  name: key.name,
  prefix: key.prefix,
  allowedOrigins: key.allowedOrigins,
  scopes: key.scopes,
  revokedAt: key.revokedAt,
});

/**
 * The API-key routes (rule 18): `/api/users/api-keys` for the members of a franchise (franchisors of
 * it), and `/api/admin/franchises/{id}/api-keys` for admins, for any franchise: list, create,
 * edit (name, an embed key's origins) and revoke.
 *
 * @example
 * const keys = apiKeyRoutes({ db, keys: service, now });
 * api.route('/users/api-keys', keys.users).route('/admin/franchises', keys.admin);
 */
export function apiKeyRoutes(deps: { db: Db; keys: ApiKeyService; now: () => Date }) {
  const { keys } = deps;

  /** The caller's franchise: franchisors with a franchise only. */
  const ownFranchise = (c: Parameters<typeof requireUser>[0]) => {
    const current = requireUser(c);
    if (!current.franchiseId) {
      throw new AppError('RULE_VIOLATION', {
        message: 'Name your franchise in your profile before creating API keys.',
      });
    }
    return current.franchiseId;
  };

  const users = new Hono<AppEnv>()
    .use('*', requireRole('franchisor'))
    .get('/', async (c) => {
      const body: ApiKeyList = { data: await keys.list(ownFranchise(c)) };
      return c.json(body);
    })
    .post('/', validate('json', CreateApiKeyInputSchema), async (c) => {
      const created = await keys.create(ownFranchise(c), c.req.valid('json'), requireUser(c).id);
      return c.json(created, 201);
    })
    .patch('/:id', validate('json', UpdateApiKeyInputSchema), async (c) =>
      c.json(await keys.update(ownFranchise(c), c.req.param('id'), c.req.valid('json'))),
    )
    .delete('/:id', async (c) => c.json(await keys.revoke(ownFranchise(c), c.req.param('id'))));

  const existingFranchise = async (id: string) => {
    const row = await deps.db.query.franchise.findFirst({ where: eq(franchise.id, id) });
    if (!row) throw new AppError('NOT_FOUND');
    return row.id;
  };

  const admin = new Hono<AppEnv>()
    .use('/:id/api-keys', requireRole('admin'))
    .use('/:id/api-keys/*', requireRole('admin'))
    .get('/:id/api-keys', async (c) => {
      const body: ApiKeyList = {
        data: await keys.list(await existingFranchise(c.req.param('id'))),
      };
      return c.json(body);
    })
    .post('/:id/api-keys', validate('json', CreateApiKeyInputSchema), async (c) => {
      const franchiseId = await existingFranchise(c.req.param('id'));
      const actorId = requireUser(c).id;
      const created = await keys.create(franchiseId, c.req.valid('json'), actorId);
      await recordAudit(deps.db, deps.now(), {
        actorId,
        action: 'api-key.create',
        entityType: 'franchise',
        entityId: franchiseId,
        before: null,
        after: auditView(created),
      });
      return c.json(created, 201);
    })
    .patch('/:id/api-keys/:keyId', validate('json', UpdateApiKeyInputSchema), async (c) => {
      const franchiseId = await existingFranchise(c.req.param('id'));
      const before = (await keys.list(franchiseId)).find((k) => k.id === c.req.param('keyId'));
      const updated = await keys.update(franchiseId, c.req.param('keyId'), c.req.valid('json'));
      await recordAudit(deps.db, deps.now(), {
        actorId: requireUser(c).id,
        action: 'api-key.update',
        entityType: 'franchise',
        entityId: franchiseId,
        before: before ? auditView(before) : null,
        after: auditView(updated),
      });
      return c.json(updated);
    })
    .delete('/:id/api-keys/:keyId', async (c) => {
      const franchiseId = await existingFranchise(c.req.param('id'));
      const revoked = await keys.revoke(franchiseId, c.req.param('keyId'));
      await recordAudit(deps.db, deps.now(), {
        actorId: requireUser(c).id,
        action: 'api-key.revoke',
        entityType: 'franchise',
        entityId: franchiseId,
        before: null,
        after: auditView(revoked),
      });
      return c.json(revoked);
    });

  return { users, admin };
}
