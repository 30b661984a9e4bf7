import { integer, text } from 'drizzle-orm/sqlite-core';

/** Primary key of our own tables: a random UUID (better-auth generates its own ids). */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

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
