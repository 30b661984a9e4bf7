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

/**
 * Where a `db.batch` failed: the index of the statement and whether a constraint refused it
 * (libSQL reports both; drizzle passes its error through). Null for any other error.
 *
 * @example
 * if (batchFailure(error)?.index === 1) throw new AppError('SLOT_TAKEN');
 */
export function batchFailure(error: unknown): { index: number; constraint: boolean } | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const x = e as { statementIndex?: unknown; code?: unknown; cause?: unknown };
    if (typeof x.statementIndex === 'number') {
      const constraint = typeof x.code === 'string' && x.code.startsWith('SQLITE_CONSTRAINT');
      return { index: x.statementIndex, constraint };
    }
    e = x.cause;
  }
  return null;
}
