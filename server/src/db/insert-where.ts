import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client.ts';

/**
 * An INSERT of one complete row that happens only while `guard` holds, as one statement
 * (`INSERT INTO t (…) SELECT ?, … WHERE guard`): the check and the write are atomic without a
 * transaction around them, so the statement can sit in a batch. Nothing is written when the
 * guard fails; a later statement that needs the row (a foreign key to it) then fails the batch.
 * Values go through each column's own mapping (dates, booleans, JSON).
 *
 * @example
 * db.batch([insertRowWhere(db, meeting, row, sql`not exists (…)`), db.insert(meetingSlot).values(cells)]);
 */
export function insertRowWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  row: T['$inferSelect'],
  guard: SQL,
) {
  const values = row as Record<string, unknown>;
  const params = Object.entries(getTableColumns(table))
    // As drizzle's own insert lists them (generated columns are left out).
    .filter(
      ([, column]) => !(column as { shouldDisableInsert?(): boolean }).shouldDisableInsert?.(),
    )
    .map(([key, column]) => sql.param(values[key] ?? null, column));
  return db.insert(table).select(sql`select ${sql.join(params, sql`, `)} where ${guard}`);
}
