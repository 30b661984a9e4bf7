import type {
  ActivationLink,
  AdminUserDetail,
  AdminUserListQuerySchema,
  AdminUserRow,
  AdminUserStatusFilter,
  ExperienceLevel,
} from '@fm/sdk/contracts';
import { and, asc, avg, count, desc, eq, inArray, ne, not, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db, Tx } from '../../db/client.ts';
import {
  calendarConnection,
  consultantIndustry,
  consultantProfile,
  consultantRegion,
  franchise,
  review,
  user,
} from '../../db/schema/index.ts';
import { centsToDollars } from '../../money/cents.ts';
import { findOwnProfile } from '../users/profile-repository.ts';
import { displayStatusOf } from './display-status.ts';
import { dateRange, offsetOf, searchAny } from './filters.ts';

export type UserRow = typeof user.$inferSelect;
type ListQuery = v.InferOutput<typeof AdminUserListQuerySchema>;

/** How a pending activation link is shown again: the token is kept sealed, never in clear. */
export interface ActivationLinks {
  view(row: UserRow): ActivationLink | null;
}

/** SQL for a status filter, matching the display rules of §4 (first match wins). */
export function userStatusWhere(role: 'consultant' | 'franchisor', filter: AdminUserStatusFilter) {
  const verified = eq(user.isVerified, true);
  const notDeleted = eq(user.isDeleted, false);
  const notDeactivated = eq(user.isDeactivated, false);
  const visible = eq(user.status, true);
  // Franchisor users: Inactive (unverified) wins over everything else.
  const first = role === 'franchisor' ? [verified] : [];
  switch (filter) {
    case 'inactive':
      return role === 'franchisor'
        ? not(verified)
        : and(not(verified), notDeleted, notDeactivated, visible);
    case 'deleted':
      return and(...first, eq(user.isDeleted, true));
    case 'deactivated':
      return and(...first, notDeleted, eq(user.isDeactivated, true));
    case 'hidden':
      return and(...first, notDeleted, notDeactivated, eq(user.status, false));
    case 'active':
      return and(verified, notDeleted, notDeactivated, visible);
  }
}

function listWhere(q: Omit<ListQuery, 'page' | 'limit'>): SQL | undefined {
  return and(
    eq(user.role, q.role),
    ...(q.status ? [userStatusWhere(q.role, q.status)] : []),
    ...searchAny(q.search, [user.firstName, user.lastName, user.email, user.phone, user.name]),
    ...dateRange(user.createdAt, q),
  );
}

const rowSelection = {
  user,
  rateCents: consultantProfile.rateCents,
  company: consultantProfile.company,
  country: consultantProfile.country,
  stateProvince: consultantProfile.stateProvince,
  city: consultantProfile.city,
  experienceLevel: consultantProfile.experienceLevel,
  franchiseCompany: franchise.company,
};

/** Users of a role matching the filters, newest first (hidden, deactivated and deleted included). */
export function selectUsers(db: Db, q: Omit<ListQuery, 'page' | 'limit'>) {
  return db
    .select(rowSelection)
    .from(user)
    .leftJoin(consultantProfile, eq(consultantProfile.userId, user.id))
    .leftJoin(franchise, eq(franchise.id, user.franchiseId))
    .where(listWhere(q))
    .orderBy(desc(user.createdAt), asc(user.id));
}

type SelectedRow = Awaited<ReturnType<typeof selectUsers>>[number];

/** Industries and regions of these users, by user id. */
export async function tagsOf(db: Db, ids: string[]) {
  const byUser = new Map<string, { industries: string[]; regions: string[] }>();
  if (ids.length === 0) return byUser;
  const [industries, regions] = await Promise.all([
    db.select().from(consultantIndustry).where(inArray(consultantIndustry.userId, ids)),
    db.select().from(consultantRegion).where(inArray(consultantRegion.userId, ids)),
  ]);
  const entry = (id: string) => {
    let e = byUser.get(id);
    if (!e) {
      e = { industries: [], regions: [] };
      byUser.set(id, e);
    }
    return e;
  };
  for (const r of industries) entry(r.userId).industries.push(r.value);
  for (const r of regions) entry(r.userId).regions.push(r.value);
  for (const e of byUser.values()) {
    e.industries.sort();
    e.regions.sort();
  }
  return byUser;
}

