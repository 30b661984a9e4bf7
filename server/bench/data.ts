import {
  BROKER_GROUPS,
  CANADIAN_PROVINCES,
  EXPERIENCE_LEVEL_VALUES,
  INDUSTRY_SPECIALTIES,
  REGIONS,
  US_STATES,
} from '@fm/sdk/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../src/db/client.ts';
import { pauseSearchSync, rebuildSearchIndex } from '../src/features/discovery/projection.ts';

/**
 * Bulk data for the benchmark: consultants and franchises generated from a seeded PRNG (fast and
 * the same on every run), inserted in large batches through `json_each` (one bound parameter per
 * batch), with the search triggers paused and the projection rebuilt once at the end.
 */

/** mulberry32: a tiny, fast, seedable PRNG. */
export function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const count = int(min, max);
    const chosen = new Set<T>();
    while (chosen.size < Math.min(count, items.length)) chosen.add(pick(items));
    return [...chosen];
  };
  const chance = (p: number) => next() < p;
  return { next, int, pick, some, chance };
}

const FIRST =
  'James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa Anthony Betty Mark Sandra Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason Sharon Edward Laura Jeffrey Cynthia Ryan Amy Jacob Kathleen Gary Angela Nicholas Shirley Eric Brenda Jonathan Emma Stephen Anna Larry Pamela Justin Nicole Scott Samantha Brandon Katherine Benjamin Christine Samuel Helen Gregory Debra Alexander Rachel Patrick Carolyn Frank Janet Raymond Maria'.split(
    ' ',
  );
const LAST =
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez'.split(
    ' ',
  );
const CITIES =
  'Springfield Franklin Greenville Bristol Clinton Fairview Salem Madison Georgetown Arlington Ashland Dover Oxford Jackson Burlington Manchester Milton Newport Auburn Dayton Lexington Milford Riverside Cleveland Dallas Austin Houston Denver Phoenix Seattle Portland Boston Chicago Atlanta Miami Tampa Orlando Charlotte Raleigh Nashville Memphis Toronto Vancouver Calgary Ottawa Montreal Winnipeg Halifax'.split(
    ' ',
  );
const BRAND_A =
  'Apex Bright Blue Golden Summit Prime True Bold Happy Smart Urban Green Swift Royal Silver Sunny Star Pure Fresh Noble'.split(
    ' ',
  );
const BRAND_B =
  'Nest Path Harbor Oak Peak Bridge Spark Leaf Wave Stone Crest Field Grove Haven Point Ridge Works Hub Lane Market'.split(
    ' ',
  );
const BIO = [
  'helps first-time owners find the right franchise brand',
  'has matched hundreds of entrepreneurs with franchise opportunities',
  'focuses on semi-absentee and home-based franchise models',
  'guides corporate professionals into franchise ownership',
  'reviews FDDs and validation calls with every candidate',
  'specializes in multi-unit and area developer deals',
  'works with veterans looking for a franchise with a discount',
  'coaches families through financing, SBA loans and territory selection',
  'spent years as a franchisee before consulting',
  'brings a practical, numbers-first approach to business ownership',
  'supports brands in senior care, home services and fitness',
  'knows the food and restaurant space from the operator side',
];
const OVERVIEW = [
  'A proven system with comprehensive training and ongoing support.',
  'Owners benefit from national marketing and a strong brand.',
  'Low overhead and a flexible schedule make this a home-based opportunity.',
  'Recurring revenue from loyal customers in a growing market.',
  'Ideal for semi-absentee owners building a multi-unit portfolio.',
  'Serving families and seniors with compassionate in-home care.',
  'Territories available across the United States and Canada.',
];

export type Row = (string | number | null)[];

