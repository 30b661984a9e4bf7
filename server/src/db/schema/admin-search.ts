import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The admin's text search over people and franchises (bookings list, bench A1): substring matches
 * come from two trigram FTS5 tables created by migration 0017 (`admin_user_search`: first name,
 * last name, e-mail; `admin_franchise_search`: company), kept by triggers on `user` and
 * `franchise`. Their rows are keyed by `rid` here, an INTEGER PRIMARY KEY that VACUUM never
 * renumbers (a table's implicit rowid it may), mapped to the user's or franchise's id.
 */
export const adminSearchRef = sqliteTable(
  'admin_search_ref',
  {
    rid: integer('rid').primaryKey(),
    kind: text('kind', { enum: ['user', 'franchise'] }).notNull(),
    ref: text('ref').notNull(),
  },
  (t) => [uniqueIndex('admin_search_ref_uq').on(t.kind, t.ref)],
);
