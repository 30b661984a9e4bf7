import { integer, type ReferenceConfig, text } from 'drizzle-orm/sqlite-core';

/** Primary key of our own tables: a random UUID (better-auth generates its own ids). */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/**
 * A required reference to another table's id: the row cannot exist without the one it points to.
 * @example consultantId: requiredRef('consultant_id', () => user.id, { onDelete: 'cascade' }),
 */
export const requiredRef = (
  name: string,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => text(name).notNull().references(target, actions);

/** An instant stored as epoch milliseconds (UTC); time zones are kept beside it where they matter. */
export const instant = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const bool = (name: string) => integer(name, { mode: 'boolean' });

/** Money is integer cents, always. */
export const cents = (name: string) => integer(name);

export const timestamps = {
  createdAt: instant('created_at')
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: instant('updated_at')
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date()),
};
