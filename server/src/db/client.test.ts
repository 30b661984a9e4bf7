import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transaction } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const dir = mkdtempSync(join(tmpdir(), 'fm-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openDatabase', () => {
  it('gives every pooled connection synchronous = NORMAL and foreign keys, not just the first', async () => {
    const { client, close } = await openDatabase({ url: `file:${join(dir, 'pool.db')}` });
    // Open transactions each hold their own connection: six at once reach six connections.
    const held: Transaction[] = await Promise.all(
      Array.from({ length: 6 }, () => client.transaction('read')),
    );
    try {
      for (const tx of held) {
        expect((await tx.execute('PRAGMA synchronous')).rows[0]?.synchronous).toBe(1);
        expect((await tx.execute('PRAGMA foreign_keys')).rows[0]?.foreign_keys).toBe(1);
      }
    } finally {
      for (const tx of held) tx.close();
      close();
    }
  });
});
