import {
  type ConsultantListItem,
  ConsultantListItemSchema,
  type ConsultantSearchResult,
  ConsultantSearchResultSchema,
  EXPERIENCE_LEVELS,
  FavoriteToggleResultSchema,
  FIELD_MESSAGES,
  FRANCHISE_FILTER_FLAGS,
  type FranchiseFilterFlag,
  type FranchisorListItem,
  FranchisorListItemSchema,
  type FranchisorSearchResult,
  FranchisorSearchResultSchema,
  INDUSTRY_SPECIALTIES,
  INVESTMENT_RANGES,
  SearchFiltersSchema,
  STATE_CODES,
} from '@fm/sdk/contracts';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { seedIfEmpty } from '../../seed/seed-if-empty.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { consultantListQuery } from './consultant-search.ts';
import { FLAG_COLUMNS } from './franchisor-search.ts';
import { inProcessLists } from './list-reader.ts';
import { createRankedListCache } from './ranked-list.ts';
import { loadList } from './search-runner.ts';
import { consultantParams, consultantPlan, franchisorPlan } from './test-fixtures.ts';

let server: TestServer;
const tokens = { franchisor: '', consultant: '', admin: '' };

async function signIn(email: string): Promise<string> {
  const res = await server.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

beforeAll(async () => {
  server = await startTestServer({ seed: (c) => seedIfEmpty(c) });
  tokens.franchisor = await signIn(DEMO_ACCOUNTS.franchisor.email);
  tokens.consultant = await signIn(DEMO_ACCOUNTS.consultant.email);
  tokens.admin = await signIn(DEMO_ACCOUNTS.admin.email);
});
afterAll(async () => {
  await server.close();
});

const db = () => server.container.db;

async function call(path: string, token?: string, init: RequestInit = {}) {
  const res = await server.fetch(path, { ...init, ...(token ? { token } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const post = (path: string, body: unknown, token?: string) =>
  call(path, token, { method: 'POST', body: JSON.stringify(body) });

/** One page of the consultant list, checked against the contract item by item. */
async function consultants(
  query: string,
  token = tokens.franchisor,
): Promise<ConsultantSearchResult> {
  const { status, body } = await call(`/api/users?${query}`, token);
  expect(status, JSON.stringify(body)).toBe(200);
  const result = v.parse(ConsultantSearchResultSchema, body);
  for (const item of [...result.consultants, ...result.favoriteConsultants]) {
    v.parse(ConsultantListItemSchema, item);
  }
  return result;
}

async function franchisors(
  query: string,
  token = tokens.consultant,
): Promise<FranchisorSearchResult> {
  const { status, body } = await call(`/api/users?${query}`, token);
  expect(status, JSON.stringify(body)).toBe(200);
  const result = v.parse(FranchisorSearchResultSchema, body);
  for (const item of [...result.franchisees, ...result.favoriteFranchisees]) {
    v.parse(FranchisorListItemSchema, item);
  }
  return result;
}

/** Every item of a query, page by page (limit 100): each id exactly once, as many as `total`. */
async function allConsultants(query: string, token = tokens.franchisor) {
  const items: ConsultantListItem[] = [];
  for (let page = 1; ; page += 1) {
    const result = await consultants(`${query}&limit=100&page=${page}`, token);
    items.push(...result.consultants);
    if (result.consultants.length < 100) {
      expect(items).toHaveLength(result.total);
      break;
    }
  }
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  return items;
}

async function allFranchisors(query: string, token = tokens.consultant) {
  const items: FranchisorListItem[] = [];
  for (let page = 1; ; page += 1) {
    const result = await franchisors(`${query}&limit=100&page=${page}`, token);
    items.push(...result.franchisees);
    if (result.franchisees.length < 100) {
      expect(items).toHaveLength(result.total);
      break;
    }
  }
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  return items;
}

const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();

// --- oracles: what the lists must hold, read from the base tables --------------------------------

interface Consultant {
  id: string;
  firstName: string;
  lastName: string;
  rateCents: number | null;
  experience: number | null;
  country: string | null;
  state: string | null;
  city: string | null;
  createdAt: number;
  industries: Set<string>;
  regions: Set<string>;
  groups: Set<string>;
}

async function visibleConsultants(): Promise<Consultant[]> {
  const rows = await db().all<Omit<Consultant, 'industries' | 'regions' | 'groups'>>(sql`
    select u.id, u.first_name as firstName, u.last_name as lastName, p.rate_cents as rateCents,
      p.experience_level as experience, p.country, p.state_province as state, p.city,
      u.created_at as createdAt
    from "user" u join consultant_profile p on p.user_id = u.id
    where u.role = 'consultant' and u.is_verified = 1 and u.status = 1 and u.is_deleted = 0
      and u.is_deactivated = 0`);
  const tags = async (table: string, column: string) => {
    const map = new Map<string, Set<string>>();
    const all = await db().all<{ id: string; value: string }>(
      sql.raw(`select user_id as id, ${column} as value from ${table}`),
    );
    for (const { id, value } of all) map.set(id, (map.get(id) ?? new Set()).add(value));
    return map;
  };
  const [industries, regions, groups] = await Promise.all([
    tags('consultant_industry', 'industry'),
    tags('consultant_region', 'region'),
    tags('consultant_group', 'broker_group'),
  ]);
  return rows.map((r) => ({
    ...r,
    industries: industries.get(r.id) ?? new Set(),
    regions: regions.get(r.id) ?? new Set(),
    groups: groups.get(r.id) ?? new Set(),
  }));
}

interface Franchise {
  id: string;
  cardId: string;
  company: string;
  country: string | null;
  minNetWorthCents: number | null;
  cashMinCents: number | null;
  cashMaxCents: number | null;
  feeCents: number | null;
  units: number | null;
  flags: Record<FranchiseFilterFlag, number | null>;
  categories: Set<string>;
  states: Set<string>;
}

async function visibleFranchises(): Promise<Franchise[]> {
  const rows = await db().all<Record<string, unknown>>(sql`
    select f.*, (select group_concat(category, '|') from franchise_category c where c.franchise_id = f.id) as cats,
      (select group_concat(state_code, '|') from franchise_state s where s.franchise_id = f.id) as sts
    from franchise f
    where f.is_deleted = 0 and f.is_deactivated = 0 and f.status = 1`);
  const members = await db().all<{ id: string; franchiseId: string; createdAt: number }>(sql`
    select id, franchise_id as franchiseId, created_at as createdAt from "user"
    where role = 'franchisor' and is_verified = 1 and status = 1 and is_deleted = 0
      and is_deactivated = 0 and franchise_id is not null
    order by created_at, id`);
  return rows.flatMap((f) => {
    const visible = members.filter((m) => m.franchiseId === f.id);
    if (visible.length === 0) return [];
    const billing = visible.find((m) => m.id === f.billing_contact_user_id);
    return [
      {
        id: String(f.id),
        cardId: (billing ?? visible[0])?.id ?? '',
        company: String(f.company),
        country: f.country as string | null,
        minNetWorthCents: f.min_net_worth_cents as number | null,
        cashMinCents: f.cash_required_min_cents as number | null,
        cashMaxCents: f.cash_required_max_cents as number | null,
        feeCents: f.franchise_fee_cents as number | null,
        units: f.franchised_units as number | null,
        flags: Object.fromEntries(
          FRANCHISE_FILTER_FLAGS.map((flag) => [flag, f[FLAG_COLUMNS[flag]] as number | null]),
        ) as Record<FranchiseFilterFlag, number | null>,
        categories: new Set(
          String(f.cats ?? '')
            .split('|')
            .filter(Boolean),
        ),
        states: new Set(
          String(f.sts ?? '')
            .split('|')
            .filter(Boolean),
        ),
      },
    ];
  });
}

const cashRange = (f: Franchise) => {
  const low = f.cashMinCents ?? f.cashMaxCents;
  const high = f.cashMaxCents ?? f.cashMinCents;
  return low === null || high === null ? null : { low, high };
};

let picked = 100;
/** Another visible consultant (each test its own), renamed so that text finds them alone. */
async function nameConsultant(lastName: string): Promise<string> {
  picked += 1;
  const someone = (await visibleConsultants()).sort((a, b) => a.id.localeCompare(b.id))[picked];
  if (!someone) throw new Error('no consultant');
  await db().run(sql`update "user" set last_name = ${lastName} where id = ${someone.id}`);
  return someone.id;
}

// --- access ------------------------------------------------------------------------------------

describe('access and roles', () => {
  it('refuses guests with 401 on every discovery call', async () => {
    expect((await call('/api/users')).status).toBe(401);
    expect((await call('/api/users/filters')).status).toBe(401);
    expect((await post('/api/users/favorite-consultant', { consultantId: 'x' })).status).toBe(401);
    expect((await post('/api/users/favorite-franchisor', { franchisorId: 'x' })).status).toBe(401);
  });

  it('gives franchisors and admins consultants, consultants franchisors (franchisee = franchisor)', async () => {
    expect((await call('/api/users', tokens.franchisor)).body).toHaveProperty('consultants');
    expect((await call('/api/users', tokens.admin)).body).toHaveProperty('consultants');
    expect((await call('/api/users', tokens.consultant)).body).toHaveProperty('franchisees');
    expect((await call('/api/users?role=franchisee', tokens.consultant)).body).toHaveProperty(
      'franchisees',
    );
    expect((await call('/api/users?role=franchisor', tokens.admin)).body).toHaveProperty(
      'franchisees',
    );
  });

  it('refuses a consultant listing consultants and a franchisor listing franchisors (403)', async () => {
    const peers = await call('/api/users?role=consultant', tokens.consultant);
    expect(peers).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const brands = await call('/api/users?role=franchisee', tokens.franchisor);
    expect(brands).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('answers 400 with field messages for bad parameters', async () => {
    const money = await call('/api/users?rateMax=abc', tokens.franchisor);
    expect(money).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: FIELD_MESSAGES.numbersOnly,
        errors: { rateMax: FIELD_MESSAGES.numbersOnly },
      },
    });
    const worth = await call('/api/users?netWorth=12k&cashMax=-5', tokens.consultant);
    expect(worth.status).toBe(400);
    expect(worth.body.errors).toMatchObject({
      netWorth: FIELD_MESSAGES.numbersOnly,
      cashMax: FIELD_MESSAGES.numbersOnly,
    });
    for (const query of [
      'limit=500',
      'page=0',
      'experience=4',
      'industry=Nope',
      'sort=x',
      'role=x',
    ]) {
      const res = await call(`/api/users?${query}`, tokens.franchisor);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.errors as object).length).toBeGreaterThan(0);
    }
    const state = await call('/api/users?state=ZZ', tokens.consultant);
    expect(state.status).toBe(400);
  });
});

// --- consultants -------------------------------------------------------------------------------

describe('consultant search', () => {
  it('lists exactly the visible consultants, with shapes, paging echo and defaults', async () => {
    const first = await consultants('');
    expect(first).toMatchObject({ page: 1, limit: 10 });
    expect(first.consultants).toHaveLength(10);
    const expected = await visibleConsultants();
    expect(first.total).toBe(expected.length);
    expect(ids(await allConsultants('sort=name_asc'))).toEqual(ids(expected));
  });

  it('pages without repeats or gaps in every order', async () => {
    const total = (await visibleConsultants()).length;
    for (const sort of ['relevance', 'rate_asc', 'rate_desc', 'newest', 'experience_desc']) {
      expect((await allConsultants(`sort=${sort}`)).length, sort).toBe(total);
    }
    const small = await consultants('limit=7&page=3');
    expect(small).toMatchObject({ page: 3, limit: 7 });
    expect(small.consultants).toHaveLength(7);
  });

  it('applies every filter: OR within a list, AND across filters', async () => {
    const all = await visibleConsultants();
    const check = async (query: string, keep: (c: Consultant) => boolean) => {
      const expected = all
        .filter(keep)
        .map((c) => c.id)
        .sort();
      expect(expected.length, `${query} should match someone`).toBeGreaterThan(0);
      expect(ids(await allConsultants(query)), query).toEqual(expected);
    };
    await check('industry=Senior%20Care', (c) => c.industries.has('Senior Care'));
    await check('industry=Senior%20Care&industry=Automotive', (c) =>
      ['Senior Care', 'Automotive'].some((x) => c.industries.has(x)),
    );
    await check('region=Canada', (c) => c.regions.has('Canada'));
    await check('group=FranNet&group=IFPG', (c) => c.groups.has('FranNet') || c.groups.has('IFPG'));
    await check('experience=10&experience=1', (c) => c.experience === 10 || c.experience === 1);
    await check(
      'rateMin=40&rateMax=60.5',
      (c) => c.rateCents !== null && c.rateCents >= 4000 && c.rateCents <= 6050,
    );
    await check('country=canada', (c) => c.country?.toLowerCase() === 'canada');
    await check('state=TX', (c) => c.state?.toLowerCase() === 'tx');
    await check('state=texas', (c) => c.state?.toLowerCase() === 'tx');
    await check('city=san', (c) => c.city?.toLowerCase().startsWith('san') === true);
    await check(
      'industry=Senior%20Care&industry=Home%20Services&region=USA&rateMax=80&experience=5&experience=10',
      (c) =>
        (c.industries.has('Senior Care') || c.industries.has('Home Services')) &&
        c.regions.has('USA') &&
        c.rateCents !== null &&
        c.rateCents <= 8000 &&
        (c.experience === 5 || c.experience === 10),
    );
  });

  it('sorts as asked, with consultants lacking the value last', async () => {
    const items = await allConsultants('sort=rate_asc');
    const rates = items.map((i) => i.rate ?? Number.POSITIVE_INFINITY);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    const desc = (await allConsultants('sort=rate_desc')).map((i) => i.rate ?? -1);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const names = (await allConsultants('sort=name_asc')).map((i) =>
      `${i.firstName} ${i.lastName}`.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
    const created = new Map((await visibleConsultants()).map((c) => [c.id, c.createdAt]));
    const newest = (await allConsultants('sort=newest')).map((i) => created.get(i.id) ?? 0);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    const experience = (await allConsultants('sort=experience_desc')).map(
      (i) => i.experienceLevel ?? 0,
    );
    expect(experience).toEqual([...experience].sort((a, b) => b - a));
    // Relevance without text: rating, then review count, then name; unrated last.
    for (const sort of ['relevance', 'rating_desc']) {
      const rated = (await allConsultants(`sort=${sort}`)).map((i) => i.averageRating ?? -1);
      expect(rated.some((r) => r > 0)).toBe(true);
      expect(rated, sort).toEqual([...rated].sort((a, b) => b - a));
    }
  });

  it('searches names, company and bio with FTS5: ranked by bm25, prefix on the last word', async () => {
    const all = await visibleConsultants();
    const [named, bio] = all.slice(10, 12);
    if (!named || !bio) throw new Error('seed too small');
    await db().run(sql`update "user" set last_name = 'Quillfeather' where id = ${named.id}`);
    await db().run(
      sql`update consultant_profile set bio = bio || ' Trained by a Quillfeather mentor.' where user_id = ${bio.id}`,
    );
    const exact = await consultants('q=quillfeather');
    expect(exact.consultants.map((c) => c.id)).toEqual([named.id, bio.id]);
    const typing = await consultants('q=QUILLF');
    expect(typing.consultants.map((c) => c.id)).toEqual([named.id, bio.id]);
    // Several words: all must occur; only the last is a prefix.
    expect((await consultants('q=trained%20quillfea')).consultants.map((c) => c.id)).toEqual([
      bio.id,
    ]);
    expect((await consultants('q=quill%20trained')).total).toBe(0);

    // Other filters and sorts over the same text keep the text's ranking and membership.
    const ranked = await allConsultants('q=franchise');
    expect(ranked.length).toBeGreaterThan(100);
    const cheap = await allConsultants('q=franchise&rateMax=60');
    expect(cheap.map((c) => c.id)).toEqual(
      ranked.filter((c) => c.rate !== null && c.rate <= 60).map((c) => c.id),
    );
    const byRate = (await allConsultants('q=franchise&sort=rate_asc')).map((c) => c.id);
    expect([...byRate].sort()).toEqual(ids(ranked));

    const sen = await allConsultants('q=sen');
    expect(sen.length).toBeGreaterThan(0);
    for (const item of sen) {
      expect(`${item.firstName} ${item.lastName} ${item.company} ${item.bio}`, item.id).toMatch(
        /\bsen/i,
      );
    }
  });

  it('gives the same lists whether FTS matches are joined in SQL or intersected in memory', async () => {
    const queries = [
      'q=franchise&rateMax=60',
      'q=franchise&sort=rate_asc',
      'q=franchise&sort=name_asc&region=Canada',
      'q=help&city=san',
      'industry=Senior%20Care&rateMin=30&sort=newest',
    ];
    for (const query of queries) {
      const lists = await Promise.all(
        [0, Number.POSITIVE_INFINITY].map((joinLimit) =>
          loadList(
            inProcessLists(db()),
            createRankedListCache({ maxEntries: 10, maxIds: 1e6 }),
            consultantPlan(query),
            0,
            joinLimit,
          ),
        ),
      );
      expect(Array.from(lists[0]?.order ?? []), query).toEqual(Array.from(lists[1]?.order ?? []));
      expect(lists[0]?.order.length, query).toBeGreaterThan(0);
    }
    for (const query of ['q=care&investment=lt200k', 'q=franchise&sort=units_desc&country=USA']) {
      const [joined, intersected] = await Promise.all(
        [0, Number.POSITIVE_INFINITY].map((joinLimit) =>
          loadList(
            inProcessLists(db()),
            createRankedListCache({ maxEntries: 10, maxIds: 1e6 }),
            franchisorPlan(query),
            0,
            joinLimit,
          ),
        ),
      );
      expect(Array.from(joined?.order ?? []), query).toEqual(Array.from(intersected?.order ?? []));
      expect(joined?.order.length, query).toBeGreaterThan(0);
    }
  });

  it('ranks text with tag filters exactly as one combined FTS match would, whatever is cached', async () => {
    const queries = [
      'q=franchise&industry=Senior%20Care&region=USA&rateMax=120',
      'q=franchise&industry=Senior%20Care&industry=Fitness&region=USA',
      'q=help&region=Canada&experience=1',
      'q=care%20sen&group=Others',
    ];
    // One cache across the queries and their variants, so cached parts and cached lists of the
    // other filters are reused from one query to the next.
    const cache = createRankedListCache({ maxEntries: 50, maxIds: 1e6 });
    for (const query of queries) {
      const params = consultantParams(query);
      const plan = consultantListQuery(params);
      const rate =
        params.rateMax === undefined ? sql`` : sql` and s.rate_cents <= ${params.rateMax * 100}`;
      const combined = [plan.fts?.parts.map((p) => JSON.parse(p.key)[1] as string)]
        .flat()
        .join(' AND ');
      const [reference] = await db().all<{ ids: string | null }>(
        sql`with m as materialized (
              select rowid as rid, bm25(consultant_fts, 10.0, 10.0, 5.0, 1.0, 0.0) as score
              from consultant_fts where consultant_fts match ${combined})
            select group_concat(rid) as ids from (
              select m.rid as rid from m join consultant_search s on s.rid = m.rid
              where s.visible = 1${rate} order by m.score, m.rid limit -1)`,
      );
      const expected = (reference?.ids ?? '').split(',').filter(Boolean).map(Number);
      expect(expected.length, query).toBeGreaterThan(0);
      const fresh = () => createRankedListCache({ maxEntries: 50, maxIds: 1e6 });
      const rank = plan.rank;
      expect(rank, query).not.toBeNull();
      const phrases = rank?.phrases ?? [];
      // First seen with these tags: each phrase read with the tags (few rows to rank). Seen with
      // other tags: each phrase read whole, once, and the tags tested in memory. With the
      // columns already in memory, or a list of the query's rows already cached.
      const withTags = fresh();
      const whole = fresh();
      for (const p of phrases) whole.seenWith(p.alone.key, 'other tags');
      const warm = fresh();
      await loadList(inProcessLists(db()), warm, plan, 0);
      for (const [name, c] of [
        ['shared', cache],
        ['phrases with tags', withTags],
        ['whole phrases', whole],
        ['warm', warm],
      ] as const) {
        const list = await loadList(inProcessLists(db()), c, plan, 0);
        expect(Array.from(list.order), `${query} (${name})`).toEqual(expected);
      }
      for (const p of phrases) {
        expect(whole.phrases.peek(p.alone.key, 0), query).toBeDefined();
        if (p.withTags) {
          expect(withTags.phrases.peek(p.withTags.key, 0), query).toBeDefined();
          expect(withTags.phrases.peek(p.alone.key, 0), query).toBeUndefined();
        }
      }
    }
  });

  it('never turns FTS syntax in the text into an error', async () => {
    const total = (await visibleConsultants()).length;
    for (const q of ['"', '*', '(:)', '^-', '""*', '   ']) {
      expect((await consultants(`q=${encodeURIComponent(q)}`)).total, q).toBe(total);
    }
    for (const q of ['AND', 'NEAR(a b)', 'senior OR "care', 'a*b:c', "o'brien", '{bio}:x']) {
      const res = await call(`/api/users?q=${encodeURIComponent(q)}`, tokens.franchisor);
      expect(res.status, q).toBe(200);
    }
  });

  it('drops hidden, deactivated, deleted and unverified consultants at once (triggers)', async () => {
    const id = await nameConsultant('Xanthippe');
    const found = async () => (await consultants('q=xanthippe')).total;
    expect(await found()).toBe(1);
    const totalBefore = (await consultants('')).total;
    for (const flag of ['status = 0', 'is_deactivated = 1', 'is_deleted = 1', 'is_verified = 0']) {
      await db().run(sql`update "user" set ${sql.raw(flag)} where id = ${id}`);
      expect(await found(), flag).toBe(0);
      expect((await consultants('')).total, flag).toBe(totalBefore - 1);
      await db().run(
        sql`update "user" set status = 1, is_deactivated = 0, is_deleted = 0, is_verified = 1 where id = ${id}`,
      );
      expect(await found(), `${flag} undone`).toBe(1);
    }
    // No profile, not listed; the profile's edits show in the filters at once.
    await db().run(sql`delete from consultant_profile where user_id = ${id}`);
    expect(await found()).toBe(0);
    await db().run(sql`insert into consultant_profile (user_id, rate_cents, bio, experience_level, country, state_province, city, created_at, updated_at)
      values (${id}, 123400, 'Zymurgy expert', 3, 'USA', 'Vermont', 'Burlington', 0, 0)`);
    expect(await found()).toBe(1);
    expect((await consultants('q=zymurgy')).consultants[0]?.id).toBe(id);
    expect((await consultants('rateMin=1234&rateMax=1234')).consultants.map((c) => c.id)).toEqual([
      id,
    ]);
    expect(ids(await allConsultants('q=xanthippe&state=VT'))).toEqual([id]);
    await db().run(sql`delete from consultant_industry where user_id = ${id}`);
    await db().run(
      sql`insert into consultant_industry (user_id, industry) values (${id}, 'Pest Control')`,
    );
    expect((await consultants('q=xanthippe&industry=Pest%20Control')).total).toBe(1);
    expect((await consultants('q=xanthippe&industry=Senior%20Care')).total).toBe(0);
    const [item] = (await consultants('q=xanthippe')).consultants;
    expect(item).toMatchObject({
      industrySpecialty: ['Pest Control'],
      rate: 1234,
      experienceLevel: 3,
    });
    // A signed-up consultant without a profile is not listed.
    const fresh = await server.signUp('consultant');
    expect(ids(await allConsultants('q=test'))).not.toContain(fresh.user.id);
  });
});

// --- favourites --------------------------------------------------------------------------------

describe('favourites', () => {
  it('toggles a consultant and reports it in the lists and totals', async () => {
    const id = await nameConsultant('Favoritus');
    const before = await consultants('');
    const on = await post(
      '/api/users/favorite-consultant',
      { consultantId: id },
      tokens.franchisor,
    );
    expect(on.status).toBe(200);
    expect(v.parse(FavoriteToggleResultSchema, on.body)).toEqual({
      isFavorite: true,
      total: before.totalFavorite + 1,
    });
    const listed = await consultants('q=favoritus');
    expect(listed).toMatchObject({ total: 1, totalFavorite: 1 });
    expect(listed.consultants[0]).toMatchObject({ id, isFavorite: true });
    expect(listed.favoriteConsultants.map((c) => c.id)).toEqual([id]);

    const only = await consultants('favoritesOnly=true&limit=100');
    expect(only.total).toBe(only.totalFavorite);
    expect(only.totalFavorite).toBe(before.totalFavorite + 1);
    expect(only.consultants.every((c) => c.isFavorite)).toBe(true);
    expect(only.consultants.map((c) => c.id)).toContain(id);
    expect(only.favoriteConsultants.map((c) => c.id)).toEqual(
      only.consultants.slice(0, 100).map((c) => c.id),
    );
    // Favourites matching the filters, in the list's order.
    const canada = await consultants('region=Canada&limit=100');
    const all = await allConsultants('region=Canada');
    const favorites = all.filter((c) => c.isFavorite).map((c) => c.id);
    expect(canada.totalFavorite).toBe(favorites.length);
    expect(canada.favoriteConsultants.map((c) => c.id)).toEqual(favorites.slice(0, 100));

    const off = await post(
      '/api/users/favorite-consultant',
      { consultantId: id },
      tokens.franchisor,
    );
    expect(off.body).toEqual({ isFavorite: false, total: before.totalFavorite });
    expect((await consultants('q=favoritus')).consultants[0]?.isFavorite).toBe(false);
  });

  it('stays consistent under concurrent toggles', async () => {
    const id = await nameConsultant('Concurrentia');
    const toggle = () =>
      post('/api/users/favorite-consultant', { consultantId: id }, tokens.franchisor);
    const rows = async () =>
      (
        await db().all<{ n: number }>(
          sql`select count(*) as n from favorite f join "user" u on u.id = f.user_id
              where f.target_user_id = ${id} and u.email = ${DEMO_ACCOUNTS.franchisor.email}`,
        )
      )[0]?.n;
    const before = await rows();
    const even = await Promise.all(Array.from({ length: 6 }, toggle));
    expect(even.every((r) => r.status === 200)).toBe(true);
    expect(await rows()).toBe(before);
    const odd = await Promise.all(Array.from({ length: 5 }, toggle));
    expect(odd.every((r) => r.status === 200)).toBe(true);
    expect(await rows()).toBe(before === 0 ? 1 : 0);
    // Serialised toggles alternate: 3 of 5 land on the side the first one went to.
    const first = before === 0;
    expect(odd.filter((r) => r.body.isFavorite === first)).toHaveLength(3);
  });

  it('refuses wrong roles, unknown or hidden targets and bad bodies', async () => {
    const hidden = await nameConsultant('Hiddenia');
    await db().run(sql`update "user" set status = 0 where id = ${hidden}`);
    expect(
      (await post('/api/users/favorite-consultant', { consultantId: hidden }, tokens.franchisor))
        .body,
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (await post('/api/users/favorite-consultant', { consultantId: 'nobody' }, tokens.admin))
        .status,
    ).toBe(404);
    expect(
      (await post('/api/users/favorite-consultant', { consultantId: hidden }, tokens.consultant))
        .status,
    ).toBe(403);
    expect(
      (await post('/api/users/favorite-franchisor', { franchisorId: 'x' }, tokens.franchisor))
        .status,
    ).toBe(403);
    expect((await post('/api/users/favorite-consultant', {}, tokens.franchisor)).status).toBe(400);
    const franchise = (await franchisors('')).franchisees[0];
    expect(
      (await post('/api/users/favorite-franchisor', { franchisorId: hidden }, tokens.consultant))
        .status,
    ).toBe(404);
    expect(franchise).toBeDefined();
  });

  it('toggles a franchise by its card id', async () => {
    const before = await franchisors('');
    const card = before.franchisees.find((f) => !f.isFavorite);
    if (!card) throw new Error('no card');
    const on = await post(
      '/api/users/favorite-franchisor',
      { franchisorId: card.id },
      tokens.consultant,
    );
    expect(on.body).toEqual({ isFavorite: true, total: before.favoriteTotal + 1 });
    const only = await allFranchisors('favoritesOnly=true');
    expect(only.map((f) => f.id)).toContain(card.id);
    expect(only.every((f) => f.isFavorite)).toBe(true);
    const listed = await franchisors(`q=${encodeURIComponent(card.franchise.company)}&limit=100`);
    expect(listed.franchisees.find((f) => f.id === card.id)?.isFavorite).toBe(true);
    const off = await post(
      '/api/users/favorite-franchisor',
      { franchisorId: card.id },
      tokens.consultant,
    );
    expect(off.body).toEqual({ isFavorite: false, total: before.favoriteTotal });
  });
});

// --- franchisors -------------------------------------------------------------------------------

describe('franchisor search', () => {
  it('shows one card per visible franchise, represented by its billing contact or earliest member', async () => {
    const expected = await visibleFranchises();
    const items = await allFranchisors('sort=name_asc');
    expect(items.map((i) => i.franchise.id).sort()).toEqual(expected.map((f) => f.id).sort());
    const cards = new Map(expected.map((f) => [f.id, f.cardId]));
    for (const item of items) expect(item.id).toBe(cards.get(item.franchise.id));
    const companies = items.map((i) => i.franchise.company.toLowerCase());
    expect(companies).toEqual([...companies].sort());
  });

  it('follows member and franchise changes at once', async () => {
    const members = await db().all<{ franchiseId: string; n: number }>(sql`
      select franchise_id as franchiseId, count(*) as n from "user"
      where role = 'franchisor' and is_verified = 1 and status = 1 and is_deleted = 0
        and is_deactivated = 0 and franchise_id is not null
      group by franchise_id having n >= 2`);
    const franchise = (await visibleFranchises()).find((f) =>
      members.some((m) => m.franchiseId === f.id),
    );
    if (!franchise) throw new Error('no franchise with two members');
    const card = async () =>
      (await allFranchisors('sort=name_asc')).find((i) => i.franchise.id === franchise.id);
    expect((await card())?.id).toBe(franchise.cardId);
    await db().run(sql`update "user" set status = 0 where id = ${franchise.cardId}`);
    const next = await card();
    expect(next?.id).toBeDefined();
    expect(next?.id).not.toBe(franchise.cardId);
    await db().run(sql`update "user" set status = 1 where id = ${franchise.cardId}`);
    expect((await card())?.id).toBe(franchise.cardId);
    await db().run(sql`update franchise set status = 0 where id = ${franchise.id}`);
    expect(await card()).toBeUndefined();
    await db().run(
      sql`update franchise set status = 1, overview = 'Wombat-friendly territories' where id = ${franchise.id}`,
    );
    expect((await franchisors('q=wombat')).franchisees.map((f) => f.franchise.id)).toEqual([
      franchise.id,
    ]);
    await db().run(sql`update "user" set is_deactivated = 1 where franchise_id = ${franchise.id}`);
    expect(await card()).toBeUndefined();
    await db().run(sql`update "user" set is_deactivated = 0 where franchise_id = ${franchise.id}`);
    expect((await card())?.id).toBe(franchise.cardId);
  });

  it('applies every franchise filter', async () => {
    const all = await visibleFranchises();
    const check = async (query: string, keep: (f: Franchise) => boolean) => {
      const expected = all
        .filter(keep)
        .map((f) => f.id)
        .sort();
      expect(expected.length, `${query} should match some franchise`).toBeGreaterThan(0);
      const items = await allFranchisors(query);
      expect(items.map((i) => i.franchise.id).sort(), query).toEqual(expected);
    };
    await check('category=Senior%20Care&category=Fitness', (f) =>
      ['Senior Care', 'Fitness'].some((c) => f.categories.has(c)),
    );
    await check('state=TX&state=ON', (f) => f.states.has('TX') || f.states.has('ON'));
    await check('country=Canada', (f) => f.country === 'Canada');
    await check(
      'sbaEligible=true&homeBased=true',
      (f) => f.flags.sbaEligible === 1 && f.flags.homeBased === 1,
    );
    for (const flag of FRANCHISE_FILTER_FLAGS) {
      await check(`${flag}=true`, (f) => f.flags[flag] === 1);
    }
    await check(
      'netWorth=500000',
      (f) => f.minNetWorthCents !== null && f.minNetWorthCents <= 50_000_000,
    );
    await check('franchiseFeeMax=40000', (f) => f.feeCents !== null && f.feeCents <= 4_000_000);
    // Investment ranges: [min, max) overlapping the franchise's cash range.
    for (const range of INVESTMENT_RANGES.filter((r) => r.value !== 'any')) {
      await check(`investment=${range.value}`, (f) => {
        const cash = cashRange(f);
        if (!cash) return false;
        return (
          (range.max === null || cash.low < range.max * 100) &&
          (range.min === null || cash.high >= range.min * 100)
        );
      });
    }
    expect((await allFranchisors('investment=any')).length).toBe(all.length);
    // Cash modes.
    await check('cashMode=range&cashMin=100000&cashMax=150000', (f) => {
      const cash = cashRange(f);
      return cash !== null && cash.low <= 15_000_000 && cash.high >= 10_000_000;
    });
    await check('cashMin=100000&cashMax=150000', (f) => {
      const cash = cashRange(f);
      return cash !== null && cash.low <= 15_000_000 && cash.high >= 10_000_000;
    });
    await check('cashMode=less&cashMin=999999&cashMax=60000', (f) => {
      const cash = cashRange(f);
      return cash !== null && cash.low <= 6_000_000;
    });
    await check('cashMode=more&cashMin=500000&cashMax=1', (f) => {
      const cash = cashRange(f);
      return cash !== null && cash.high >= 50_000_000;
    });
    await check(
      'category=Senior%20Care&category=Home%20Services&country=USA&sbaEligible=true&investment=gt400k',
      (f) => {
        const cash = cashRange(f);
        return (
          (f.categories.has('Senior Care') || f.categories.has('Home Services')) &&
          f.country === 'USA' &&
          f.flags.sbaEligible === 1 &&
          cash !== null &&
          cash.high >= 40_000_000
        );
      },
    );
  });

  it('sorts by investment and units, and searches brand and texts', async () => {
    const asc = (await allFranchisors('sort=investment_asc')).map(
      (i) => i.franchise.cashRequiredMin ?? i.franchise.cashRequiredMax ?? Number.POSITIVE_INFINITY,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const units = (await allFranchisors('sort=units_desc')).map(
      (i) => i.franchise.franchisedUnits ?? -1,
    );
    expect(units).toEqual([...units].sort((a, b) => b - a));
    const all = await visibleFranchises();
    const target = all[3];
    if (!target) throw new Error('no franchise');
    const word = target.company.split(/\s+/)[0] ?? '';
    const found = await allFranchisors(`q=${encodeURIComponent(word)}`);
    expect(found.map((f) => f.franchise.id)).toContain(target.id);
    const top = found[0];
    expect(top?.franchise.company.toLowerCase()).toContain(word.toLowerCase());
    // Categories are searchable text.
    const care = await allFranchisors('q=senior%20car');
    expect(care.length).toBeGreaterThan(0);
  });
});

// --- filters -----------------------------------------------------------------------------------

describe('GET /api/users/filters', () => {
  it('lists every option with counts over visible profiles', async () => {
    const { status, body } = await call('/api/users/filters', tokens.consultant);
    expect(status).toBe(200);
    const filters = v.parse(SearchFiltersSchema, body);
    const consultantsNow = await visibleConsultants();
    expect(filters.consultants.industries.map((i) => i.value)).toEqual([...INDUSTRY_SPECIALTIES]);
    for (const { value, count } of filters.consultants.industries) {
      expect(count, value).toBe(consultantsNow.filter((c) => c.industries.has(value)).length);
    }
    expect(filters.consultants.experience.map((e) => e.label)).toEqual(
      EXPERIENCE_LEVELS.map((e) => e.label),
    );
    for (const { value, count } of filters.consultants.experience) {
      expect(count).toBe(consultantsNow.filter((c) => c.experience === value).length);
    }
    const rates = consultantsNow.flatMap((c) => (c.rateCents === null ? [] : [c.rateCents / 100]));
    expect(filters.consultants.rate).toEqual({ min: Math.min(...rates), max: Math.max(...rates) });
    expect(filters.consultants.countries.reduce((n, c) => n + c.count, 0)).toBe(
      consultantsNow.filter((c) => c.country !== null).length,
    );

    const franchisesNow = await visibleFranchises();
    expect(filters.franchisors.states.map((s) => s.value)).toEqual([...STATE_CODES]);
    for (const { value, count } of filters.franchisors.states) {
      expect(count, value).toBe(franchisesNow.filter((f) => f.states.has(value)).length);
    }
    for (const { value, count } of filters.franchisors.flags) {
      expect(count, value).toBe(franchisesNow.filter((f) => f.flags[value] === 1).length);
    }
    for (const { value, count } of filters.franchisors.investmentRanges) {
      expect(count, value).toBe((await allFranchisors(`investment=${value}`)).length);
    }
    expect(filters.franchisors.countries.map((c) => c.value)).toEqual(['USA', 'Canada']);
  });
});
