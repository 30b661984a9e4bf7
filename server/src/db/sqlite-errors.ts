/**
 * What a database failure was, read from the error however it was wrapped: drizzle wraps libSQL's
 * error in its own (`cause`), libSQL may wrap SQLite's, and the in-process write lock throws its
 * own `SQLITE_BUSY`. Each question walks the chain once, a few links deep.
 */

interface Link {
  code?: unknown;
  message?: unknown;
  statementIndex?: unknown;
  cause?: unknown;
}

const DEPTH = 6;

/** The first link of `error`'s cause chain that `match` accepts, or undefined. */
function findLink(error: unknown, match: (link: Link) => boolean): Link | undefined {
  let e = error;
  for (let depth = 0; depth < DEPTH && typeof e === 'object' && e !== null; depth += 1) {
    const link = e as Link;
    if (match(link)) return link;
    e = link.cause;
  }
  return undefined;
}

const codeStarts = (link: Link, prefix: string) =>
  typeof link.code === 'string' && link.code.startsWith(prefix);
const messageMatches = (link: Link, pattern: RegExp) =>
  typeof link.message === 'string' && pattern.test(link.message);

/**
 * A constraint refused the statement: primary key, unique, foreign key or check.
 *
 * @example
 * if (isConstraintViolation(error)) throw new AppError('SLOT_TAKEN');
 */
export const isConstraintViolation = (error: unknown): boolean =>
  findLink(
    error,
    (link) => codeStarts(link, 'SQLITE_CONSTRAINT') || messageMatches(link, /constraint failed/),
  ) !== undefined;

/** A unique (or primary-key) index refused the statement: the value is taken. */
export const isUniqueViolation = (error: unknown): boolean =>
  findLink(
    error,
    (link) =>
      codeStarts(link, 'SQLITE_CONSTRAINT_UNIQUE') ||
      codeStarts(link, 'SQLITE_CONSTRAINT_PRIMARYKEY') ||
      messageMatches(link, /UNIQUE constraint failed/),
  ) !== undefined;

/** The database (another connection, or this process's write lock) stayed busy too long. */
export const isDatabaseBusy = (error: unknown): boolean =>
  findLink(
    error,
    (link) => codeStarts(link, 'SQLITE_BUSY') || messageMatches(link, /database is locked/i),
  ) !== undefined;

/**
 * Where a `db.batch` failed: the index of the statement and whether a constraint refused it
 * (libSQL reports both; drizzle passes its error through). Null for any other error.
 *
 * @example
 * if (batchFailure(error)?.index === 1) throw new AppError('SLOT_TAKEN');
 */
export function batchFailure(error: unknown): { index: number; constraint: boolean } | null {
  const link = findLink(error, (l) => typeof l.statementIndex === 'number');
  if (!link) return null;
  return {
    index: link.statementIndex as number,
    constraint: codeStarts(link, 'SQLITE_CONSTRAINT'),
  };
}
