import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The admin dashboard's figures kept as they change (migration 0018's triggers on `meeting`,
 * `payment` and `user`), so the dashboard reads a few rows instead of stepping through ~100,000
 * index entries per figure (decision 019, bench A1).
 */

/** Per UTC day: meetings by start, money charged (cents, paid payments by charge time), sign-ups. */
export const adminDaily = sqliteTable(
  'admin_daily',
  {
    kind: text('kind', { enum: ['meetings', 'revenue', 'signups'] }).notNull(),
    /** The UTC day: epoch milliseconds integer-divided by 86,400,000. */
    day: integer('day').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] })],
);

/** Running counts: `consultants` (not deleted) and `consultants_active` (verified, active, shown). */
export const adminCount = sqliteTable('admin_count', {
  key: text('key', { enum: ['consultants', 'consultants_active'] }).primaryKey(),
  n: integer('n').notNull(),
});

/**
 * One row (`id` 1) whose `version` grows with every write that can change what the admin
 * bookings list or the dashboard shows: triggers of migrations 0021 and 0022 on `meeting`,
 * `payment`, `payout`, `franchise`, `user`, `api_key` and `review`, in the writer's transaction.
 * Each API process keeps what it computed from the data (a search's matches, a page, a total, the
 * dashboard's figures) beside the version it read first, and reuses it only while that is still
 * the version in the database (decision 019), so every process sees every other process's writes.
 */
export const adminDataVersion = sqliteTable('admin_data_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});