/** Inserts `rows` (arrays in `columns` order) in batches of 5,000, one bound JSON text each. */
export async function insertJson(tx: Tx, table: string, columns: string[], rows: Row[]) {
  const values = columns.map((_, i) => `j.value ->> ${i}`).join(', ');
  const head = sql.raw(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) select ${values} from json_each(`,
  );
  for (let i = 0; i < rows.length; i += 5_000) {
    await tx.run(sql`${head}${JSON.stringify(rows.slice(i, i + 5_000))}) j`);
  }
}

export interface BenchCounts {
  consultants: number;
  franchises: number;
  franchisors: number;
  visibleConsultants: number;
  visibleFranchises: number;
}

/**
 * Inserts `consultants` consultants and `franchises` franchises (with 1–2 franchisor users each)
 * in one transaction and rebuilds the search projection once.
 */
export async function loadBenchData(
  db: Db,
  options: {
    consultants: number;
    franchises: number;
    seed?: number;
    log?: (message: string) => void;
  },
): Promise<BenchCounts> {
  const started = performance.now();
  const log = (message: string) =>
    options.log?.(`${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const r = prng(options.seed ?? 20250225);
  const now = Date.UTC(2025, 1, 25);
  const franchiseRows: Row[] = [];
  const categoryRows: Row[] = [];
  const stateRows: Row[] = [];
  const userRows: Row[] = [];
  const profileRows: Row[] = [];
  const industryRows: Row[] = [];
  const regionRows: Row[] = [];
  const groupRows: Row[] = [];
  const us = US_STATES.map((s) => s.code);
  const ca = CANADIAN_PROVINCES.map((s) => s.code);
  let franchisors = 0;

  for (let i = 0; i < options.franchises; i += 1) {
    const id = `bench-f-${i}`;
    const country = r.chance(0.85) ? 'USA' : 'Canada';
    const categories = r.some(INDUSTRY_SPECIALTIES, 1, 3);
    const cashMin = r.int(5, 60) * 5_000;
    const cashMax = cashMin + r.int(4, 80) * 5_000;
    const created = now - r.int(0, 1_500) * 86_400_000;
    const members = r.chance(0.6) ? 1 : 2;
    // The first member is the billing contact (set after the users are in).
    const memberIds = Array.from({ length: members }, (_, m) => `bench-fu-${i}-${m}`);
    const company = `${r.pick(BRAND_A)} ${r.pick(BRAND_B)} ${categories[0]?.split(' ')[0] ?? ''} ${i}`;
    franchiseRows.push([
      id,
      company,
      country,
      r.int(1975, 2020),
      r.int(3, 1_500),
      `${company} — ${r.some(OVERVIEW, 2, 4).join(' ')} Categories: ${categories.join(', ')}.`,
      r.int(4, 60) * 25_000 * 100,
      cashMin * 100,
      cashMax * 100,
      r.int(10, 24) * 2_500 * 100,
      ...[0.2, 0.5, 0.3, 0.35, 0.2, 0.6, 0.75, 0.3].map((p) => (r.chance(p) ? 1 : 0)),
      `Two weeks of training at headquarters followed by on-site support. ${r.pick(OVERVIEW)}`,
      r.chance(0.97) ? 0 : 1,
      r.chance(0.97) ? 1 : 0,
      created,
      created,
    ]);
    for (const c of categories) categoryRows.push([id, c]);
    for (const s of r.some(country === 'USA' ? us : ca, 3, country === 'USA' ? 30 : 8)) {
      stateRows.push([id, s]);
    }
    memberIds.forEach((userId, m) => {
      franchisors += 1;
      const first = r.pick(FIRST);
      const last = r.pick(LAST);
      userRows.push([
        userId,
        `${first} ${last}`,
        `${userId}@bench.example`,
        'franchisor',
        first,
        last,
        r.chance(0.95) ? 1 : 0,
        0,
        0,
        1,
        id,
        created + m * 86_400_000,
        created + m * 86_400_000,
      ]);
    });
  }

  for (let i = 0; i < options.consultants; i += 1) {
    const id = `bench-c-${i}`;
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const country = r.chance(0.82) ? 'USA' : 'Canada';
    const state = r.pick(country === 'USA' ? us : ca);
    const created = now - r.int(0, 1_500) * 86_400_000;
    const account = r.next();
    userRows.push([
      id,
      `${first} ${last}`,
      `${id}@bench.example`,
      'consultant',
      first,
      last,
      account < 0.96 ? 1 : 0,
      account > 0.985 ? 1 : 0,
      account > 0.97 && account <= 0.985 ? 1 : 0,
      r.chance(0.97) ? 1 : 0,
      null,
      created,
      created,
    ]);
    const industries = r.some(INDUSTRY_SPECIALTIES, 1, 4);
    const bio = `${first} ${r.some(BIO, 2, 4).join(', and ')}. Works with clients in ${industries.join(', ')} across ${state}.`;
    profileRows.push([
      id,
      r.int(10, 50) * 500,
      bio,
      `${last} ${r.pick(['Franchise Advisors', 'Franchise Group', 'Consulting', 'Business Partners'])}`,
      r.pick(EXPERIENCE_LEVEL_VALUES),
      country,
      state,
      r.pick(CITIES),
      created,
      created,
    ]);
    for (const v of industries) industryRows.push([id, v]);
    for (const v of new Set([country, ...r.some(REGIONS, 0, 1)])) regionRows.push([id, v]);
    for (const v of r.some(BROKER_GROUPS, 1, 2)) groupRows.push([id, v]);
  }

  log('generated');
  return db.transaction(async (tx) => {
    await pauseSearchSync(tx);
    // The whole load is one transaction: keep its pages in memory instead of spilling them.
    await tx.run(sql`PRAGMA cache_size = -262144`);
    await insertJson(
      tx,
      'franchise',
      [
        'id',
        'company',
        'country',
        'established',
        'franchised_units',
        'overview',
        'min_net_worth_cents',
        'cash_required_min_cents',
        'cash_required_max_cents',
        'franchise_fee_cents',
        'absentee_model',
        'semi_absentee_model',
        'b2b',
        'home_based',
        'master_franchise_opportunities',
        'veteran_discount',
        'sba_eligible',
        'e2_visa_friendly',
        'training',
        'is_deleted',
        'status',
        'created_at',
        'updated_at',
      ],
      franchiseRows,
    );
    await insertJson(
      tx,
      'user',
      [
        'id',
        'name',
        'email',
        'role',
        'first_name',
        'last_name',
        'is_verified',
        'is_deleted',
        'is_deactivated',
        'status',
        'franchise_id',
        'created_at',
        'updated_at',
      ],
      userRows,
    );
    // Billing contacts last: a franchise pointing at a user not inserted yet would make SQLite
    // scan the franchises for every user inserted afterwards (deferred foreign-key bookkeeping).
    await tx.run(
      sql`update franchise set billing_contact_user_id = 'bench-fu-' || substr(id, 9) || '-0'
          where id like 'bench-f-%'`,
    );
    await insertJson(
      tx,
      'consultant_profile',
      [
        'user_id',
        'rate_cents',
        'bio',
        'company',
        'experience_level',
        'country',
        'state_province',
        'city',
        'created_at',
        'updated_at',
      ],
      profileRows,
    );
    await insertJson(tx, 'consultant_industry', ['user_id', 'industry'], industryRows);
    await insertJson(tx, 'consultant_region', ['user_id', 'region'], regionRows);
    await insertJson(tx, 'consultant_group', ['user_id', 'broker_group'], groupRows);
    await insertJson(tx, 'franchise_category', ['franchise_id', 'category'], categoryRows);
    await insertJson(tx, 'franchise_state', ['franchise_id', 'state_code'], stateRows);
    log('inserted');
    const visible = await rebuildSearchIndex(tx);
    log('search index built');
    return {
      consultants: options.consultants,
      franchises: options.franchises,
      franchisors,
      visibleConsultants: visible.consultants,
      visibleFranchises: visible.franchises,
    };
  });
}
