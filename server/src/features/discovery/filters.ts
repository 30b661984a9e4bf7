import {
  BROKER_GROUPS,
  COUNTRIES,
  EXPERIENCE_LEVELS,
  FRANCHISE_FILTER_FLAGS,
  FRANCHISE_FLAG_LABELS,
  INDUSTRY_SPECIALTIES,
  INVESTMENT_RANGES,
  REGIONS,
  type SearchFilters,
  STATE_CODES,
} from '@fm/sdk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { centsToDollars } from '../../money/cents.ts';
import { investmentCondition } from './franchisor-search.ts';

type Counts = Map<string, number>;
type CountRow = { kind: string; value: string | number | null; n: number };

const countsOf = (rows: CountRow[], kind: string): Counts =>
  new Map(rows.filter((r) => r.kind === kind).map((r) => [String(r.value), r.n]));

/** Every value of an enum with its count (0 when absent), in the enum's order. */
const everyValue = <T extends string | number>(values: readonly T[], counts: Counts) =>
  values.map((value) => ({ value, count: counts.get(String(value)) ?? 0 }));

/**
 * Tag counts come from the FTS index's term statistics (`*_fts_terms`, fts5vocab 'col'): only
 * visible rows are indexed and each carries a token once, so a token's document count in the
 * `tags` column is the number of visible profiles with that value. One seek per token.
 */
const tagCounts = (terms: 'consultant_fts_terms' | 'franchise_fts_terms', kinds: string[]) =>
  sql`select v.kind as kind, v.value as value, t.doc as n
      from search_vocab v join ${sql.identifier(terms)} t on t.term = v.token and t.col = 'tags'
      where v.kind in (select value from json_each(${JSON.stringify(kinds)}))`;

async function consultantFilters(db: Db): Promise<SearchFilters['consultants']> {
  const levels = JSON.stringify(EXPERIENCE_LEVELS.map((e) => e.value));
  const rows = await db.all<CountRow>(sql`
    ${tagCounts('consultant_fts_terms', ['industry', 'region', 'group'])}
    union all
    select 'experience', j.value, t.doc from json_each(${levels}) j
      join consultant_fts_terms t on t.term = 'e' || j.value and t.col = 'tags'
    union all
    select 'country', s.country, count(*)
      from consultant_search s where s.visible = 1 and s.country is not null group by s.country
    union all
    select 'rateMin', (select min(rate_cents) from consultant_search
      where visible = 1 and rate_cents is not null), 0
    union all
    select 'rateMax', (select max(rate_cents) from consultant_search where visible = 1), 0`);
  const rate = (kind: string) => {
    const value = rows.find((r) => r.kind === kind)?.value;
    return typeof value === 'number' ? centsToDollars(value) : null;
  };
  const experience = countsOf(rows, 'experience');
  return {
    industries: everyValue(INDUSTRY_SPECIALTIES, countsOf(rows, 'industry')),
    regions: everyValue(REGIONS, countsOf(rows, 'region')),
    groups: everyValue(BROKER_GROUPS, countsOf(rows, 'group')),
    experience: EXPERIENCE_LEVELS.map((e) => ({
      value: e.value,
      label: e.label,
      count: experience.get(String(e.value)) ?? 0,
    })),
    countries: [...countsOf(rows, 'country')]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    rate: { min: rate('rateMin'), max: rate('rateMax') },
  };
}

async function franchisorFilters(db: Db): Promise<SearchFilters['franchisors']> {
  const rows = await db.all<CountRow>(
    tagCounts('franchise_fts_terms', ['industry', 'state', 'country', 'flag']),
  );
  // One pass over the visible franchises' cash ranges counts every investment range.
  const columns: SQL[] = INVESTMENT_RANGES.map((range) => {
    const condition = investmentCondition(range.value);
    return sql`sum(${condition ?? sql`1`}) as ${sql.identifier(range.value)}`;
  });
  const [ranges = {}] = await db.all<Record<string, number | null>>(
    sql`select ${sql.join(columns, sql`, `)} from franchise_search s where s.visible = 1`,
  );
  const flags = countsOf(rows, 'flag');
  return {
    categories: everyValue(INDUSTRY_SPECIALTIES, countsOf(rows, 'industry')),
    countries: everyValue(COUNTRIES, countsOf(rows, 'country')),
    states: everyValue(STATE_CODES, countsOf(rows, 'state')),
    investmentRanges: INVESTMENT_RANGES.map((range) => ({
      value: range.value,
      label: range.label,
      count: ranges[range.value] ?? 0,
    })),
    flags: FRANCHISE_FILTER_FLAGS.map((flag) => ({
      value: flag,
      label: FRANCHISE_FLAG_LABELS[flag],
      count: flags.get(flag) ?? 0,
    })),
  };
}

/**
 * `GET /api/users/filters`: every option of every filter with how many visible profiles match it,
 * computed once per projection epoch (the counts change only when the projection does).
 */
export function createFiltersReader(db: Db) {
  let cached: { key: string; value: SearchFilters } | null = null;
  return async function readFilters(): Promise<SearchFilters> {
    const [epochs] = await db.all<{ c: number; f: number }>(
      sql`select consultant_epoch as c, franchise_epoch as f from search_state where id = 1`,
    );
    const key = `${epochs?.c ?? 0}:${epochs?.f ?? 0}`;
    if (cached?.key === key) return cached.value;
    const [consultants, franchisors] = await Promise.all([
      consultantFilters(db),
      franchisorFilters(db),
    ]);
    cached = { key, value: { consultants, franchisors } };
    return cached.value;
  };
}
