import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { id, instant } from './columns.ts';

/**
 * Every admin write: who did what to which record, with the record's fields before and
 * after, so a disputed change can be traced. Rows are only ever inserted.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** `<entity>.<verb>`, e.g. `user.deactivate`, `franchise.update`. */
    action: text('action').notNull(),
    entityType: text('entity_type', {
      enum: ['user', 'franchise', 'promotion', 'brandName', 'dispute'],
    }).notNull(),
    entityId: text('entity_id').notNull(),
    before: text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: text('after', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);
