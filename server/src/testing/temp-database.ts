import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { migrateDatabase } from '../boot/migrate-database.ts';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * A fresh, migrated libSQL file for the test file that calls this (opened before its tests,
 * closed and removed after them); read `.current` inside tests. `url` is for other processes.
 *
 * @example
 * const database = useTempDatabase('fm-insert-where-');
 * it('…', async () => { await database.current.db.select()… });
 */
export function useTempDatabase(prefix: string): { readonly current: Database; url: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const url = `file:${join(dir, 'db.sqlite')}`;
  let opened: Database | undefined;
  beforeAll(async () => {
    opened = await openDatabase({ url });
    await migrateDatabase(opened.db);
  });
  afterAll(() => {
    opened?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    url,
    get current() {
      if (!opened) throw new Error('the temporary database opens in beforeAll');
      return opened;
    },
  };
}
