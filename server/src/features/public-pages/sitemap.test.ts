import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultantSearch, user } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { makeConsultant } from '../booking/test-fixtures.ts';
import { createSitemaps } from './sitemap.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const fileNames = (xml: string) =>
  [...xml.matchAll(/<loc>https:\/\/fm\.example\/sitemaps\/([^<]*)\.xml<\/loc>/g)].map(
    (m) => m[1] ?? '',
  );

describe('the sitemap index (rule 22)', () => {
  it('lists only the pages file while no profile is visible', async () => {
    const sitemaps = createSitemaps({ db: server.container.db, publicUrl: 'https://fm.example' });
    expect(fileNames((await sitemaps.index()).xml)).toEqual(['pages-1']);
  });

  it('leaves out a file whose profiles are all hidden, and lists the ones after it', async () => {
    const db = server.container.db;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await makeConsultant(server)).id);
    const rows = await db
      .select({ id: consultantSearch.userId, rid: consultantSearch.rid })
      .from(consultantSearch)
      .where(inArray(consultantSearch.userId, ids));
    const ridOf = new Map(rows.map((r) => [r.id, r.rid]));
    const fileOf = (id: string) => Math.ceil((ridOf.get(id) ?? 0) / 2);
    // Hide every profile of the second consultant's file.
    const emptied = fileOf(ids[1] ?? '');
    const hidden = ids.filter((id) => fileOf(id) === emptied);
    for (const id of hidden) await db.update(user).set({ status: false }).where(eq(user.id, id));

    const sitemaps = createSitemaps({ db, publicUrl: 'https://fm.example', urlsPerFile: 2 });
    const expected = [...new Set(ids.filter((id) => !hidden.includes(id)).map(fileOf))].sort(
      (a, b) => a - b,
    );
    expect(expected).not.toContain(emptied);
    expect(expected.length).toBeGreaterThan(1);
    expect(fileNames((await sitemaps.index()).xml)).toEqual([
      'pages-1',
      ...expected.map((n) => `consultants-${n}`),
    ]);
    expect(await sitemaps.file('consultants', emptied)).toBeNull();
    const last = Math.max(...expected);
    expect(await sitemaps.file('consultants', last + 1)).toBeNull();
    expect((await sitemaps.file('consultants', last))?.xml).toContain('/consultants/');
  });
});
