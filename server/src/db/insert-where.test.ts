import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTempDatabase } from '../testing/temp-database.ts';
import { insertRowWhere } from './insert-where.ts';
import { mailOutbox, meetingSlot } from './schema/index.ts';
import { batchFailure } from './sqlite-errors.ts';

const temp = useTempDatabase('fm-insert-where-');

const row = (id: string) => ({
  id,
  to: 'a@example.com',
  subject: 'Hello',
  text: 'Body',
  html: null,
  attachments: [{ filename: 'x.ics', contentType: 'text/calendar', content: 'QQ==' }],
  createdAt: new Date('2026-11-27T10:00:00.000Z'),
  sentAt: null,
  attempts: 2,
  nextAttemptAt: 0,
  leaseUntil: null,
  lastError: null,
  failedAt: null,
  deliveredVia: null,
});

describe('insertRowWhere', () => {
  it('writes the row, every column mapped as a plain insert would, when the guard holds', async () => {
    const { db } = temp.current;
    await insertRowWhere(db, mailOutbox, row('m1'), sql`1 = 1`);
    const [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, 'm1'));
    expect(stored).toEqual(row('m1'));
  });

  it('writes nothing when the guard fails', async () => {
    const { db } = temp.current;
    await insertRowWhere(db, mailOutbox, row('m2'), sql`not exists (select 1 from ${mailOutbox})`);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.id, 'm2'))).toEqual([]);
    expect(await db.select({ id: mailOutbox.id }).from(mailOutbox)).toEqual([{ id: 'm1' }]);
  });

  it('says which statement of a failed batch a constraint refused', async () => {
    const { db } = temp.current;
    const failure = await db
      .batch([
        insertRowWhere(db, mailOutbox, row('m3'), sql`0 = 1`),
        db.insert(meetingSlot).values({ consultantId: 'c', cellStart: 0, meetingId: 'no-meeting' }),
      ])
      .then(() => null, batchFailure);
    expect(failure).toEqual({ index: 1, constraint: true });
    expect(batchFailure(new Error('other'))).toBeNull();
  });
});