export function toUserRow(
  r: SelectedRow,
  tags: { industries: string[]; regions: string[] } | undefined,
): AdminUserRow {
  const u = r.user;
  const role = u.role === 'consultant' ? 'consultant' : 'franchisor';
  return {
    id: u.id,
    role,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    profilePhoto: u.profilePhoto,
    isVerified: u.isVerified,
    isDeleted: u.isDeleted,
    isDeactivated: u.isDeactivated,
    status: u.status,
    displayStatus: displayStatusOf(role, u),
    rate: centsToDollars(r.rateCents ?? null),
    company: r.company ?? null,
    country: r.country ?? null,
    stateProvince: r.stateProvince ?? null,
    city: r.city ?? null,
    experienceLevel: (r.experienceLevel ?? null) as ExperienceLevel | null,
    industrySpecialty: tags?.industries ?? [],
    region: tags?.regions ?? [],
    franchise:
      u.franchiseId && r.franchiseCompany !== null
        ? { id: u.franchiseId, company: r.franchiseCompany }
        : null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** `GET admin/users`: one page and the total. */
export async function listUsers(db: Db, q: ListQuery) {
  const [rows, [total]] = await Promise.all([
    selectUsers(db, q).limit(q.limit).offset(offsetOf(q)),
    db.select({ n: count() }).from(user).where(listWhere(q)),
  ]);
  const tags = await tagsOf(
    db,
    rows.filter((r) => r.user.role === 'consultant').map((r) => r.user.id),
  );
  return {
    users: rows.map((r) => toUserRow(r, tags.get(r.user.id))),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/** A consultant or franchisor user by id (never an admin), or undefined. */
export async function findManagedUser(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  return db.query.user.findFirst({ where: and(eq(user.id, id), ne(user.role, 'admin')) });
}

/** `GET admin/users/{id}`. */
export async function userDetail(
  db: Db,
  row: UserRow,
  activation: ActivationLinks,
): Promise<AdminUserDetail> {
  const [own, [rating], calendars, f, members] = await Promise.all([
    findOwnProfile(db, row.id),
    db
      .select({ average: avg(review.rating), total: count() })
      .from(review)
      .where(eq(review.consultantId, row.id)),
    db
      .select({ provider: calendarConnection.provider })
      .from(calendarConnection)
      .where(eq(calendarConnection.userId, row.id)),
    row.franchiseId
      ? db.query.franchise.findFirst({ where: eq(franchise.id, row.franchiseId) })
      : Promise.resolve(undefined),
    row.franchiseId
      ? db
          .select({
            id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
          })
          .from(user)
          .where(and(eq(user.franchiseId, row.franchiseId), eq(user.isDeleted, false)))
          .orderBy(asc(user.createdAt), asc(user.id))
      : Promise.resolve([]),
  ]);
  const consultant = own?.consultant ?? null;
  const role = row.role === 'consultant' ? 'consultant' : 'franchisor';
  const billing = members.find((m) => m.id === f?.billingContactUserId);
  return {
    id: row.id,
    role,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    profilePhoto: row.profilePhoto,
    isVerified: row.isVerified,
    isDeleted: row.isDeleted,
    isDeactivated: row.isDeactivated,
    status: row.status,
    displayStatus: displayStatusOf(role, row),
    rate: consultant?.rate ?? null,
    company: consultant?.company ?? null,
    country: consultant?.country ?? null,
    stateProvince: consultant?.stateProvince ?? null,
    city: consultant?.city ?? null,
    experienceLevel: consultant?.experienceLevel ?? null,
    industrySpecialty: consultant?.industrySpecialty ?? [],
    region: consultant?.region ?? [],
    franchise: f ? { id: f.id, company: f.company } : null,
    createdAt: row.createdAt.toISOString(),
    bio: consultant?.bio ?? null,
    address: consultant?.address ?? null,
    profileUrl: consultant?.profileUrl ?? null,
    groups: consultant?.groups ?? [],
    position: row.position,
    smsConsent: row.smsConsent,
    calendars,
    averageRating:
      rating?.average === null || rating?.average === undefined
        ? null
        : Math.round(Number(rating.average) * 10) / 10,
    reviewCount: rating?.total ?? 0,
    activation: activation.view(row),
    billingAddress: billing?.email ?? null,
    franchisors: members.filter((m) => m.id !== row.id),
    updatedAt: row.updatedAt.toISOString(),
  };
}
