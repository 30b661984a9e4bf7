import type { ConsultantPublicProfile, OwnProfile, PublicProfile } from '@fm/sdk/contracts';
import { avg, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import {
  consultantGroup,
  consultantIndustry,
  consultantProfile,
  consultantRegion,
  consultantSearch,
  franchise,
  franchiseSearch,
  review,
  user,
} from '../../db/schema/index.ts';
import { centsToDollars } from '../../money/cents.ts';
import { consultantZone } from '../booking/availability-service.ts';
import { findFranchiseForMember, findPublicFranchise } from '../franchises/repository.ts';
import { findPendingEmail } from './email-change.ts';

import { isPubliclyVisible } from './public-visibility.ts';

export { isPubliclyVisible };

type ConsultantParts = {
  profile: typeof consultantProfile.$inferSelect | undefined;
  industries: ConsultantPublicProfile['industrySpecialty'];
  regions: ConsultantPublicProfile['region'];
  groups: ConsultantPublicProfile['groups'];
  averageRating: number | null;
  reviewCount: number;
};

/** The tags in their sorted order, whatever order the database gave them in. */
const sortedTags = <T extends readonly string[]>(values: readonly string[]) =>
  [...values].sort() as unknown as T;

/** One decimal, as every rating is shown. */
const roundedRating = (average: number | string | null | undefined) =>
  average === null || average === undefined ? null : Math.round(Number(average) * 10) / 10;

async function consultantParts(db: Db, userId: string): Promise<ConsultantParts> {
  const [profile, industries, regions, groups, rating] = await Promise.all([
    db.query.consultantProfile.findFirst({ where: eq(consultantProfile.userId, userId) }),
    db
      .select({ v: consultantIndustry.value })
      .from(consultantIndustry)
      .where(eq(consultantIndustry.userId, userId)),
    db
      .select({ v: consultantRegion.value })
      .from(consultantRegion)
      .where(eq(consultantRegion.userId, userId)),
    db
      .select({ v: consultantGroup.value })
      .from(consultantGroup)
      .where(eq(consultantGroup.userId, userId)),
    db
      .select({ average: avg(review.rating), total: count() })
      .from(review)
      .where(eq(review.consultantId, userId)),
  ]);
  return {
    profile,
    industries: sortedTags(industries.map((r) => r.v)),
    regions: sortedTags(regions.map((r) => r.v)),
    groups: sortedTags(groups.map((r) => r.v)),
    averageRating: roundedRating(rating[0]?.average),
    reviewCount: rating[0]?.total ?? 0,
  };
}

const experience = (value: number | null | undefined) =>
  (value ?? null) as ConsultantPublicProfile['experienceLevel'];

/** A consultant's own fields; the public profile shows all of them but the address and profile URL. */
function consultantFields(parts: ConsultantParts) {
  return {
    rate: centsToDollars(parts.profile?.rateCents ?? null),
    bio: parts.profile?.bio ?? null,
    company: parts.profile?.company ?? null,
    experienceLevel: experience(parts.profile?.experienceLevel),
    industrySpecialty: parts.industries,
    region: parts.regions,
    groups: parts.groups,
    country: parts.profile?.country ?? null,
    stateProvince: parts.profile?.stateProvince ?? null,
    city: parts.profile?.city ?? null,
    address: parts.profile?.address ?? null,
    profileUrl: parts.profile?.profileUrl ?? null,
  };
}

/** A JSON array of one tag table's values for the row's user, in one column. */
const tagsOf = (
  table: typeof consultantIndustry | typeof consultantRegion | typeof consultantGroup,
): SQL<string> =>
  sql<string>`(select json_group_array(${table.value}) from ${table} where ${table.userId} = ${user.id})`;

/** One of the consultant's reviews' aggregates, read from `review_consultant_idx`. */
const reviewsOf = <T>(aggregate: SQL) =>
  sql<T>`(select ${aggregate} from ${review} where ${review.consultantId} = ${user.id})`;

/**
 * Everything a public profile and its page show, in one read: the account with its consultant
 * details, tags and review aggregates, and what the page adds — whether discovery lists it (the
 * search projection's `visible`; for a franchise, the member its card shows) and the rows'
 * `updated_at`. Each join and subselect is a primary-key or index lookup.
 */
const publicProfileRow = preparedOnce((db: Db) =>
  db
    .select({
      user,
      profile: consultantProfile,
      industries: tagsOf(consultantIndustry),
      regions: tagsOf(consultantRegion),
      groups: tagsOf(consultantGroup),
      ratingAverage: reviewsOf<number | null>(sql`avg(${review.rating})`),
      reviewCount: reviewsOf<number>(sql`count(*)`),
      reviewedAt: reviewsOf<number | null>(sql`max(${review.createdAt})`),
      consultantListed: consultantSearch.visible,
      franchiseListed: franchiseSearch.visible,
      franchiseRep: franchiseSearch.repUserId,
      franchiseUpdatedAt: franchise.updatedAt,
    })
    .from(user)
    .leftJoin(consultantProfile, eq(consultantProfile.userId, user.id))
    .leftJoin(consultantSearch, eq(consultantSearch.userId, user.id))
    .leftJoin(franchise, eq(franchise.id, user.franchiseId))
    .leftJoin(franchiseSearch, eq(franchiseSearch.franchiseId, user.franchiseId))
    .where(eq(user.id, sql.placeholder('id')))
    .prepare(),
);

/** A public profile with what its public page (rule 22) adds to it. */
export interface PublicProfileRead {
  profile: PublicProfile;
  /**
   * Discovery lists it: a consultant's search projection row is `visible`; a franchisor is the
   * member the card of a visible franchise shows.
   */
  listed: boolean;
  /**
   * The newest `updated_at` of the account and its consultant details or franchise, or a
   * consultant's newest review.
   */
  changedAt: Date;
}

const newest = (...times: readonly (Date | number | null | undefined)[]) =>
  new Date(Math.max(...times.map((t) => (t instanceof Date ? t.getTime() : (t ?? 0)))));

/**
 * `GET /api/users/profile/{id}` and the public page of rule 22 alike: the profile
 * `findPublicProfile` answers, with whether discovery lists it and when it last changed. A
 * consultant's is one read; a franchisor's adds the franchise's public fields.
 *
 * @example
 * const read = await readPublicProfile(db, 'u1'); // null when not publicly visible
 * read?.listed; // true: discovery lists it, so its page is indexed
 */
export async function readPublicProfile(
  db: Db,
  id: string,
  viewerId?: string | undefined,
): Promise<PublicProfileRead | null> {
  const found = await publicProfileRow(db).get({ id });
  const row = found?.user;
  // Owners see their own profile as others would, also before it is public (/consultant-profile).
  const isOwner = viewerId === id && row?.role !== 'admin' && !row?.isDeleted;
  if (!found || !row || !(isPubliclyVisible(row) || isOwner)) return null;
  if (row.role === 'consultant') {
    const parts: ConsultantParts = {
      profile: found.profile ?? undefined,
      industries: sortedTags(JSON.parse(found.industries) as string[]),
      regions: sortedTags(JSON.parse(found.regions) as string[]),
      groups: sortedTags(JSON.parse(found.groups) as string[]),
      averageRating: roundedRating(found.ratingAverage),
      reviewCount: Number(found.reviewCount),
    };
    const { address: _address, profileUrl: _profileUrl, ...publicFields } = consultantFields(parts);
    return {
      profile: {
        id: row.id,
        role: 'consultant',
        firstName: row.firstName,
        lastName: row.lastName,
        profilePhoto: row.profilePhoto,
        ...publicFields,
        isVerified: row.isVerified,
        averageRating: parts.averageRating,
        reviewCount: parts.reviewCount,
      },
      listed: found.consultantListed === true,
      changedAt: newest(row.updatedAt, found.profile?.updatedAt, found.reviewedAt),
    };
  }
  return {
    profile: {
      id: row.id,
      role: 'franchisor',
      firstName: row.firstName,
      lastName: row.lastName,
      profilePhoto: row.profilePhoto,
      position: row.position,
      franchise: row.franchiseId ? await findPublicFranchise(db, row.franchiseId) : null,
    },
    // One page per franchise is indexed: the member its discovery card shows.
    listed: found.franchiseListed === true && found.franchiseRep === id,
    changedAt: newest(row.updatedAt, found.franchiseUpdatedAt),
  };
}

/**
 * `GET /api/users/profile/{id}`: only what a public profile shows; null when not publicly visible,
 * unless `viewerId` is its owner (who sees it as others will once it is public).
 *
 * @example
 * await findPublicProfile(db, 'u1'); // { id: 'u1', role: 'consultant', rate: 50, … } or null
 */
export async function findPublicProfile(
  db: Db,
  id: string,
  viewerId?: string | undefined,
): Promise<PublicProfile | null> {
  return (await readPublicProfile(db, id, viewerId))?.profile ?? null;
}

/**
 * `GET /api/users/profile`: the signed-in user's own profile with their consultant data or
 * franchise, and a change of e-mail waiting for confirmation at `at`.
 */
export async function findOwnProfile(
  db: Db,
  id: string,
  at: Date = new Date(),
): Promise<OwnProfile | null> {
  const row = await db.query.user.findFirst({ where: eq(user.id, id) });
  if (!row) return null;
  let consultant: OwnProfile['consultant'] = null;
  let timeZone = row.timeZone;
  if (row.role === 'consultant') {
    // A consultant's zone is their calendar settings' (rule 20: one source per person).
    [consultant, timeZone] = await Promise.all([
      consultantParts(db, id).then(consultantFields),
      consultantZone(db, id),
    ]);
  }
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    pendingEmail: await findPendingEmail(db, row, at),
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    profilePhoto: row.profilePhoto,
    isVerified: row.isVerified,
    isDeactivated: row.isDeactivated,
    isDeleted: row.isDeleted,
    status: row.status,
    smsConsent: row.smsConsent,
    position: row.position,
    profileCompleteness: row.profileCompleteness,
    timeZone,
    consultant,
    franchise: row.franchiseId ? await findFranchiseForMember(db, row.franchiseId) : null,
  };
}
