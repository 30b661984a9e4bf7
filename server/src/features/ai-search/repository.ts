import type { StateCode } from '@fm/sdk/contracts';
import { and, asc, eq, gt, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client.ts';
import { yieldToEventLoop } from '../../db/event-loop.ts';
import { favorite, franchise, user } from '../../db/schema/index.ts';
import { franchiseCardOf } from '../franchises/franchise-card.ts';
import {
  analyseTexts,
  buildIndexInSteps,
  type FranchiseDoc,
  type SearchIndex,
  type Words,
} from './search-index.ts';

/** What the index knows of one franchise (visible or not), kept between rebuilds. */
export interface FranchiseRecord {
  /** The card and words when the franchise is visible with a visible member, else null. */
  doc: FranchiseDoc | null;
  /** Its category and state rows, for reconciling table counts after an incremental refresh. */
  categoryRows: number;
  stateRows: number;
  /** `updated_at` and categories of the analysed texts ('' when not read). */
  textStamp: string;
  overview: string | null;
  words: Words | null;
}

/** Counts and high-water marks of the tables the index is built from. */
export interface Marks {
  franchises: number;
  franchiseUpdated: number;
  users: number;
  userUpdated: number;
  categories: number;
  categoryRow: number;
  states: number;
  stateRow: number;
}

/** The franchises in memory, with what is needed to refresh them incrementally. */
export interface Snapshot {
  marks: Marks;
  records: Map<string, FranchiseRecord>;
  /** Every franchisor user and their franchise: a user moving between franchises refreshes both. */
  userFranchise: Map<string, string | null>;
  /**
   * Rows already seen at the latest `updated_at` of the marks: rows sharing that instant (a bulk
   * import) are not reloaded again and again, only new ones are.
   */
  ties: { franchises: Set<string>; users: Set<string> };
}

/**
 * Counts and high-water marks in one small query (the "signature"). The product's writes move
 * them: drizzle stamps `updated_at` on every update, inserts raise counts and max rowids, and
 * category and state lists are replaced by delete + insert.
 */
export async function readMarks(db: Db): Promise<Marks> {
  const [row] = await db.all<Record<keyof Marks, number | string | null>>(sql`SELECT
    (SELECT count(*) FROM franchise) AS franchises,
    (SELECT ifnull(max(updated_at), 0) FROM franchise) AS franchiseUpdated,
    (SELECT count(*) FROM user WHERE role = 'franchisor') AS users,
    (SELECT ifnull(max(updated_at), 0) FROM user WHERE role = 'franchisor') AS userUpdated,
    (SELECT count(*) FROM franchise_category) AS categories,
    (SELECT ifnull(max(rowid), 0) FROM franchise_category) AS categoryRow,
    (SELECT count(*) FROM franchise_state) AS states,
    (SELECT ifnull(max(rowid), 0) FROM franchise_state) AS stateRow`);
  const n = (v: number | string | null | undefined) => Number(v ?? 0);
  return {
    franchises: n(row?.franchises),
    franchiseUpdated: n(row?.franchiseUpdated),
    users: n(row?.users),
    userUpdated: n(row?.userUpdated),
    categories: n(row?.categories),
    categoryRow: n(row?.categoryRow),
    states: n(row?.states),
    stateRow: n(row?.stateRow),
  };
}

const sameMarks = (a: Marks, b: Marks) =>
  (Object.keys(a) as (keyof Marks)[]).every((k) => a[k] === b[k]);

const lightColumns = {
  id: franchise.id,
  company: franchise.company,
  logo: franchise.logo,
  country: franchise.country,
  established: franchise.established,
  franchisedUnits: franchise.franchisedUnits,
  franchisesInCanada: franchise.franchisesInCanada,
  minNetWorthCents: franchise.minNetWorthCents,
  cashRequiredMinCents: franchise.cashRequiredMinCents,
  cashRequiredMaxCents: franchise.cashRequiredMaxCents,
  franchiseFeeCents: franchise.franchiseFeeCents,
  sbaEligible: franchise.sbaEligible,
  e2VisaFriendly: franchise.e2VisaFriendly,
  veteranDiscount: franchise.veteranDiscount,
  homeBased: franchise.homeBased,
  absenteeModel: franchise.absenteeModel,
  semiAbsenteeModel: franchise.semiAbsenteeModel,
  b2b: franchise.b2b,
  masterFranchiseOpportunities: franchise.masterFranchiseOpportunities,
  billingContactUserId: franchise.billingContactUserId,
  isDeleted: franchise.isDeleted,
  isDeactivated: franchise.isDeactivated,
  status: franchise.status,
  updatedAt: franchise.updatedAt,
};
const memberColumns = {
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  profilePhoto: user.profilePhoto,
  franchiseId: user.franchiseId,
  createdAt: user.createdAt,
  isVerified: user.isVerified,
  isDeleted: user.isDeleted,
  isDeactivated: user.isDeactivated,
  status: user.status,
};
const textColumns = {
  id: franchise.id,
  overview: franchise.overview,
  specialDiscountPrograms: franchise.specialDiscountPrograms,
  training: franchise.training,
  dayInTheLifeOfTheOwner: franchise.dayInTheLifeOfTheOwner,
  whoIsAnIdealCandidate: franchise.whoIsAnIdealCandidate,
};

const lightQuery = (db: Db) => db.select(lightColumns).from(franchise);
const memberQuery = (db: Db) => db.select(memberColumns).from(user);
type LightRow = Awaited<ReturnType<typeof lightQuery>>[number];
type Member = Awaited<ReturnType<typeof memberQuery>>[number];

/** Rows per page of a full load: each page is a few short queries, so requests run in between. */
const PAGE = 500;
const SEPARATOR = '\u001f';

/**
 * The records of some franchises: those whose ids are given, or one page of all franchises in id
 * order (after `after`). Texts are read only where `previous` has none for the same stamp.
 */
async function loadRecords(
  db: Db,
  scope: { ids: string[] } | { after: string | null },
  previous: ReadonlyMap<string, FranchiseRecord>,
): Promise<{ records: Map<string, FranchiseRecord>; members: Member[]; last: string | null }> {
  let rows: LightRow[];
  let owned: (column: AnySQLiteColumn) => SQL;
  if ('ids' in scope) {
    const ids = scope.ids;
    if (ids.length === 0) return { records: new Map(), members: [], last: null };
    rows = await lightQuery(db).where(inArray(franchise.id, ids));
    owned = (column) => inArray(column, ids);
  } else {
    rows = await lightQuery(db)
      .where(scope.after === null ? undefined : gt(franchise.id, scope.after))
      .orderBy(asc(franchise.id))
      .limit(PAGE);
    const first = rows[0]?.id;
    const last = rows.at(-1)?.id;
    if (!first || !last) return { records: new Map(), members: [], last: null };
    owned = (column) => and(gte(column, first), lte(column, last)) as SQL;
  }
  const tagsOf = async (table: 'franchise_category' | 'franchise_state', column: string) => {
    const where =
      'ids' in scope
        ? sql`franchise_id IN (${sql.join(
            scope.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`franchise_id BETWEEN ${rows[0]?.id} AND ${rows.at(-1)?.id}`;
    // Grouped in SQL: a page of 500 brands has ~7,500 state rows, but 500 result rows.
    const grouped = await db.all<{ id: string; list: string }>(
      sql`SELECT franchise_id AS id, group_concat(${sql.raw(column)}, ${SEPARATOR}) AS list FROM ${sql.raw(table)} WHERE ${where} GROUP BY franchise_id`,
    );
    return new Map(grouped.map((g) => [g.id, g.list.split(SEPARATOR).sort()]));
  };
  // A break after each query: together they would hold the event loop for too long.
  await yieldToEventLoop();
  const members = await memberQuery(db).where(
    and(eq(user.role, 'franchisor'), owned(user.franchiseId)),
  );
  await yieldToEventLoop();
  const categoriesOf = await tagsOf('franchise_category', 'category');
  await yieldToEventLoop();
  const statesOf = await tagsOf('franchise_state', 'state_code');
  await yieldToEventLoop();
  const visibleMembers = new Map<string, Member[]>();
  for (const m of members) {
    if (!m.franchiseId || !m.isVerified || m.isDeleted || m.isDeactivated || !m.status) continue;
    const list = visibleMembers.get(m.franchiseId);
    if (list) list.push(m);
    else visibleMembers.set(m.franchiseId, [m]);
  }

  // Texts: kept while updated_at and categories are the same, read and analysed for the others.
  const shown = rows.filter(
    (r) =>
      !r.isDeleted && !r.isDeactivated && r.status && (visibleMembers.get(r.id)?.length ?? 0) > 0,
  );
  const stampOf = (r: LightRow) =>
    `${r.updatedAt.getTime()}|${(categoriesOf.get(r.id) ?? []).join(',')}`;
  const stale = shown.filter((r) => previous.get(r.id)?.textStamp !== stampOf(r)).map((r) => r.id);
  const texts = new Map<string, { overview: string | null; words: Words }>();
  if (stale.length > 0) {
    const textRows = await db
      .select(textColumns)
      .from(franchise)
      .where(inArray(franchise.id, stale));
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    for (const [k, t] of textRows.entries()) {
      // Analysing a text takes a fraction of a millisecond: fifty at a time, then a break.
      if (k % 50 === 0) await yieldToEventLoop();
      texts.set(t.id, {
        overview: t.overview,
        words: analyseTexts({
          company: rowOf.get(t.id)?.company ?? '',
          categories: categoriesOf.get(t.id) ?? [],
          overview: t.overview,
          details: [
            t.specialDiscountPrograms,
            t.training,
            t.dayInTheLifeOfTheOwner,
            t.whoIsAnIdealCandidate,
          ]
            .filter(Boolean)
            .join('\n'),
        }),
      });
    }
  }

  const records = new Map<string, FranchiseRecord>();
  const shownIds = new Set(shown.map((r) => r.id));
  for (const row of rows) {
    const cats = categoriesOf.get(row.id) ?? [];
    const codes = (statesOf.get(row.id) ?? []) as StateCode[];
    const kept = previous.get(row.id);
    const text =
      texts.get(row.id) ??
      (kept?.words && kept.textStamp === stampOf(row)
        ? { overview: kept.overview, words: kept.words }
        : null);
    const base = { categoryRows: cats.length, stateRows: codes.length };
    if (!shownIds.has(row.id) || !text) {
      records.set(row.id, { ...base, doc: null, textStamp: '', overview: null, words: null });
      continue;
    }
    const candidates = visibleMembers.get(row.id) ?? [];
    const earliest = [...candidates].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1),
    )[0]!;
    const member = candidates.find((m) => m.id === row.billingContactUserId) ?? earliest;
    records.set(row.id, {
      ...base,
      textStamp: stampOf(row),
      overview: text.overview,
      words: text.words,
      doc: {
        card: franchiseCardOf(member, row, {
          overview: text.overview,
          categories: cats,
          statesRegisteredIn: codes,
        }),
        franchisesInCanada: row.franchisesInCanada === true,
        words: text.words,
      },
    });
  }
  return { records, members, last: rows.at(-1)?.id ?? null };
}

/**
 * Loads every franchise, page by page (the awaits between pages let other requests run: the local
 * libSQL driver executes queries synchronously). Texts of unchanged franchises are reused.
 */
export async function loadSnapshot(
  db: Db,
  marks: Marks,
  previous: ReadonlyMap<string, FranchiseRecord> = new Map(),
): Promise<Snapshot> {
  const records = new Map<string, FranchiseRecord>();
  const userFranchise = new Map<string, string | null>();
  let after: string | null = null;
  for (;;) {
    await yieldToEventLoop();
    const page = await loadRecords(db, { after }, previous);
    for (const [id, record] of page.records) records.set(id, record);
    for (const m of page.members) userFranchise.set(m.id, m.franchiseId);
    if (page.last === null || page.records.size < PAGE) break;
    after = page.last;
  }
  const unattached = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, 'franchisor'), isNull(user.franchiseId)));
  for (const u of unattached) userFranchise.set(u.id, null);
  const [franchiseTies, userTies] = await Promise.all([
    db.all<{ id: string }>(
      sql`SELECT id FROM franchise WHERE updated_at = ${marks.franchiseUpdated}`,
    ),
    db.all<{ id: string }>(
      sql`SELECT id FROM user WHERE role = 'franchisor' AND updated_at = ${marks.userUpdated}`,
    ),
  ]);
  return {
    marks,
    records,
    userFranchise,
    ties: {
      franchises: new Set(franchiseTies.map((r) => r.id)),
      users: new Set(userTies.map((r) => r.id)),
    },
  };
}

/**
 * Brings a snapshot up to date by reloading only the franchises touched since its marks: rows
 * updated since (franchises, their users), and category or state rows inserted since. Returns
 * null when the table counts do not reconcile (a hard delete, a deletion without insert…): the
 * caller then loads everything.
 */
export async function refreshSnapshot(
  db: Db,
  snapshot: Snapshot,
  marks: Marks,
): Promise<Snapshot | null> {
  const was = snapshot.marks;
  await yieldToEventLoop();
  const [franchises, users, categories, states] = await Promise.all([
    db.all<{ id: string; at: number }>(
      sql`SELECT id, updated_at AS at FROM franchise WHERE updated_at >= ${was.franchiseUpdated}`,
    ),
    db.all<{ id: string; franchiseId: string | null; at: number }>(
      sql`SELECT id, franchise_id AS franchiseId, updated_at AS at FROM user WHERE role = 'franchisor' AND updated_at >= ${was.userUpdated}`,
    ),
    db.all<{ id: string }>(
      sql`SELECT DISTINCT franchise_id AS id FROM franchise_category WHERE rowid > ${was.categoryRow}`,
    ),
    db.all<{ id: string }>(
      sql`SELECT DISTINCT franchise_id AS id FROM franchise_state WHERE rowid > ${was.stateRow}`,
    ),
  ]);
  // Rows at the previous latest instant were seen then, unless they are new ties.
  const fresh = <R extends { id: string; at: number }>(
    rows: R[],
    mark: number,
    seen: Set<string>,
  ) => rows.filter((r) => Number(r.at) > mark || !seen.has(r.id));
  const changedFranchises = fresh(franchises, was.franchiseUpdated, snapshot.ties.franchises);
  const changedUsers = fresh(users, was.userUpdated, snapshot.ties.users);
  const touched = new Set<string>();
  for (const r of [...changedFranchises, ...categories, ...states]) touched.add(r.id);
  for (const u of changedUsers) {
    if (u.franchiseId) touched.add(u.franchiseId);
    const before = snapshot.userFranchise.get(u.id);
    if (before) touched.add(before);
  }
  const ids = [...touched];
  const loaded = new Map<string, FranchiseRecord>();
  const members: Member[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    await yieldToEventLoop();
    const part = await loadRecords(db, { ids: ids.slice(i, i + 500) }, snapshot.records);
    for (const [id, record] of part.records) loaded.set(id, record);
    members.push(...part.members);
  }

  // Reconcile: every difference in the counts must be explained by the touched franchises.
  let franchiseCount = was.franchises;
  let categoryCount = was.categories;
  let stateCount = was.states;
  for (const id of ids) {
    const before = snapshot.records.get(id);
    const after = loaded.get(id);
    franchiseCount += (after ? 1 : 0) - (before ? 1 : 0);
    categoryCount += (after?.categoryRows ?? 0) - (before?.categoryRows ?? 0);
    stateCount += (after?.stateRows ?? 0) - (before?.stateRows ?? 0);
  }
  const newUsers = changedUsers.filter((u) => !snapshot.userFranchise.has(u.id)).length;
  if (
    franchiseCount !== marks.franchises ||
    categoryCount !== marks.categories ||
    stateCount !== marks.states ||
    was.users + newUsers !== marks.users
  ) {
    return null;
  }
  const records = new Map(snapshot.records);
  for (const id of ids) {
    const record = loaded.get(id);
    if (record) records.set(id, record);
    else records.delete(id);
  }
  const userFranchise = new Map(snapshot.userFranchise);
  for (const m of members) userFranchise.set(m.id, m.franchiseId);
  for (const u of changedUsers) userFranchise.set(u.id, u.franchiseId);
  const tiesAt = (rows: { id: string; at: number }[], mark: number) =>
    new Set(rows.filter((r) => Number(r.at) === mark).map((r) => r.id));
  return {
    marks,
    records,
    userFranchise,
    ties: {
      franchises: tiesAt(franchises, marks.franchiseUpdated),
      users: tiesAt(users, marks.userUpdated),
    },
  };
}

export const docsOf = (snapshot: Snapshot): FranchiseDoc[] =>
  [...snapshot.records.values()].flatMap((r) => (r.doc ? [r.doc] : []));

export interface FranchiseIndexCache {
  /** The index in memory, about `checkIntervalMs` (plus a refresh) behind the database at most. */
  get(): Promise<SearchIndex>;
  /** Builds the index ahead of the first request (errors are left to that request). */
  warmUp(): void;
}

/** `checkedAt` of an index built before the first request: the first request checks it again. */
const UNVERIFIED = Number.NEGATIVE_INFINITY;

/**
 * Keeps the search index in memory (per process; derived data only, so several API processes each
 * keep their own). At most once per `checkIntervalMs` a request compares the database's marks (one
 * small query). When they moved, the franchises touched since are reloaded and the index rebuilt;
 * everything is reloaded when the counts do not reconcile, and every `fullReloadMs` as a safety net
 * for a write the marks cannot see. During a refresh requests wait up to `freshWaitMs` for the new
 * index (enough for a small marketplace to read its own writes); during a full reload they are
 * answered from the current index at once. The very first request waits for a checked index.
 */
export function createFranchiseIndexCache(deps: {
  db: Db;
  now: () => Date;
  checkIntervalMs?: number;
  fullReloadMs?: number;
  freshWaitMs?: number;
}): FranchiseIndexCache {
  const { db, now } = deps;
  const checkIntervalMs = deps.checkIntervalMs ?? 1_000;
  const fullReloadMs = deps.fullReloadMs ?? 10 * 60_000;
  const freshWaitMs = deps.freshWaitMs ?? 100;
  let current: {
    snapshot: Snapshot;
    index: SearchIndex;
    loadedAt: number;
    checkedAt: number;
  } | null = null;
  let checking: Promise<SearchIndex> | null = null;
  /** A full reload is under way: requests do not wait for it. */
  let reloadingAll = false;

  async function check(): Promise<SearchIndex> {
    const started = now().getTime();
    try {
      const marks = await readMarks(db);
      const at = now().getTime();
      const due = !current || at - current.loadedAt >= fullReloadMs;
      if (current && !due && sameMarks(marks, current.snapshot.marks)) {
        current.checkedAt = at;
        return current.index;
      }
      const refreshed = current && !due ? await refreshSnapshot(db, current.snapshot, marks) : null;
      reloadingAll = !refreshed;
      const snapshot = refreshed ?? (await loadSnapshot(db, marks, current?.snapshot.records));
      await yieldToEventLoop();
      const index = await buildIndexInSteps(docsOf(snapshot), yieldToEventLoop);
      current = {
        snapshot,
        index,
        loadedAt: refreshed && current ? current.loadedAt : at,
        checkedAt: at,
      };
      return index;
    } catch (error) {
      // Back off: the index in memory keeps answering until the next check.
      if (current) current.checkedAt = started;
      throw error;
    } finally {
      reloadingAll = false;
    }
  }

  function startCheck(): Promise<SearchIndex> {
    if (!checking) {
      const run = check();
      checking = run;
      const clear = () => {
        if (checking === run) checking = null;
      };
      run.then(clear, clear);
    }
    return checking;
  }

  async function verified(): Promise<SearchIndex> {
    if (checking) await checking.catch(() => undefined);
    if (current && now().getTime() - current.checkedAt < checkIntervalMs) return current.index;
    return startCheck();
  }

  return {
    get() {
      if (!current || current.checkedAt === UNVERIFIED) return verified();
      if (now().getTime() - current.checkedAt >= checkIntervalMs)
        startCheck().catch(() => undefined);
      if (!checking || reloadingAll) return Promise.resolve(current.index);
      const stale = current.index;
      return Promise.race([
        checking.catch(() => stale),
        new Promise<SearchIndex>((resolve) => {
          setTimeout(() => resolve(stale), freshWaitMs).unref();
        }),
      ]);
    },
    warmUp() {
      startCheck().then(
        () => {
          if (current) current.checkedAt = UNVERIFIED;
        },
        () => undefined,
      );
    },
  };
}

/** The franchises (among `franchiseIds`) of which the viewer has favourited a member. */
export async function favoriteFranchiseIds(
  db: Db,
  viewerId: string,
  franchiseIds: string[],
): Promise<Set<string>> {
  if (franchiseIds.length === 0) return new Set();
  const rows = await db
    .select({ franchiseId: user.franchiseId })
    .from(favorite)
    .innerJoin(user, eq(user.id, favorite.targetUserId))
    .where(and(eq(favorite.userId, viewerId), inArray(user.franchiseId, franchiseIds)));
  return new Set(rows.flatMap((r) => (r.franchiseId ? [r.franchiseId] : [])));
}
