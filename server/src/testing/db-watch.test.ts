import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { changedTables, watchDatabase } from './db-watch.ts';

const dir = mkdtempSync(join(tmpdir(), 'fm-db-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('watchDatabase', () => {
  it('names exactly the tables whose content changed, whatever the row order', async () => {
    const url = `file:${join(dir, 'w.db')}`;
    const writer = createClient({ url });
    await writer.executeMultiple(`
      CREATE TABLE a (id TEXT PRIMARY KEY, n INTEGER, body BLOB);
      CREATE TABLE b (k TEXT, v TEXT) ;
      INSERT INTO a VALUES ('1', 1, NULL), ('2', 2, x'00ff');
      INSERT INTO b VALUES ('x', 'one'), ('y', 'two');`);
    const watch = await watchDatabase(url);
    try {
      expect(watch.tables).toEqual(['a', 'b']);
      const before = await watch.signature();
      const version = await watch.version();

      // The same rows written in another order: no change.
      await writer.executeMultiple(
        `DELETE FROM b; INSERT INTO b VALUES ('y', 'two'), ('x', 'one');`,
      );
      expect(await watch.version()).not.toBe(version);
      expect(changedTables(before, await watch.signature())).toEqual([]);

      // One value in one column of one row; a blob turned into text with the same bytes.
      await writer.execute(`UPDATE a SET n = 3 WHERE id = '2'`);
      expect(changedTables(before, await watch.signature())).toEqual(['a']);
      await writer.execute(`UPDATE a SET n = 2, body = CAST(x'00ff' AS TEXT) WHERE id = '2'`);
      expect(changedTables(before, await watch.signature())).toEqual(['a']);
      await writer.execute(`UPDATE a SET body = x'00ff' WHERE id = '2'`);
      expect(changedTables(before, await watch.signature())).toEqual([]);

      // Values that would run together unquoted: ('ab', 'c') against ('a', 'bc').
      await writer.execute(`UPDATE b SET k = 'xo', v = 'ne' WHERE k = 'x'`);
      const split = await watch.signature();
      await writer.execute(`UPDATE b SET k = 'x', v = 'one' WHERE k = 'xo'`);
      expect(changedTables(split, await watch.signature())).toEqual(['b']);
    } finally {
      watch.close();
      writer.close();
    }
  });
});
