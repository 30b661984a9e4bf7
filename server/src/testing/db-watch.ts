import { createHash } from 'node:crypto';
import { type Client, createClient } from '@libsql/client';

/** The content of every table, one hash each: what a refused call must leave as it was. */
export type TableSignature = Map<string, string>;

/**
 * Watches a libSQL file from a connection of its own, so checking "nothing was written" is cheap:
 * `PRAGMA data_version` on this connection changes only when another connection commits, and
 * only then is every table hashed (rows in rowid order) to find out which changed.
 * @example const watch = await watchDatabase(url); const before = await watch.version(); …
 */
export async function watchDatabase(url: string) {
  // bigint: a row may hold an integer beyond 2^53, which the number mode refuses to read.
  const client: Client = createClient({ url, intMode: 'bigint' });
  const tables = (
    await client.execute(
      // FTS shadow tables follow their projection tables; drizzle's journal never changes here.
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
         AND name NOT LIKE '__drizzle%' AND sql NOT LIKE 'CREATE VIRTUAL%'
         AND name NOT LIKE '%_fts_%' ORDER BY name`,
    )
  ).rows.map((row) => String(row.name));

  return {
    tables,
    /** Changes whenever another connection has committed since the last call. */
    async version(): Promise<number> {
      const result = await client.execute('PRAGMA data_version');
      return Number(result.rows[0]?.[0]);
    },
    /** A hash of each table's rows. */
    async signature(): Promise<TableSignature> {
      const signature: TableSignature = new Map();
      for (const table of tables) {
        // Rows hashed in a sorted order: some tables have no rowid to order by.
        const result = await client.execute(`SELECT * FROM "${table}"`);
        const rows = result.rows.map((row) => JSON.stringify(Object.values(row), bigints)).sort();
        const hash = createHash('sha1');
        for (const row of rows) hash.update(row);
        signature.set(table, `${result.rows.length}:${hash.digest('hex')}`);
      }
      return signature;
    },
    close: () => client.close(),
  };
}

export type DatabaseWatch = Awaited<ReturnType<typeof watchDatabase>>;

const bigints = (_key: string, value: unknown) =>
  typeof value === 'bigint'
    ? value.toString()
    : value instanceof ArrayBuffer
      ? Buffer.from(value).toString('base64')
      : value;

/** The tables whose hashes differ between two signatures. */
export function changedTables(before: TableSignature, after: TableSignature): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
