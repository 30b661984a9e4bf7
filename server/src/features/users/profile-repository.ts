import type { ConsultantPublicProfile, OwnProfile, PublicProfile } from '@fm/sdk/contracts';
import { avg, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  consultantGroup,
  consultantIndustry,
  consultantProfile,
  consultantRegion,
  review,
  user,
} from '../../db/schema/index.ts';
import { centsToDollars } from '../../money/cents.ts';
import { consultantZone } from '../booking/availability-service.ts';
import { findFranchiseForMember, findPublicFranchise } from '../franchises/repository.ts';
import { findPendingEmail } from './email-change.ts';

import { isPubliclyVisible } from './public-visibility.ts';

export { isPubliclyVisible };

async function consultantParts(db: Db, userId: string) {
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
    industries: industries.map((r) => r.v).sort() as ConsultantPublicProfile['industrySpecialty'],
    regions: regions.map((r) => r.v).sort() as ConsultantPublicProfile['region'],
    groups: groups.map((r) => r.v).sort() as ConsultantPublicProfile['groups'],
    averageRating:
      rating[0]?.average === null || rating[0]?.average === undefined
        ? null
        : Math.round(Number(rating[0].average) * 10) / 10,
    reviewCount: rating[0]?.total ?? 0,
  };
}

const experience = (value: number | null | undefined) =>
  (value ?? null) as ConsultantPublicProfile['experienceLevel'];

/** A consultant's own fields; the public profile shows all of them but the address and profile URL. */
function consultantFields(parts: Awaited<ReturnType<typeof consultantParts>>) {
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

/**
 * `GET /api/users/profile/{id}`: only what a public profile shows; null when not publicly visible,
 * unless `viewerId` is its owner (who sees it as others will once it is public).
 */
export async function findPublicProfile(
  db: Db,
  id: string,
  viewerId?: string | undefined,
): Promise<PublicProfile | null> {
  const row = await db.query.user.findFirst({ where: eq(user.id, id) });
  // Owners see their own profile as others would, also before it is public (/consultant-profile).
  const isOwner = viewerId === id && row?.role !== 'admin' && !row?.isDeleted;
  if (!row || !(isPubliclyVisible(row) || isOwner)) return null;
  if (row.role === 'consultant') {
    const parts = await consultantParts(db, id);
    const { address: _address, profileUrl: _profileUrl, ...publicFields } = consultantFields(parts);
    return {
      id: row.id,
      role: 'consultant',
      firstName: row.firstName,
      lastName: row.lastName,
      profilePhoto: row.profilePhoto,
      ...publicFields,
      isVerified: row.isVerified,
      averageRating: parts.averageRating,
      reviewCount: parts.reviewCount,
    };
  }
  return {
    id: row.id,
    role: 'franchisor',
    firstName: row.firstName,
    lastName: row.lastName,
    profilePhoto: row.profilePhoto,
    position: row.position,
    franchise: row.franchiseId ? await findPublicFranchise(db, row.franchiseId) : null,
  };
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
