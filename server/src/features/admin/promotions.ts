import {
  type AdminPromotion,
  AdminPromotionInputSchema,
  AdminPromotionListQuerySchema,
  AdminPromotionUpdateSchema,
} from '@fm/sdk/contracts';
import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import { Hono } from 'hono';
import { type AppEnv, requireUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { promotion } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput, validate } from '../../http/validate.ts';
import { recordAudit, snapshot } from './audit.ts';
import { offsetOf, searchAny } from './filters.ts';

type PromotionRow = typeof promotion.$inferSelect;

const toApi = (p: PromotionRow): AdminPromotion => ({
  id: p.id,
  name: p.name,
  description: p.description,
  effect: p.effect,
  affected: p.affected,
  startDate: p.startDate.toISOString(),
  endDate: p.endDate.toISOString(),
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** `/api/admin/promotions`: list, create, edit or switch (Running/Paused), delete. */
export function adminPromotionRoutes(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  async function mustFind(id: string): Promise<PromotionRow> {
    const row = await db.query.promotion.findFirst({ where: eq(promotion.id, id) });
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return new Hono<AppEnv>()
    .get('/', validate('query', AdminPromotionListQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const where = and(
        ...(q.status ? [eq(promotion.status, q.status)] : []),
        ...(q.effect ? [eq(promotion.effect, q.effect)] : []),
        ...(q.affected ? [eq(promotion.affected, q.affected)] : []),
        ...(q.startingDate ? [gte(promotion.endDate, new Date(Date.parse(q.startingDate)))] : []),
        ...(q.endingDate ? [lte(promotion.startDate, new Date(Date.parse(q.endingDate)))] : []),
        ...searchAny(q.search, [promotion.name, promotion.description]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(promotion)
          .where(where)
          .orderBy(desc(promotion.createdAt), asc(promotion.id))
          .limit(q.limit)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(promotion).where(where),
      ]);
      return c.json({
        promotions: rows.map(toApi),
        total: total?.n ?? 0,
        page: q.page,
        limit: q.limit,
      });
    })
    .post('/', async (c) => {
      const admin = requireUser(c);
      const input = parseInput(AdminPromotionInputSchema, await c.req.json());
      const id = crypto.randomUUID();
      const at = now();
      await db.transaction(async (tx) => {
        await tx.insert(promotion).values({
          id,
          key: id,
          name: input.name,
          description: input.description ?? null,
          effect: input.effect,
          affected: input.affected,
          startDate: new Date(input.startDate),
          endDate: new Date(input.endDate),
          status: input.status,
          createdAt: at,
          updatedAt: at,
        });
        const created = await tx.query.promotion.findFirst({ where: eq(promotion.id, id) });
        await recordAudit(tx, at, {
          actorId: admin.id,
          action: 'promotion.create',
          entityType: 'promotion',
          entityId: id,
          before: null,
          after: snapshot(created),
        });
      });
      return c.json(toApi(await mustFind(id)), 201);
    })
    .patch('/:id', async (c) => {
      const admin = requireUser(c);
      const before = await mustFind(c.req.param('id'));
      const input = parseInput(AdminPromotionUpdateSchema, await c.req.json());
      const startDate = input.startDate ? new Date(input.startDate) : before.startDate;
      const endDate = input.endDate ? new Date(input.endDate) : before.endDate;
      if (endDate.getTime() <= startDate.getTime()) {
        throw new AppError('VALIDATION_FAILED', {
          message: 'The end must be after the start',
          errors: { endDate: 'The end must be after the start' },
        });
      }
      const columns = Object.fromEntries(
        Object.entries({
          name: input.name,
          description: input.description,
          effect: input.effect,
          affected: input.affected,
          startDate: input.startDate ? startDate : undefined,
          endDate: input.endDate ? endDate : undefined,
          status: input.status,
        }).filter(([, value]) => value !== undefined),
      );
      await db.transaction(async (tx) => {
        if (Object.keys(columns).length > 0) {
          await tx
            .update(promotion)
            .set({ ...columns, updatedAt: now() })
            .where(eq(promotion.id, before.id));
        }
        const after = await tx.query.promotion.findFirst({ where: eq(promotion.id, before.id) });
        const onlyStatus = Object.keys(columns).length === 1 && input.status !== undefined;
        await recordAudit(tx, now(), {
          actorId: admin.id,
          action: onlyStatus
            ? input.status === 'active'
              ? 'promotion.run'
              : 'promotion.pause'
            : 'promotion.update',
          entityType: 'promotion',
          entityId: before.id,
          before: snapshot(before),
          after: snapshot(after),
        });
      });
      return c.json(toApi(await mustFind(before.id)));
    })
    .delete('/:id', async (c) => {
      const admin = requireUser(c);
      const before = await mustFind(c.req.param('id'));
      await db.transaction(async (tx) => {
        await tx.delete(promotion).where(eq(promotion.id, before.id));
        await recordAudit(tx, now(), {
          actorId: admin.id,
          action: 'promotion.delete',
          entityType: 'promotion',
          entityId: before.id,
          before: snapshot(before),
          after: null,
        });
      });
      return c.json({ ok: true as const });
    });
}
