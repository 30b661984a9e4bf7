import { ADMIN_JSON_FIELDS, ADMIN_LIST_FIELDS } from '@fm/sdk/contracts';
import { gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import { AppError } from '../../http/errors.ts';
import { readFormBody } from '../../http/form-body.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isBareDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * `startDate`/`endDate` of admin lists as epoch-millisecond bounds, `from` included and `until`
 * excluded: a bare `YYYY-MM-DD` end covers its whole UTC day; instants are taken as given.
 * @example dateBounds({ startDate: '2025-01-01', endDate: '2025-01-31' }) // Jan 1 00:00 to Feb 1 00:00
 */
export function dateBounds(q: { startDate?: string | undefined; endDate?: string | undefined }): {
  from?: number;
  until?: number;
} {
  return {
    ...(q.startDate ? { from: Date.parse(q.startDate) } : {}),
    ...(q.endDate ? { until: Date.parse(q.endDate) + (isBareDate(q.endDate) ? DAY_MS : 1) } : {}),
  };
}

/**
 * `startDate`/`endDate` of admin lists on one column (`dateBounds`).
 * @example dateRange(meeting.startAt, { startDate: '2025-01-01', endDate: '2025-01-31' })
 */
export function dateRange(
  column: SQLiteColumn,
  q: { startDate?: string | undefined; endDate?: string | undefined },
): SQL[] {
  const { from, until } = dateBounds(q);
  return [
    ...(from !== undefined ? [gte(column, new Date(from))] : []),
    ...(until !== undefined ? [lt(column, new Date(until))] : []),
  ];
}

/** `%text%` for LIKE with `\` escaping, so `_` and `%` in a search are literal. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * Case-insensitive substring search over several columns (or SQL expressions).
 * @example searchAny('ann', [user.firstName, user.email])
 */
export function searchAny(text: string | undefined, columns: (SQLiteColumn | SQL)[]): SQL[] {
  const wanted = text?.trim();
  if (!wanted) return [];
  const pattern = likePattern(wanted.toLowerCase());
  const matches = columns.map((c) => sql`lower(${c}) like ${pattern} escape '\\'`);
  const oneOf = or(...matches);
  return oneOf ? [oneOf] : [];
}

export const offsetOf = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

/**
 * An admin form as JSON or multipart: lists as repeated items (`name` or `name[]`), commissions
 * as JSON text, files by field name. Fields then go through the contract's schema either way.
 */
export const readAdminBody = (c: Context) =>
  readFormBody(c, { json: ADMIN_JSON_FIELDS, lists: ADMIN_LIST_FIELDS, bracketsMakeLists: true });

/** At most one file under `key` (a photo or a logo). */
export function oneFile(files: Record<string, File[]>, key: string): File | undefined {
  const list = files[key] ?? [];
  if (list.length > 1) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Please upload one file',
      errors: { [key]: 'Please upload one file' },
    });
  }
  return list[0];
}
