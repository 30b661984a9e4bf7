import {
  type AdminBrandName,
  AdminBrandNameListQuerySchema,
  AdminBrandNameUpdateSchema,
  type AdminRequest,
  AdminRequestListQuerySchema,
} from '@fm/sdk/contracts';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { type AppEnv, requireUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { brandName, supportRequest, user } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput, validate } from '../../http/validate.ts';
import { recordAudit, snapshot } from './audit.ts';
import { dateRange, offsetOf, searchAny } from './filters.ts';

type BrandRow = typeof brandName.$inferSelect;

export const toBrandName = (b: BrandRow): AdminBrandName => ({
  id: b.id,
  name: b.name,
  status: b.status,
  userRegisteredName: b.userRegisteredName,
  userRegisteredEmail: b.userRegisteredEmail,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

/** Brand-name filters: status, text over the brand and who registered it, creation dates. */
export function brandNameWhere(q: {
  status?: BrandRow['status'] | undefined;
  search?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}): SQL | undefined {
  return and(
    ...(q.status ? [eq(brandName.status, q.status)] : []),
    ...searchAny(q.search, [
      brandName.name,
      brandName.userRegisteredName,
      brandName.userRegisteredEmail,
    ]),
    ...dateRange(brandName.createdAt, q),
  );
}

/** `/api/admin/brand-names` and `/api/admin/requests`. */
export function adminBrandNameRoutes(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  /** One page of the brand names `where` matches, newest first, and how many match in all. */
  async function brandNamePage(where: SQL | undefined, page: { page: number; limit: number }) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(brandName)
        .where(where)
        .orderBy(desc(brandName.createdAt), asc(brandName.id))
        .limit(page.limit)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(brandName).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  const brandNames = new Hono<AppEnv>()
    .get('/', validate('query', AdminBrandNameListQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const { rows, total } = await brandNamePage(brandNameWhere(q), q);
      return c.json({ brandNames: rows.map(toBrandName), total, page: q.page, limit: q.limit });
    })
    .patch('/:id', async (c) => {
      const admin = requireUser(c);
      const before = await db.query.brandName.findFirst({
        where: eq(brandName.id, c.req.param('id')),
      });
      if (!before) throw new AppError('NOT_FOUND');
      const { status } = parseInput(AdminBrandNameUpdateSchema, await c.req.json());
      const after = await db.transaction(async (tx) => {
        await tx
          .update(brandName)
          .set({ status, updatedAt: now() })
          .where(eq(brandName.id, before.id));
        const row = await tx.query.brandName.findFirst({ where: eq(brandName.id, before.id) });
        await recordAudit(tx, now(), {
          actorId: admin.id,
          action: `brandName.${status}`,
          entityType: 'brandName',
          entityId: before.id,
          before: snapshot(before),
          after: snapshot(row),
        });
        return row;
      });
      if (!after) throw new AppError('NOT_FOUND');
      return c.json(toBrandName(after));
    });

  /**
   * The Requests page: `type=user` lists the support requests users sent (personal and company),
   * `type=company` the company brand requests (brands named at registration).
   */
  const requests = new Hono<AppEnv>().get(
    '/',
    validate('query', AdminRequestListQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      if (q.type === 'company') {
        const { rows, total } = await brandNamePage(brandNameWhere({ status: q.status }), q);
        const list: AdminRequest[] = rows.map((b) => ({
          id: b.id,
          type: 'company',
          kind: 'brandName',
          name: b.name,
          details: null,
          status: b.status,
          userId: b.userId,
          userName: b.userRegisteredName,
          userEmail: b.userRegisteredEmail,
          createdAt: b.createdAt.toISOString(),
        }));
        return c.json({ requests: list, total, page: q.page, limit: q.limit });
      }
      // User requests are what users send the team: the support requests of the help modal,
      // personal and company ones. They await an answer; they have no other status.
      if (q.status && q.status !== 'pending') {
        return c.json({ requests: [], total: 0, page: q.page, limit: q.limit });
      }
      const [rows, [total]] = await Promise.all([
        db
          .select({ request: supportRequest, name: user.name })
          .from(supportRequest)
          .leftJoin(user, eq(user.id, supportRequest.userId))
          .orderBy(desc(supportRequest.createdAt), asc(supportRequest.id))
          .limit(q.limit)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(supportRequest),
      ]);
      const list: AdminRequest[] = rows.map((r) => ({
        id: r.request.id,
        type: 'user',
        kind: r.request.kind === 'company' ? 'company-support' : 'support',
        name: null,
        details: r.request.details,
        status: 'pending',
        userId: r.request.userId,
        userName: r.name,
        userEmail: r.request.email,
        createdAt: r.request.createdAt.toISOString(),
      }));
      return c.json({ requests: list, total: total?.n ?? 0, page: q.page, limit: q.limit });
    },
  );

  return { brandNames, requests };
}
