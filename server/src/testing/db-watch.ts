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
  // One statement per table hashes its rows inside SQLite (libSQL's sha3): each row quoted column
  // by column (so blobs and text stay apart), the rows sorted, joined and hashed — nothing but
  // the count and the hash crosses into JavaScript.
  const hashes = new Map<string, string>();
  for (const table of tables) {
    const columns = (await client.execute(`PRAGMA table_info("${table}")`)).rows.map(
      (row) => `quote("${String(row.name)}")`,
    );
    hashes.set(
      table,
      `SELECT count(*), hex(sha3(group_concat(r, char(30)))) FROM
         (SELECT ${columns.join(" || ',' || ")} AS r FROM "${table}" ORDER BY r)`,
    );
  }

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
      for (const [table, statement] of hashes) {
        const [row] = (await client.execute(statement)).rows;
        signature.set(table, `${row?.[0]}:${row?.[1]}`);
      }
      return signature;
    },
    close: () => client.close(),
  };
}

export type DatabaseWatch = Awaited<ReturnType<typeof watchDatabase>>;

/** The tables whose hashes differ between two signatures. */
export function changedTables(before: TableSignature, after: TableSignature): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
