import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool } from './columns.ts';

/**
 * The search projection (discovery): one narrow row per consultant and per franchise with every
 * filter and sort column denormalised, plus FTS5 indexes over them (created in a hand-written
 * migration with the triggers that keep all of it in sync with the base tables). Nothing writes
 * these tables but those triggers and `rebuildSearchIndex`: every write path stays in sync.
 * `rid` is an INTEGER PRIMARY KEY (the rowid), so the FTS rows can point at it.
 */
export const consultantSearch = sqliteTable(
  'consultant_search',
  {
    rid: integer('rid').primaryKey(),
    userId: text('user_id').notNull(),
    /** Verified, status true, neither deleted nor deactivated, with a consultant profile. */
    visible: bool('visible').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** lower("first last"): the name sort. */
    nameKey: text('name_key').notNull(),
    profilePhoto: text('profile_photo'),
    company: text('company'),
    rateCents: integer('rate_cents'),
    experience: integer('experience'),
    country: text('country'),
    countryKey: text('country_key'),
    stateProvince: text('state_province'),
    stateKey: text('state_key'),
    city: text('city'),
    cityKey: text('city_key'),
    /** JSON arrays of the known enum values, in the contract's order. */
    industries: text('industries').notNull().default('[]'),
    regions: text('regions').notNull().default('[]'),
    groups: text('groups').notNull().default('[]'),
    /** FTS tokens of the tag filters (`i3 r0 g5 e5`, see `search_vocab`). */
    tags: text('tags').notNull().default(''),
    ratingAvg: real('rating_avg'),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    /** Bumped when a text indexed but not kept here (the bio) changes: re-indexes the FTS row. */
    textRev: integer('text_rev').notNull().default(0),
  },
  (t) => [
    uniqueIndex('consultant_search_user_uq').on(t.userId),
    index('consultant_search_default_idx').on(
      t.visible,
      sql`${t.ratingAvg} desc`,
      sql`${t.ratingCount} desc`,
      t.nameKey,
      t.rid,
    ),
    index('consultant_search_rate_idx').on(t.visible, t.rateCents),
    index('consultant_search_state_idx').on(t.stateKey, t.visible),
    index('consultant_search_city_idx').on(t.cityKey, t.visible),
    index('consultant_search_country_idx').on(t.visible, t.country),
  ],
);

/** One row per franchise: the franchisor list shows one card per visible franchise. */
export const franchiseSearch = sqliteTable(
  'franchise_search',
  {
    rid: integer('rid').primaryKey(),
    franchiseId: text('franchise_id').notNull(),
    /** The franchise is visible and has at least one visible verified franchisor member. */
    visible: bool('visible').notNull(),
    /** The card's user: the billing contact if visible, else the earliest-created visible member. */
    repUserId: text('rep_user_id'),
    repFirstName: text('rep_first_name'),
    repLastName: text('rep_last_name'),
    repPhoto: text('rep_photo'),
    company: text('company').notNull(),
    companyKey: text('company_key').notNull(),
    logo: text('logo'),
    country: text('country'),
    established: integer('established'),
    franchisedUnits: integer('franchised_units'),
    minNetWorthCents: integer('min_net_worth_cents'),
    cashMinCents: integer('cash_min_cents'),
    cashMaxCents: integer('cash_max_cents'),
    feeCents: integer('fee_cents'),
    sbaEligible: bool('sba_eligible'),
    e2VisaFriendly: bool('e2_visa_friendly'),
    veteranDiscount: bool('veteran_discount'),
    homeBased: bool('home_based'),
    absenteeModel: bool('absentee_model'),
    semiAbsenteeModel: bool('semi_absentee_model'),
    b2b: bool('b2b'),
    masterFranchiseOpportunities: bool('master_franchise_opportunities'),
    /** JSON arrays: categories (known ones first, in the contract's order) and state codes. */
    categories: text('categories').notNull().default('[]'),
    states: text('states').notNull().default('[]'),
    /** FTS tokens of the tag filters (categories, states, country, flags). */
    tags: text('tags').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    /** Bumped when a long text kept only in `franchise` changes: re-indexes the FTS row. */
    textRev: integer('text_rev').notNull().default(0),
  },
  (t) => [
    uniqueIndex('franchise_search_franchise_uq').on(t.franchiseId),
    index('franchise_search_rep_idx').on(t.repUserId),
    index('franchise_search_name_idx').on(t.visible, t.companyKey, t.rid),
    index('franchise_search_cash_idx').on(t.visible, t.cashMinCents, t.cashMaxCents),
  ],
);

/**
 * Enum value → FTS token (`industry`/`Senior Care` → `i33`), filled at boot from the contract's
 * arrays by `syncSearchVocabulary`, so the enums keep one source of truth.
 */
export const searchVocab = sqliteTable(
  'search_vocab',
  {
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    position: integer('position').notNull(),
    token: text('token').notNull(),
  },
  (t) => [uniqueIndex('search_vocab_uq').on(t.kind, t.value)],
);

/**
 * One row: the projection's change counters (a cached search result is valid while its epoch is
 * current) and `paused`, set only inside a bulk-loading transaction.
 */
export const searchState = sqliteTable('search_state', {
  id: integer('id').primaryKey(),
  consultantEpoch: integer('consultant_epoch').notNull().default(0),
  franchiseEpoch: integer('franchise_epoch').notNull().default(0),
  paused: bool('paused').notNull().default(false),
});

/**
 * A "procedure call" table that never holds a row: inserting `(kind, id)` runs the trigger that
 * refreshes that consultant's or franchise's projection, then discards the row (RAISE(IGNORE)).
 */
export const searchRefresh = sqliteTable('search_refresh', {
  kind: text('kind').notNull(),
  id: text('id'),
});
