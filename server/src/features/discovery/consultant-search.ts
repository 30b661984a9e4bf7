import {
  BROKER_GROUPS,
  CANADIAN_PROVINCES,
  type ConsultantListItem,
  type ConsultantSearchParams,
  type ConsultantSearchResult,
  type ConsultantSort,
  EXPERIENCE_LEVEL_VALUES,
  type ExperienceLevel,
  INDUSTRY_SPECIALTIES,
  REGIONS,
  US_STATES,
} from '@fm/sdk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { centsToDollars, dollarsToCents } from '../../money/cents.ts';
import { queryWords, tagExpression, textExpression, textPhrases } from './fts-query.ts';
import type { ListReader } from './list-reader.ts';
import { experienceToken, vocabToken } from './projection.ts';
import type { RankedListCache } from './ranked-list.ts';
import {
  jsonRows,
  knownValues,
  type ListQuery,
  listQuery,
  ridIn,
  type SearchSide,
  searchCards,
} from './search-runner.ts';

const SIDE: SearchSide = {
  table: 'consultant_search',
  fts: 'consultant_fts',
  epoch: 'consultant_epoch',
  /** bm25 weights per FTS column: names weigh most, then the company, then the bio; tags nothing. */
  bm25: 'bm25(consultant_fts, 10.0, 10.0, 5.0, 1.0, 0.0)',
  numbers: ['rate_cents'],
};
const TEXT_COLUMNS = ['first_name', 'last_name', 'company', 'bio'] as const;

/** Every order ends with the rowid, so equal keys keep one order and pages never overlap. */
const ORDERS: Record<Exclude<ConsultantSort, 'relevance'>, string> = {
  // NULL sorts lowest in SQLite: DESC puts consultants without a rating or rate last.
  rating_desc: 's.rating_avg desc, s.rating_count desc, s.name_key, s.rid',
  rate_asc: 's.rate_cents is null, s.rate_cents, s.name_key, s.rid',
  rate_desc: 's.rate_cents desc, s.name_key, s.rid',
  experience_desc: 's.experience desc, s.rating_avg desc, s.name_key, s.rid',
  newest: 's.created_at desc, s.rid desc',
  name_asc: 's.name_key, s.rid',
};

const STATES = [...US_STATES, ...CANADIAN_PROVINCES];

/**
 * The keys a `state` filter matches: a known state or province matches by its code and by its
 * name (whichever the profile stores), anything else as typed; all case-insensitive.
 * @example stateKeys('texas') // ['tx', 'texas']
 */
export function stateKeys(state: string): string[] {
  const typed = state.trim().toLowerCase();
  const known = STATES.find(
    (s) => s.code.toLowerCase() === typed || s.name.toLowerCase() === typed,
  );
  return known ? [known.code.toLowerCase(), known.name.toLowerCase()] : [typed];
}

/**
 * The statement and cache key of a consultant search (filters and sort; not paging, not viewer).
 * Lists are OR within a filter and AND across filters; list filters run in FTS5 over the tag
 * tokens, the rest on the projection's columns.
 */
export function consultantListQuery(params: ConsultantSearchParams): ListQuery {
  const words = queryWords(params.q);
  const text = textExpression(words, TEXT_COLUMNS);
  const tokens = [
    (params.industry ?? []).map((v) => vocabToken('industry', v)),
    (params.region ?? []).map((v) => vocabToken('region', v)),
    (params.group ?? []).map((v) => vocabToken('group', v)),
    (params.experience ?? []).map(experienceToken),
  ].filter((filter) => filter.length > 0);
  const tags = tokens.flatMap((filter) => tagExpression(filter) ?? []);
  const ranked = params.sort === 'relevance' && words.length > 0;
  // Relevance without text: rating, then review count, then name.
  const order = ORDERS[params.sort === 'relevance' ? 'rating_desc' : params.sort];

  // Text comparisons use SQLite's lower() on both sides (ASCII case folding), as the projection does.
  const conditions: SQL[] = [];
  const filters: Record<string, unknown> = {};
  if (params.rateMin !== undefined) {
    filters.rateMin = dollarsToCents(params.rateMin);
    conditions.push(sql`s.rate_cents >= ${filters.rateMin}`);
  }
  if (params.rateMax !== undefined) {
    filters.rateMax = dollarsToCents(params.rateMax);
    conditions.push(sql`s.rate_cents <= ${filters.rateMax}`);
  }
  if (params.country) {
    filters.country = params.country.toLowerCase();
    conditions.push(sql`s.country_key = lower(trim(${params.country}))`);
  }
  if (params.state) {
    const keys = stateKeys(params.state);
    filters.state = keys;
    conditions.push(
      sql`s.state_key in (select lower(value) from json_each(${JSON.stringify(keys)}))`,
    );
  }
  if (params.city) {
    filters.city = params.city.toLowerCase();
    // A prefix as a key range, so the city index serves it (U+10FFFF sorts after every character).
    conditions.push(
      sql`s.city_key >= lower(trim(${params.city})) and s.city_key < lower(trim(${params.city})) || char(1114111)`,
    );
  }
  // Tags and the rate bounds are tested in memory too (rate_cents is the side's number 0); the
  // place filters stay in SQL.
  const inMemory = !params.country && !params.state && !params.city;
  const memory = inMemory
    ? {
        tags: tokens,
        bounds:
          params.rateMin === undefined && params.rateMax === undefined
            ? []
            : [
                {
                  column: 0,
                  ...(params.rateMin === undefined ? {} : { min: dollarsToCents(params.rateMin) }),
                  ...(params.rateMax === undefined ? {} : { max: dollarsToCents(params.rateMax) }),
                },
              ],
      }
    : null;
  const phrases = textPhrases(words, TEXT_COLUMNS);
  return listQuery({ side: SIDE, text, phrases, tags, ranked, conditions, filters, memory, order });
}

