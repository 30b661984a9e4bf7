import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTempDatabase } from '../testing/temp-database.ts';
import type { Db, Tx } from './client.ts';
import { preparedOnce } from './prepared-once.ts';
import { mailOutbox } from './schema/index.ts';

const temp = useTempDatabase('fm-prepared-once-');

const mail = (db: Db | Tx, id: string) =>
  db.insert(mailOutbox).values({
    id,
    to: 'a@example.com',
    subject: `About ${id}`,
    text: 'Body',
    createdAt: new Date('2026-11-28T10:00:00.000Z'),
  });

describe('preparedOnce', () => {
  it('builds once per database, binds each call, and runs a transaction’s reads inside it', async () => {
    const { db } = temp.current;
    let builds = 0;
    const subjectOf = preparedOnce((q: Db | Tx) => {
      builds += 1;
      return q
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, sql.placeholder('id')))
        .prepare();
    });
    await mail(db, 'a');
    await mail(db, 'b');
    expect(await subjectOf(db).get({ id: 'a' })).toEqual({ subject: 'About a' });
    expect(await subjectOf(db).get({ id: 'b' })).toEqual({ subject: 'About b' });
    expect(await subjectOf(db).get({ id: 'c' })).toBeUndefined();
    expect(builds).toBe(1);

    // A transaction gets its own statement, which sees the transaction's own uncommitted row.
    let inside: unknown;
    const outcome = await db
      .transaction(async (tx) => {
        await mail(tx, 'c');
        inside = await subjectOf(tx).get({ id: 'c' });
        tx.rollback();
      })
      .catch((error: unknown) => String(error));
    expect(outcome).toMatch(/Rollback/);
    expect(inside).toEqual({ subject: 'About c' });
    expect(builds).toBe(2);
    expect(await subjectOf(db).get({ id: 'c' })).toBeUndefined();
  });
});
