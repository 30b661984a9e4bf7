import {
  COUNTRIES,
  type Country,
  FRANCHISE_FILTER_FLAGS,
  type FranchiseFilterFlag,
  type FranchisorListItem,
  type FranchisorSearchParams,
  type FranchisorSearchResult,
  type FranchisorSort,
  INVESTMENT_RANGES,
  type InvestmentRange,
  STATE_CODES,
} from '@fm/sdk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { centsToDollars, dollarsToCents } from '../../money/cents.ts';
import { queryWords, tagExpression, textExpression, textPhrases } from './fts-query.ts';
import type { ListReader } from './list-reader.ts';
import { vocabToken } from './projection.ts';
import type { RankedListCache } from './ranked-list.ts';
import {
  jsonRows,
  knownValues,
  type ListQuery,
  listQuery,
  nullableBool,
  ridIn,
  type SearchSide,
  searchCards,
} from './search-runner.ts';

const SIDE: SearchSide = {
  table: 'franchise_search',
  fts: 'franchise_fts',
  epoch: 'franchise_epoch',
  /** bm25 weights: the brand name weighs most, then categories, the overview, the long texts. */
  bm25: 'bm25(franchise_fts, 10.0, 5.0, 2.0, 1.0, 0.0)',
  numbers: [],
};
const TEXT_COLUMNS = ['company', 'categories', 'overview', 'details'] as const;

/**
 * A franchise's cash-required range with a missing end taken from the other end; a franchise
 * with neither figure has no range and matches no cash or investment filter.
 */
const CASH_LOW = 'coalesce(s.cash_min_cents, s.cash_max_cents)';
const CASH_HIGH = 'coalesce(s.cash_max_cents, s.cash_min_cents)';

/** Every order ends with the rowid, so equal keys keep one order and pages never overlap. */
const ORDERS: Record<Exclude<FranchisorSort, 'relevance'>, string> = {
  name_asc: 's.company_key, s.rid',
  investment_asc: `${CASH_LOW} is null, ${CASH_LOW}, s.company_key, s.rid`,
  // NULL sorts lowest in SQLite: DESC puts franchises without figures last.
  investment_desc: `${CASH_HIGH} desc, s.company_key, s.rid`,
  units_desc: 's.franchised_units desc, s.company_key, s.rid',
  newest: 's.created_at desc, s.rid desc',
};

/** The projection column of each filter flag. */
export const FLAG_COLUMNS: Record<FranchiseFilterFlag, string> = {
  sbaEligible: 'sba_eligible',
  e2VisaFriendly: 'e2_visa_friendly',
  veteranDiscount: 'veteran_discount',
  homeBased: 'home_based',
  absenteeModel: 'absentee_model',
  semiAbsenteeModel: 'semi_absentee_model',
  b2b: 'b2b',
  masterFranchiseOpportunities: 'master_franchise_opportunities',
};

/**
 * The investment filter's rule. A chosen range is half-open, [min, max) in dollars ("Less than
 * $200,000" is [0, 200,000), "$200,000 - $300,000" is [200,000, 300,000), "More than $400,000" is
 * [400,000, ∞)), so every amount belongs to exactly one range. A franchise matches when its
 * cash-required range [low, high] overlaps the chosen one: low < max and high ≥ min. "Any" does
 * not filter. `GET /api/users/filters` counts the ranges by the same rule.
 * @returns the SQL condition, or null for "any"
 */
export function investmentCondition(value: InvestmentRange): SQL | null {
  const range = INVESTMENT_RANGES.find((r) => r.value === value);
  if (!range || (range.min === null && range.max === null)) return null;
  const parts: SQL[] = [sql.raw(`${CASH_LOW} is not null`)];
  if (range.max !== null) parts.push(sql`${sql.raw(CASH_LOW)} < ${dollarsToCents(range.max)}`);
  if (range.min !== null) parts.push(sql`${sql.raw(CASH_HIGH)} >= ${dollarsToCents(range.min)}`);
  return sql.join(parts, sql` and `);
}