interface ConsultantRow {
  rid: number;
  userId: string;
  firstName: string;
  lastName: string;
  profilePhoto: string | null;
  company: string | null;
  bio: string | null;
  experience: number | null;
  industries: unknown;
  regions: unknown;
  groups: unknown;
  country: string | null;
  stateProvince: string | null;
  city: string | null;
  rateCents: number | null;
  ratingAvg: number | null;
  ratingCount: number;
}

/**
 * The cards of `rids`: those kept at the request's epoch from the cache, the others read with the
 * epoch in one statement and kept when it is still the request's.
 */
async function consultantRows(
  db: Db,
  cache: RankedListCache,
  epoch: number,
  rids: number[],
): Promise<Map<number, ConsultantRow>> {
  const rows = cache.rows.get(epoch, rids) as Map<number, ConsultantRow>;
  const missing = rids.filter((rid) => !rows.has(rid));
  if (missing.length === 0) return rows;
  const [read] = await jsonRows<{ epoch: number; rows: ConsultantRow[] }>(
    db,
    sql`select json_array(json_object('epoch', (select consultant_epoch from search_state where id = 1),
          'rows', json_group_array(json_object(
          'rid', s.rid, 'userId', s.user_id, 'firstName', s.first_name, 'lastName', s.last_name,
          'profilePhoto', s.profile_photo, 'company', s.company, 'bio', p.bio,
          'experience', s.experience, 'industries', json(s.industries),
          'regions', json(s.regions), 'groups', json(s.groups), 'country', s.country,
          'stateProvince', s.state_province, 'city', s.city, 'rateCents', s.rate_cents,
          'ratingAvg', s.rating_avg, 'ratingCount', s.rating_count))))
        from consultant_search s left join consultant_profile p on p.user_id = s.user_id
        where ${ridIn(sql`s.rid`, missing)}`,
  );
  if (!read) return rows;
  for (const row of read.rows) rows.set(row.rid, row);
  cache.rows.put(
    read.epoch,
    read.rows.map((row) => [row.rid, row]),
  );
  return rows;
}

const experienceLevel = (value: number | null): ExperienceLevel | null =>
  EXPERIENCE_LEVEL_VALUES.includes(value as ExperienceLevel) ? (value as ExperienceLevel) : null;

/** A list card: dollars out, known enum values only, the rating rounded to one decimal. */
function toItem(row: ConsultantRow, isFavorite: boolean): ConsultantListItem {
  return {
    id: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    profilePhoto: row.profilePhoto,
    company: row.company,
    bio: row.bio,
    experienceLevel: experienceLevel(row.experience),
    industrySpecialty: knownValues(row.industries, INDUSTRY_SPECIALTIES),
    region: knownValues(row.regions, REGIONS),
    groups: knownValues(row.groups, BROKER_GROUPS),
    country: row.country,
    stateProvince: row.stateProvince,
    city: row.city,
    rate: centsToDollars(row.rateCents),
    averageRating: row.ratingAvg === null ? null : Math.round(row.ratingAvg * 10) / 10,
    reviewCount: row.ratingCount,
    isFavorite,
  };
}

/**
 * `GET /api/users?role=consultant`: one page of visible consultants matching the filters, plus the
 * viewer's favourites among them.
 */
export async function searchConsultants(
  deps: { db: Db; lists: ListReader; cache: RankedListCache },
  viewerId: string,
  params: ConsultantSearchParams,
): Promise<ConsultantSearchResult> {
  const cards = await searchCards(deps, {
    viewer: sql`select (select consultant_epoch from search_state where id = 1) as epoch,
          (select group_concat(s.rid) from favorite f
             join consultant_search s on s.user_id = f.target_user_id
           where f.user_id = ${viewerId}) as favorites`,
    query: consultantListQuery(params),
    params,
    rows: (rids, epoch) => consultantRows(deps.db, deps.cache, epoch, rids),
    toItem,
  });
  return {
    total: cards.total,
    totalFavorite: cards.favoriteTotal,
    consultants: cards.page,
    favoriteConsultants: cards.favorites,
    page: params.page,
    limit: params.limit,
  };
}
