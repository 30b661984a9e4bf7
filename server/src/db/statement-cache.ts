import { createRequire } from 'node:module';

/** The part of a libSQL (`libsql` package) connection and statement this module touches. */
interface Connection {
  prepare(sql: string): unknown;
  exec(sql: string): unknown;
}
interface ConnectionClass {
  prototype: Connection;
}

/** Statements kept per connection (least recently used go first). */
export const STATEMENTS_PER_CONNECTION = 128;

/** SQL that changes the schema: never kept, and every kept statement is dropped after it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|vacuum|attach|detach|reindex|analyze)\b/i;

const stats = { prepared: 0, reused: 0 };
let installed = false;

/**
 * Keeps each connection's prepared statements for reuse. `@libsql/client` prepares every
 * statement it runs afresh — for the session lookup alone that is more CPU than running it — and
 * drizzle's `.prepare()` saves only the building of the SQL text. With this, a connection of the
 * pool prepares a given SQL text once and runs the kept statement after that (SQLite re-prepares
 * a kept statement by itself when another connection changes the schema, as migrations do at
 * boot). A schema change on this process drops every kept statement (the column list of a
 * `select *` would be the old one until the next run; a kept statement's columns are
 * remembered). Statements run to completion synchronously
 * inside `@libsql/client`, so a kept statement is never in use twice at once.
 *
 * Installed once per process (or worker thread), on the `libsql` package `@libsql/client` loads.
 *
 * @example
 * keepPreparedStatements(); // before the first query
 */
export function keepPreparedStatements(): void {
  if (installed) return;
  installed = true;
  const require = createRequire(createRequire(import.meta.url).resolve('@libsql/client'));
  const Database = require('libsql') as ConnectionClass;
  const { prepare, exec } = Database.prototype;
  let generation = 0;
  const kept = new WeakMap<Connection, { generation: number; statements: Map<string, unknown> }>();

  Database.prototype.prepare = function prepareKept(this: Connection, sql: string) {
    if (SCHEMA_CHANGE.test(sql)) {
      generation += 1;
      return prepare.call(this, sql);
    }
    let cache = kept.get(this);
    if (!cache || cache.generation !== generation) {
      cache = { generation, statements: new Map() };
      kept.set(this, cache);
    }
    const hit = cache.statements.get(sql);
    if (hit !== undefined) {
      // Most recently used last.
      cache.statements.delete(sql);
      cache.statements.set(sql, hit);
      stats.reused += 1;
      return hit;
    }
    const statement = prepare.call(this, sql) as KeptStatement;
    stats.prepared += 1;
    rememberModes(statement);
    cache.statements.set(sql, statement);
    if (cache.statements.size > STATEMENTS_PER_CONNECTION) {
      const oldest = cache.statements.keys().next().value;
      if (oldest !== undefined) cache.statements.delete(oldest);
    }
    return statement;
  };
  // Several statements at once (migrations, `executeMultiple`): assume they change the schema.
  Database.prototype.exec = function execDropping(this: Connection, sql: string) {
    generation += 1;
    return exec.call(this, sql);
  };
}

/** The methods of a `libsql` statement that `@libsql/client` calls on every run. */
interface KeptStatement {
  columns?: () => unknown;
  raw?: (toggle?: boolean) => unknown;
  safeIntegers?: (toggle?: boolean) => unknown;
}

/**
 * `@libsql/client` asks a statement on every run for its columns (twice), to switch integers to
 * BigInt and to switch to raw rows. Each is a call into the native module; the last throws a new
 * native error for every statement that returns no data (every INSERT, UPDATE, BEGIN and COMMIT),
 * which is how the client tells writes from reads. A kept statement answers these from what it
 * learnt on its first run: its columns change only with the schema (which replaces the statement),
 * a mode already set is not set again, and a statement that returns no data throws the error it
 * got the first time.
 */
function rememberModes(statement: KeptStatement): void {
  if (typeof statement.columns === 'function') {
    const columns = statement.columns.bind(statement);
    let known: unknown;
    statement.columns = () => {
      known ??= columns();
      return known;
    };
  }
  if (typeof statement.raw === 'function') {
    const raw = statement.raw.bind(statement);
    let mode: boolean | undefined;
    let returnsNoData: unknown;
    statement.raw = (toggle = true) => {
      if (toggle && returnsNoData !== undefined) throw returnsNoData;
      if (toggle === mode) return statement;
      try {
        raw(toggle);
      } catch (error) {
        if (toggle) returnsNoData = error;
        throw error;
      }
      mode = toggle;
      return statement;
    };
  }
  if (typeof statement.safeIntegers === 'function') {
    const safeIntegers = statement.safeIntegers.bind(statement);
    let mode: boolean | undefined;
    statement.safeIntegers = (toggle = true) => {
      if (toggle !== mode) {
        safeIntegers(toggle);
        mode = toggle;
      }
      return statement;
    };
  }
}

/** How many statements were prepared and how many runs reused a kept one (for tests). */
export const statementCacheStats = (): Readonly<typeof stats> => ({ ...stats });
