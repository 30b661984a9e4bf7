import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../src/testing/api-process.ts';
import { besideHealth } from './beside-health.ts';
import type { Measurement } from './measurement.ts';

/**
 * PP1: a public profile page (rule 22) as a visitor or a crawler asks for it — the HTML with its
 * head tags, JSON-LD and page data, compressed — at 32 clients over 100,000 consultants, each
 * request a different visible consultant (no validator sent, so every answer is built), right
 * after the health check it is compared with. Latency is autocannon's, to the whole answer.
 * Needs the built portal (its index.html is the pages' frame).
 */

const CLIENTS = 32;
/** Pages of the consultant search read for visible consultants' ids. */
const SEARCH_PAGES = 40;

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

export const pp1PublicProfile: Measurement = {
  id: 'PP1',
  title: 'public profile page HTML at 32 clients',
  async run(ctx) {
    if (!existsSync(join(repoRoot, 'portal/dist/index.html'))) {
      throw new Error('the portal is not built: run `npm run build` first');
    }
    const { url, token } = await ctx.server();
    const ids = await visibleConsultantIds(url, token);
    const first = await fetch(`${url}/consultants/${ids[0]}`);
    const html = await first.text();
    if (!first.ok || !html.includes('application/ld+json')) {
      throw new Error(`a public profile answered ${first.status} without its JSON-LD`);
    }
    ctx.log(`PP1: ${ids.length} visible consultants' pages, ${html.length} characters each`);
    const { health, result, rows } = await besideHealth(ctx, 'public profile page', {
      url,
      path: (n) => `/consultants/${encodeURIComponent(ids[n % ids.length] ?? '')}`,
      connections: CLIENTS,
      // As a browser or a crawler asks: the page compressed.
      headers: { 'accept-encoding': 'br, gzip' },
    });
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
