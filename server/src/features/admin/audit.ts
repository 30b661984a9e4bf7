import { AdminAuditQuerySchema, type AuditEntityType, type AuditEntry } from '@fm/sdk/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../auth/session.ts';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, user } from '../../db/schema/index.ts';
import { validate } from '../../http/validate.ts';

export interface AuditRecord {
  actorId: string;
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Secrets never enter the trail, even as hashes. */
const SECRET_KEYS = new Set(['tokenActivation', 'tokenActivationSealed', 'password']);

/** A row as JSON for the trail: dates as ISO strings, secrets left out. */
export function snapshot(row: object | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_KEYS.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * Writes one audit entry; call it inside the write's transaction so both happen or neither.
 * @example await recordAudit(tx, now, { actorId, action: 'user.deactivate', entityType: 'user', entityId, before, after });
 */
export async function recordAudit(db: Db | Tx, now: Date, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({ ...record, createdAt: now });
}

/** `GET /api/admin/audit?entityType&entityId&page&limit`: one record's trail, newest first. */
export function auditRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<AppEnv>().get('/', validate('query', AdminAuditQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const where = and(eq(auditLog.entityType, q.entityType), eq(auditLog.entityId, q.entityId));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          entry: auditLog,
          actorEmail: user.email,
          actorFirstName: user.firstName,
          actorLastName: user.lastName,
        })
        .from(auditLog)
        .leftJoin(user, eq(user.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), sql`${auditLog}.rowid desc`)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db.select({ n: count() }).from(auditLog).where(where),
    ]);
    const entries: AuditEntry[] = rows.map(({ entry, ...actor }) => ({
      id: entry.id,
      actor:
        entry.actorId && actor.actorEmail !== null
          ? {
              id: entry.actorId,
              email: actor.actorEmail,
              firstName: actor.actorFirstName ?? '',
              lastName: actor.actorLastName ?? '',
            }
          : null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: entry.createdAt.toISOString(),
    }));
    return c.json({ entries, total: total?.n ?? 0, page: q.page, limit: q.limit });
  });
}
