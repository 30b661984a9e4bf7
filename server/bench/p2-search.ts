import { INDUSTRY_SPECIALTIES } from '@fm/sdk/contracts';
import { besideHealth } from './beside-health.ts';
import type { Aim, Measurement, Row } from './measurement.ts';

/**
 * P2: the consultant search over 100,000 consultants at 32 clients, each variant right after the
 * health check it is compared with: the same query repeated; a new rate bound every request (the
 * text-and-tags step is reused); new industries every request (the text's ranking is reused); a
 * new pair of words every request (a text never seen). The AI search is printed beside them.
 */

const CLIENTS = 32;
const SEARCH = '/api/users?q=franchise&industry=Senior%20Care&region=USA&rateMax=120&page=3';
/** A different rate bound every request (1,000 of them). */
const searchNewRate = (n: number) =>
  `/api/users?q=franchise&industry=Senior%20Care&region=USA&rateMax=${(100 + (n % 1000) / 100).toFixed(2)}&page=3`;
/** A different pair of industries every request (741 pairs). */
const PAIRS = INDUSTRY_SPECIALTIES.flatMap((a, i) =>
  INDUSTRY_SPECIALTIES.slice(i + 1).map(
    (b) => `industry=${encodeURIComponent(a)}&industry=${encodeURIComponent(b)}`,
  ),
);
const searchNewTags = (n: number) =>
  `/api/users?q=franchise&${PAIRS[(n * 7) % PAIRS.length]}&region=USA&rateMax=120&page=3`;
/** Words of the generated bios; pairs of them (870), each seen once per 870 requests. */
const TEXT_WORDS =
  'franchise owners brand veterans financing senior fitness restaurant territory multi coaches practical validation entrepreneurs home care families corporate discount developer consulting numbers operator food services models ownership candidate loans hundreds'.split(
    ' ',
  );
const TEXT_PAIRS = TEXT_WORDS.flatMap((a) =>
  TEXT_WORDS.filter((b) => b !== a).map((b) => encodeURIComponent(`${a} ${b}`)),
);
/** Runs start at a different place every time the bench is started, so no pair is warm. */
const offset = Math.floor(Math.random() * TEXT_PAIRS.length);
const searchNewText = (n: number) =>
  `/api/users?q=${TEXT_PAIRS[(offset + n * 7) % TEXT_PAIRS.length]}&industry=Senior%20Care&region=USA&rateMax=120`;
const AI_SEARCH = `/api/users/ai-franchisees-search?q=${encodeURIComponent('home-based senior care under $150k in Texas')}`;

const VARIANTS: { name: string; path: (n: number) => string; aim: boolean }[] = [
  { name: 'search, same query', path: () => SEARCH, aim: true },
  { name: 'search, new rate bound each time', path: searchNewRate, aim: true },
  { name: 'search, new industries each time', path: searchNewTags, aim: true },
  { name: 'search, new words each time', path: searchNewText, aim: true },
  { name: 'AI search', path: () => AI_SEARCH, aim: false },
];

export const p2Search: Measurement = {
  id: 'P2',
  title: 'consultant search at 100,000 consultants, 32 clients',
  async run(ctx) {
    const { url, token } = await ctx.server();
    const headers = { authorization: `Bearer ${token}` };
    const probe = await fetch(`${url}${SEARCH}`, { headers });
    const found = (await probe.json()) as { total?: number };
    if (!probe.ok) throw new Error(`search answered ${probe.status}`);
    ctx.log(`search answers ${found.total} matches`);
    const rows: Row[] = [];
    const aims: Aim[] = [];
    for (const variant of VARIANTS) {
      const measured = await besideHealth(ctx, variant.name, {
        url,
        path: variant.path,
        connections: CLIENTS,
        headers,
      });
      const { health, result } = measured;
      rows.push(...measured.rows);
      if (!variant.aim) continue;
      aims.push({
        id: 'P2',
        label: `${variant.name}: p99 / health p99`,
        // Errors never pass.
        measured: result.errors ? Number.POSITIVE_INFINITY : result.p99 / health.p99,
        aim: 4,
        kind: 'max',
        unit: '×',
        detail: `p99 ${result.p99} ms / ${health.p99} ms${result.errors ? `, ${result.errors} errors` : ''}`,
      });
    }
    return { rows, aims };
  },
};
