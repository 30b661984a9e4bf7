import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultantProfile, user } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { makeConsultant } from '../booking/test-fixtures.ts';
import { renderHead } from './head-tags.ts';
import { createPublicPages } from './public-pages.ts';
import { crawlerRoutes } from './routes.ts';
import { answerPublicPage } from './validators.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
const OLD = new Date('2026-01-01T00:00:00Z');

/** A Hono app on a real port: the routes alone, with what the full app does not let a test set. */
async function serveAlone(app: Hono) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((ready) => server.once('listening', () => ready()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((done) => server.close(() => done())) };
}

describe('robots.txt and the sitemaps through the app', () => {
  let server: TestServer;
  let visible: string;
  let visibleToken: string;
  let hidden: string;
  beforeAll(async () => {
    server = await startTestServer();
    const shown = await makeConsultant(server);
    visible = shown.id;
    visibleToken = shown.token;
    hidden = (await makeConsultant(server)).id;
    const db = server.container.db;
    await db.update(user).set({ status: false }).where(eq(user.id, hidden));
    // Written long ago, so that an edit now moves its lastmod.
    await db.update(user).set({ updatedAt: OLD }).where(eq(user.id, visible));
    await db
      .update(consultantProfile)
      .set({ updatedAt: OLD })
      .where(eq(consultantProfile.userId, visible));
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers robots.txt with the sitemap index and the private paths kept out', async () => {
    const res = await server.fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const line of ['Disallow: /api/', 'Disallow: /control-panel', 'Disallow: /consultants$']) {
      expect(text.split('\n')).toContain(line);
    }
    expect(text).toContain(`\nSitemap: ${server.url}/sitemap.xml\n`);
  });

  it('indexes the files, which list visible profiles and not a hidden one', async () => {
    const index = await server.fetch('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const indexXml = await index.text();
    expect(indexXml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(locs(indexXml)).toEqual([
      `${server.url}/sitemaps/pages-1.xml`,
      `${server.url}/sitemaps/consultants-1.xml`,
    ]);
    const pages = await (await server.fetch('/sitemaps/pages-1.xml')).text();
    expect(locs(pages)).toEqual([
      `${server.url}/`,
      `${server.url}/privacy-policy`,
      `${server.url}/terms-and-conditions`,
      `${server.url}/terms-of-use/consultant`,
      `${server.url}/terms-of-use/franchisor`,
    ]);
    const consultants = await (await server.fetch('/sitemaps/consultants-1.xml')).text();
    expect(locs(consultants)).toEqual([`${server.url}/consultants/${visible}`]);
    expect(consultants).toContain('<lastmod>2026-01-01T00:00:00Z</lastmod>');
    expect(consultants).not.toContain(hidden);
    expect((await server.fetch('/sitemaps/consultants-2.xml')).status).toBe(404);
    expect((await server.fetch('/sitemaps/franchisors-1.xml')).status).toBe(404);
  });

  it('answers 304 to a matching validator and a new one after the profile changes', async () => {
    const first = await server.fetch('/sitemaps/consultants-1.xml');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect(first.headers.get('last-modified')).toBe(OLD.toUTCString());
    const again = await server.fetch('/sitemaps/consultants-1.xml', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const since = await server.fetch('/sitemaps/consultants-1.xml', {
      headers: { 'if-modified-since': OLD.toUTCString() },
    });
    expect(since.status).toBe(304);

    const edit = await server.fetch('/api/users', {
      method: 'PATCH',
      token: visibleToken,
      body: JSON.stringify({ lastName: 'Quartz' }),
    });
    expect(edit.status).toBe(200);
    const changed = await server.fetch('/sitemaps/consultants-1.xml', {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).not.toContain('2026-01-01T00:00:00Z');
  });
});

describe('sitemap files of a smaller size', () => {
  let server: TestServer;
  let alone: { url: string; close: () => Promise<void> };
  const ids: string[] = [];
  let hidden = '';
  beforeAll(async () => {
    server = await startTestServer();
    for (let i = 0; i < 8; i++) ids.push((await makeConsultant(server)).id);
    hidden = ids[3] ?? '';
    await server.container.db.update(user).set({ status: false }).where(eq(user.id, hidden));
    const app = new Hono().route(
      '/',
      crawlerRoutes({ db: server.container.db, publicUrl: 'https://fm.example', urlsPerFile: 3 }),
    );
    alone = await serveAlone(app);
  });
  afterAll(async () => {
    await alone.close();
    await server.close();
  });

  it('spreads 7 visible profiles over 3 files of at most 3, in order, without the hidden one', async () => {
    const index = await (await fetch(`${alone.url}/sitemap.xml`)).text();
    const files = locs(index).filter((loc) => loc.includes('/consultants-'));
    expect(files).toEqual([1, 2, 3].map((n) => `https://fm.example/sitemaps/consultants-${n}.xml`));
    const listed: string[] = [];
    for (const file of files) {
      const res = await fetch(`${alone.url}${new URL(file).pathname}`);
      expect(res.status).toBe(200);
      const urls = locs(await res.text());
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(3);
      listed.push(...urls);
    }
    const expected = ids.filter((id) => id !== hidden);
    expect(listed).toEqual(expected.map((id) => `https://fm.example/consultants/${id}`));
  });
});

describe('a public page answered with its validators', () => {
  let server: TestServer;
  let alone: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    server = await startTestServer();
    const pages = createPublicPages({
      db: server.container.db,
      publicUrl: 'https://fm.example',
      buildId: 'b1',
      builtAt: OLD,
    });
    const app = new Hono().get('*', async (c, next) => {
      const page = await pages.page(c.req.path);
      return page ? answerPublicPage(c, page, (p) => renderHead(p.head, p.robots)) : next();
    });
    alone = await serveAlone(app);
  });
  afterAll(async () => {
    await alone.close();
    await server.close();
  });

  it('answers 304 without rendering to a matching ETag, and a new ETag once the profile changes', async () => {
    const consultant = await makeConsultant(server);
    const path = `${alone.url}/consultants/${consultant.id}`;
    const first = await fetch(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(first.headers.get('x-robots-tag')).toBeNull();
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect(await first.text()).toContain('<title>Test consultant | Franchise Meet</title>');
    const etag = first.headers.get('etag') ?? '';
    expect((await fetch(path, { headers: { 'if-none-match': `"x", ${etag}` } })).status).toBe(304);

    const edit = await server.fetch('/api/users', {
      method: 'PATCH',
      token: consultant.token,
      body: JSON.stringify({ firstName: 'Quinn' }),
    });
    expect(edit.status).toBe(200);
    const changed = await fetch(path, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('<title>Quinn consultant | Franchise Meet</title>');
  });

  it('sends noindex for a hidden profile, also as a header', async () => {
    const { id } = await makeConsultant(server);
    await server.container.db.update(user).set({ status: false }).where(eq(user.id, id));
    const res = await fetch(`${alone.url}/consultants/${id}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(await res.text()).toContain('<meta name="robots" content="noindex">');
  });
});
