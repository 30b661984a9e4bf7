import {
  type FranchisorListItem,
  type IndustrySpecialty,
  type InvestmentRange,
  STATE_CODES,
  type StateCode,
  type TerritoryStats,
} from '@fm/sdk/contracts';
import { and, asc, count, eq, exists, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type AnySQLiteColumn, alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client.ts';
import {
  consultantIndustry,
  consultantProfile,
  consultantRegion,
  favorite,
  franchise,
  franchiseCategory,
  franchiseState,
  user,
} from '../../db/schema/index.ts';
import { franchiseCardOf } from '../franchises/franchise-card.ts';
import { cashFitsRangeSql } from './investment.ts';
import { PLACES, placeOf, REGION_OF_COUNTRY } from './places.ts';

export interface TerritoryFilters {
  category?: IndustrySpecialty | undefined;
  investment?: InvestmentRange | undefined;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(STATE_CODES);
const isStateCode = (code: string): code is StateCode => KNOWN_CODES.has(code);

/** Visible and verified: what a public profile or a search result may show. */
const visibleAccount = (
  u: Record<'isVerified' | 'status' | 'isDeleted' | 'isDeactivated', AnySQLiteColumn>,
) =>
  and(
    eq(u.isVerified, true),
    eq(u.status, true),
    eq(u.isDeleted, false),
    eq(u.isDeactivated, false),
  );

const billingMember = alias(user, 'billing_member');
const earliestMember = alias(user, 'earliest_member');
const anyMember = alias(user, 'any_member');

/**
 * The franchisor user standing for a franchise on a card: its billing contact when visible, else its
 * earliest-created visible member; null when no member is visible (then the brand is not shown).
 */
function representativeOf(db: Db): SQL<string | null> {
  const billing = db
    .select({ id: billingMember.id })
    .from(billingMember)
    .where(
      and(
        eq(billingMember.id, franchise.billingContactUserId),
        eq(billingMember.franchiseId, franchise.id),
        eq(billingMember.role, 'franchisor'),
        visibleAccount(billingMember),
      ),
    );
  const earliest = db
    .select({ id: earliestMember.id })
    .from(earliestMember)
    .where(
      and(
        eq(earliestMember.franchiseId, franchise.id),
        eq(earliestMember.role, 'franchisor'),
        visibleAccount(earliestMember),
      ),
    )
    .orderBy(asc(earliestMember.createdAt), asc(earliestMember.id))
    .limit(1);
  return sql<string | null>`coalesce((${billing}), (${earliest}))`;
}

/**
 * Conditions on `franchise` for a brand Territory Scout shows: visible (not deleted, not
 * deactivated, status on), with at least one visible verified franchisor user, in the category and
 * investment range when chosen.
 */
function visibleBrand(db: Db, filters: TerritoryFilters): SQL | undefined {
  const member = db
    .select({ one: sql`1` })
    .from(anyMember)
    .where(
      and(
        eq(anyMember.franchiseId, franchise.id),
        eq(anyMember.role, 'franchisor'),
        visibleAccount(anyMember),
      ),
    );
  return and(
    eq(franchise.isDeleted, false),
    eq(franchise.isDeactivated, false),
    eq(franchise.status, true),
    exists(member),
    filters.category
      ? exists(
          db
            .select({ one: sql`1` })
            .from(franchiseCategory)
            .where(
              and(
                eq(franchiseCategory.franchiseId, franchise.id),
                eq(franchiseCategory.category, filters.category),
              ),
            ),
        )
      : undefined,
    cashFitsRangeSql(filters.investment),
  );
}

/** Visible verified consultants, specialised in the category when one is chosen. */
function visibleConsultant(db: Db, category: IndustrySpecialty | undefined): SQL | undefined {
  return and(
    eq(user.role, 'consultant'),
    visibleAccount(user),
    category
      ? exists(
          db
            .select({ one: sql`1` })
            .from(consultantIndustry)
            .where(
              and(eq(consultantIndustry.userId, user.id), eq(consultantIndustry.value, category)),
            ),
        )
      : undefined,
  );
}

/**
 * Brands registered and consultants covering every state and province, in three grouped queries.
 * A consultant covers a state when their regions include its country ('USA' or 'Canada'), or when
 * their own state/province is that state; each consultant counts once per state.
 */
export async function territoryStats(db: Db, filters: TerritoryFilters): Promise<TerritoryStats> {
  const tagged = (region: 'USA' | 'Canada') => {
    const tag = alias(consultantRegion, `${region.toLowerCase()}_tag`);
    return sql<number>`${exists(
      db
        .select({ one: sql`1` })
        .from(tag)
        .where(and(eq(tag.userId, user.id), eq(tag.value, region))),
    )}`;
  };
  const hasUsa = tagged('USA');
  const hasCanada = tagged('Canada');
  const [brandRows, regionRows, homeRows] = await Promise.all([
    db
      .select({
        code: franchiseState.stateCode,
        brands: sql<number>`count(distinct ${franchise.id})`,
      })
      .from(franchiseState)
      .innerJoin(franchise, eq(franchise.id, franchiseState.franchiseId))
      .where(visibleBrand(db, filters))
      .groupBy(franchiseState.stateCode),
    db
      .select({ region: consultantRegion.value, consultants: count() })
      .from(consultantRegion)
      .innerJoin(user, eq(user.id, consultantRegion.userId))
      .where(
        and(
          inArray(consultantRegion.value, Object.values(REGION_OF_COUNTRY)),
          visibleConsultant(db, filters.category),
        ),
      )
      .groupBy(consultantRegion.value),
    db
      .select({
        place: consultantProfile.stateProvince,
        hasUsa,
        hasCanada,
        consultants: count(),
      })
      .from(consultantProfile)
      .innerJoin(user, eq(user.id, consultantProfile.userId))
      .where(
        and(isNotNull(consultantProfile.stateProvince), visibleConsultant(db, filters.category)),
      )
      .groupBy(consultantProfile.stateProvince, hasUsa, hasCanada),
  ]);

  const brands = new Map(brandRows.map((r) => [r.code, Number(r.brands)]));
  const byRegion = new Map(regionRows.map((r) => [r.region, Number(r.consultants)]));
  const locals = new Map<StateCode, number>();
  for (const row of homeRows) {
    const place = placeOf(row.place);
    if (!place) continue;
    // Those tagged with the country's region are already counted for every state of it.
    const covered =
      place.country === 'USA' ? Number(row.hasUsa) === 1 : Number(row.hasCanada) === 1;
    if (covered) continue;
    locals.set(place.code, (locals.get(place.code) ?? 0) + Number(row.consultants));
  }

  const states = PLACES.map((place) => ({
    code: place.code,
    country: place.country,
    brands: brands.get(place.code) ?? 0,
    consultants:
      (byRegion.get(REGION_OF_COUNTRY[place.country]) ?? 0) + (locals.get(place.code) ?? 0),
  }));
  return {
    states,
    maxBrands: Math.max(0, ...states.map((s) => s.brands)),
    maxConsultants: Math.max(0, ...states.map((s) => s.consultants)),
  };
}

/** One state's matching brands, by company, with the viewer's favourites among them. */
export async function territoryBrands(
  db: Db,
  input: TerritoryFilters & { code: StateCode; viewerId: string; page: number; limit: number },
) {
  const representative = representativeOf(db);
  const [matches, favorites] = await Promise.all([
    db
      .select({ id: franchise.id, representative })
      .from(franchise)
      .where(
        and(
          visibleBrand(db, input),
          exists(
            db
              .select({ one: sql`1` })
              .from(franchiseState)
              .where(
                and(
                  eq(franchiseState.franchiseId, franchise.id),
                  eq(franchiseState.stateCode, input.code),
                ),
              ),
          ),
        ),
      )
      .orderBy(sql`${franchise.company} collate nocase`, asc(franchise.company), asc(franchise.id)),
    db
      .select({ target: favorite.targetUserId })
      .from(favorite)
      .where(eq(favorite.userId, input.viewerId)),
  ]);
  const favoriteIds = new Set(favorites.map((f) => f.target));
  const shown = matches.flatMap((m) =>
    m.representative ? [{ id: m.id, representative: m.representative }] : [],
  );
  const favoriteMatches = shown.filter((m) => favoriteIds.has(m.representative));
  const pageMatches = shown.slice((input.page - 1) * input.limit, input.page * input.limit);
  const cards = await loadCards(db, [...pageMatches, ...favoriteMatches], favoriteIds);
  // A brand changed between the two reads is left out rather than failing the whole list.
  const cardsOf = (list: { id: string }[]) =>
    list.flatMap((m) => {
      const card = cards.get(m.id);
      return card ? [card] : [];
    });
  return {
    total: shown.length,
    favoriteTotal: favoriteMatches.length,
    franchisees: cardsOf(pageMatches),
    favoriteFranchisees: cardsOf(favoriteMatches),
    page: input.page,
    limit: input.limit,
  };
}

/** The cards of some franchises, each represented by the given franchisor user. */
async function loadCards(
  db: Db,
  matches: readonly { id: string; representative: string }[],
  favoriteIds: ReadonlySet<string>,
): Promise<Map<string, FranchisorListItem>> {
  const cards = new Map<string, FranchisorListItem>();
  if (matches.length === 0) return cards;
  const ids = [...new Set(matches.map((m) => m.id))];
  const userIds = [...new Set(matches.map((m) => m.representative))];
  const [rows, categories, states, people] = await Promise.all([
    db.select().from(franchise).where(inArray(franchise.id, ids)),
    db
      .select({ id: franchiseCategory.franchiseId, value: franchiseCategory.category })
      .from(franchiseCategory)
      .where(inArray(franchiseCategory.franchiseId, ids)),
    db
      .select({ id: franchiseState.franchiseId, value: franchiseState.stateCode })
      .from(franchiseState)
      .where(inArray(franchiseState.franchiseId, ids)),
    db
      .select({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        profilePhoto: user.profilePhoto,
      })
      .from(user)
      .where(inArray(user.id, userIds)),
  ]);
  const group = (list: { id: string; value: string }[]) => {
    const out = new Map<string, string[]>();
    for (const { id, value } of list) out.set(id, [...(out.get(id) ?? []), value]);
    for (const values of out.values()) values.sort();
    return out;
  };
  const categoriesOf = group(categories);
  const statesOf = group(states);
  const franchiseById = new Map(rows.map((r) => [r.id, r]));
  const personById = new Map(people.map((p) => [p.id, p]));
  for (const match of matches) {
    const row = franchiseById.get(match.id);
    const person = personById.get(match.representative);
    if (!row || !person) continue;
    cards.set(match.id, {
      ...franchiseCardOf(person, row, {
        overview: row.overview,
        categories: categoriesOf.get(row.id) ?? [],
        statesRegisteredIn: (statesOf.get(row.id) ?? []).filter(isStateCode),
      }),
      isFavorite: favoriteIds.has(person.id),
    });
  }
  return cards;
}