/**
 * The cash-required filter (user-area §5 modes), bounds inclusive, in dollars:
 * - `range`: the franchise's range overlaps [cashMin, cashMax] (a missing bound is open);
 * - `less` (0..cashMax): the franchise's low end is at most cashMax;
 * - `more` (cashMin..∞): the franchise's high end is at least cashMin.
 * Without a mode, given bounds mean `range`. A mode without its bound does not filter.
 */
export function cashCondition(
  params: Pick<FranchisorSearchParams, 'cashMode' | 'cashMin' | 'cashMax'>,
): SQL | null {
  const mode = params.cashMode ?? 'range';
  const upper = mode === 'more' ? undefined : params.cashMax;
  const lower = mode === 'less' ? undefined : params.cashMin;
  const parts: SQL[] = [];
  if (upper !== undefined) parts.push(sql`${sql.raw(CASH_LOW)} <= ${dollarsToCents(upper)}`);
  if (lower !== undefined) parts.push(sql`${sql.raw(CASH_HIGH)} >= ${dollarsToCents(lower)}`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : null;
}

/**
 * The statement and cache key of a franchisor search. Categories, states, the country and the
 * flags run in FTS5 over tag tokens (OR within a list, AND across filters); money on the columns.
 * Numeric filters never match a franchise that lacks the figure.
 */
export function franchisorListQuery(params: FranchisorSearchParams): ListQuery {
  const words = queryWords(params.q);
  const flags = FRANCHISE_FILTER_FLAGS.filter((f) => params[f] === true);
  const text = textExpression(words, TEXT_COLUMNS);
  const tags = [
    tagExpression((params.category ?? []).map((v) => vocabToken('industry', v))),
    tagExpression(params.country ? [vocabToken('country', params.country)] : []),
    tagExpression((params.state ?? []).map((v) => vocabToken('state', v))),
    ...flags.map((f) => tagExpression([vocabToken('flag', f)])),
  ].filter((expression): expression is string => expression !== null);
  const ranked = params.sort === 'relevance' && words.length > 0;
  // Relevance without text: the brand name.
  const order = ORDERS[params.sort === 'relevance' ? 'name_asc' : params.sort];

  const conditions: SQL[] = [];
  const filters: Record<string, unknown> = {};
  if (params.investment) {
    const condition = investmentCondition(params.investment);
    if (condition) {
      filters.investment = params.investment;
      conditions.push(condition);
    }
  }
  const cash = cashCondition(params);
  if (cash) {
    filters.cash = [params.cashMode ?? 'range', params.cashMin, params.cashMax];
    conditions.push(cash);
  }
  if (params.netWorth !== undefined) {
    filters.netWorth = dollarsToCents(params.netWorth);
    conditions.push(sql`s.min_net_worth_cents <= ${filters.netWorth}`);
  }
  if (params.franchiseFeeMax !== undefined) {
    filters.fee = dollarsToCents(params.franchiseFeeMax);
    conditions.push(sql`s.fee_cents <= ${filters.fee}`);
  }
  const phrases = textPhrases(words, TEXT_COLUMNS);
  return listQuery({
    side: SIDE,
    text,
    phrases,
    tags,
    ranked,
    conditions,
    filters,
    memory: null,
    order,
  });
}

interface FranchiseRow {
  rid: number;
  repUserId: string;
  repFirstName: string | null;
  repLastName: string | null;
  repPhoto: string | null;
  franchiseId: string;
  company: string;
  logo: string | null;
  country: string | null;
  overview: string | null;
  categories: unknown;
  states: unknown;
  minNetWorthCents: number | null;
  cashMinCents: number | null;
  cashMaxCents: number | null;
  feeCents: number | null;
  franchisedUnits: number | null;
  established: number | null;
  flags: Record<FranchiseFilterFlag, number | null>;
}

/** The columns of a franchise card as a JSON object (see `jsonRows`). */
export const FRANCHISE_CARD_JSON = sql.raw(`json_object(
  'rid', s.rid, 'repUserId', s.rep_user_id, 'repFirstName', s.rep_first_name,
  'repLastName', s.rep_last_name, 'repPhoto', s.rep_photo, 'franchiseId', s.franchise_id,
  'company', s.company, 'logo', s.logo, 'country', s.country, 'overview', f.overview,
  'categories', json(s.categories), 'states', json(s.states),
  'minNetWorthCents', s.min_net_worth_cents, 'cashMinCents', s.cash_min_cents,
  'cashMaxCents', s.cash_max_cents, 'feeCents', s.fee_cents,
  'franchisedUnits', s.franchised_units, 'established', s.established,
  'flags', json_object(${FRANCHISE_FILTER_FLAGS.map((f) => `'${f}', s.${FLAG_COLUMNS[f]}`).join(', ')}))`);

async function franchiseRows(db: Db, rids: number[]): Promise<FranchiseRow[]> {
  if (rids.length === 0) return [];
  return jsonRows<FranchiseRow>(
    db,
    sql`select json_group_array(${FRANCHISE_CARD_JSON})
        from franchise_search s left join franchise f on f.id = s.franchise_id
        where s.rep_user_id is not null and ${ridIn(sql`s.rid`, rids)}`,
  );
}

const country = (value: string | null): Country | null =>
  COUNTRIES.includes(value as Country) ? (value as Country) : null;

/** A franchise card, represented by its franchisor user; money in dollars. */
export function toFranchisorItem(row: FranchiseRow, isFavorite: boolean): FranchisorListItem {
  return {
    id: row.repUserId,
    firstName: row.repFirstName ?? '',
    lastName: row.repLastName ?? '',
    profilePhoto: row.repPhoto,
    franchise: {
      id: row.franchiseId,
      company: row.company,
      logo: row.logo,
      country: country(row.country),
      overview: row.overview,
      categories: Array.isArray(row.categories)
        ? row.categories.filter((c): c is string => typeof c === 'string')
        : [],
      statesRegisteredIn: knownValues(row.states, STATE_CODES),
      minNetWorth: centsToDollars(row.minNetWorthCents),
      cashRequiredMin: centsToDollars(row.cashMinCents),
      cashRequiredMax: centsToDollars(row.cashMaxCents),
      franchiseFee: centsToDollars(row.feeCents),
      franchisedUnits: row.franchisedUnits,
      established: row.established,
      ...(Object.fromEntries(
        FRANCHISE_FILTER_FLAGS.map((f) => [f, nullableBool(row.flags[f])]),
      ) as Record<FranchiseFilterFlag, boolean | null>),
    },
    isFavorite,
  };
}

/**
 * The viewer's favourite franchises as projection rowids: a favourite names a franchisor user and
 * stands for that user's franchise, so it follows the franchise when its representative changes.
 */
export const favoriteFranchisesSql = (viewerId: string) =>
  sql`select group_concat(s.rid) from favorite f
        join "user" u on u.id = f.target_user_id
        join franchise_search s on s.franchise_id = u.franchise_id
      where f.user_id = ${viewerId}`;

/**
 * `GET /api/users?role=franchisor`: one card per visible franchise matching the filters, plus the
 * viewer's favourites among them.
 */
export async function searchFranchisors(
  deps: { db: Db; lists: ListReader; cache: RankedListCache },
  viewerId: string,
  params: FranchisorSearchParams,
): Promise<FranchisorSearchResult> {
  const cards = await searchCards(deps, {
    viewer: sql`select (select franchise_epoch from search_state where id = 1) as epoch,
          (${favoriteFranchisesSql(viewerId)}) as favorites`,
    query: franchisorListQuery(params),
    params,
    rows: async (rids) => new Map((await franchiseRows(deps.db, rids)).map((r) => [r.rid, r])),
    toItem: toFranchisorItem,
  });
  return {
    total: cards.total,
    favoriteTotal: cards.favoriteTotal,
    franchisees: cards.page,
    favoriteFranchisees: cards.favorites,
    page: params.page,
    limit: params.limit,
  };
}
