import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../src/testing/api-process.ts';
import { besideHealth } from './beside-health.ts';
import type { Measurement } from './measurement.ts';

/**
 * PP1: a public profile page (rule 22) as visitors ask for it — the HTML with its head tags,
 * JSON-LD and page data, compressed — at 32 clients over 100,000 consultants: 400 visible
 * consultants' pages, each asked for once before (the pages people share and open again, answered
 * from the pages the server keeps by validator: decision 035), right after the health check it is
 * compared with. Beside it, a crawler's walk through the sitemap, a different consultant on each
 * request, so each page is rendered and compressed as it is asked for. Latency is autocannon's, to
 * the whole answer. Needs the built portal (its index.html is the pages' frame).
 */

const CLIENTS = 32;
/** Pages of the consultant search read for visible consultants' ids. */
const SEARCH_PAGES = 40;
/** As a browser or a crawler asks: the page compressed. */
const HEADERS = { 'accept-encoding': 'br, gzip' };

async function visibleConsultantIds(url: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= SEARCH_PAGES; page += 1) {
    const res = await fetch(`${url}/api/users?page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`the consultant search answered ${res.status}`);
    const body = (await res.json()) as { consultants: { id: string }[] };
    ids.push(...body.consultants.map((c) => c.id));
  }
  if (ids.length === 0) throw new Error('the consultant search found no visible consultant');
  return ids;
}

/** The consultants' profile paths the sitemap's first consultants file lists, in its order. */
async function sitemapProfilePaths(url: string): Promise<string[]> {
  const res = await fetch(`${url}/sitemaps/consultants-1.xml`);
  if (!res.ok) throw new Error(`the consultants' sitemap answered ${res.status}`);
  const paths = [...(await res.text()).matchAll(/<loc>[^<]*?(\/consultants\/[^<]+)<\/loc>/g)].map(
    (m) => m[1] ?? '',
  );
  if (paths.length === 0) throw new Error("the consultants' sitemap lists no profile");
  return paths;
}

export const pp1PublicProfile: Measurement = {
  id: 'PP1',
  title: 'public profile page HTML at 32 clients',
  async run(ctx) {
    if (!existsSync(join(repoRoot, 'portal/dist/index.html'))) {
      throw new Error('the portal is not built: run `npm run build` first');
    }
    const { url, token } = await ctx.server();
    const ids = await visibleConsultantIds(url, token);
    const profilePath = (n: number) =>
      `/consultants/${encodeURIComponent(ids[n % ids.length] ?? '')}`;
    let characters = 0;
    for (let n = 0; n < ids.length; n += 1) {
      const res = await fetch(`${url}${profilePath(n)}`, { headers: HEADERS });
      const html = await res.text();
      if (!res.ok || !html.includes('application/ld+json')) {
        throw new Error(`a public profile answered ${res.status} without its JSON-LD`);
      }
      characters = Math.max(characters, html.length);
    }
    ctx.log(`PP1: ${ids.length} visible consultants' pages, up to ${characters} characters each`);
    const { health, result, rows } = await besideHealth(ctx, 'public profile page', {
      url,
      path: profilePath,
      connections: CLIENTS,
      headers: HEADERS,
    });
    // A crawler's walk: pages not asked for before, each rendered and compressed on its request.
    const walk = await sitemapProfilePaths(url);
    const crawler = await ctx.cannon({
      url,
      path: (n) => walk[n % walk.length] ?? '',
      connections: CLIENTS,
      durationMs: ctx.durationMs,
      headers: HEADERS,
    });
    if (crawler.requests >= walk.length) {
      ctx.log(
        `PP1: the crawler's walk asked ${crawler.requests} pages of ${walk.length}: some twice`,
      );
    }
    rows.push({
      scenario: "a crawler's walk, a page not asked before each request",
      clients: CLIENTS,
      ...crawler,
    });
    ctx.log(
      `PP1: a crawler's walk, p99 ${crawler.p99} ms / health ${health.p99} ms = ${(crawler.p99 / health.p99).toFixed(2)}×`,
    );
    // The same profiles through the API call the page is made from, for where the time goes.
    const api = await ctx.cannon({
      url,
      path: (n) => `/api/users/profile/${encodeURIComponent(ids[n % ids.length] ?? '')}`,
      connections: CLIENTS,
      durationMs: ctx.durationMs,
    });
    rows.push({ scenario: 'its profile call, /api/users/profile/{id}', clients: CLIENTS, ...api });
    return {
      rows,
      aims: [
        {
          id: 'PP1',
          label: 'public profile page: p99 / health p99',
          measured: result.errors ? Number.POSITIVE_INFINITY : result.p99 / health.p99,
          aim: 4,
          kind: 'max',
          unit: '×',
          detail: `p99 ${result.p99} ms / ${health.p99} ms${result.errors ? `, ${result.errors} errors` : ''}`,
        },
      ],
    };
  },
};
