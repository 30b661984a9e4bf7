import {
  CONSULTANT_PROFILE_STEPS,
  FRANCHISOR_PROFILE_STEPS,
  type ProfileStep,
} from '@fm/sdk/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  consultantIndustry,
  consultantProfile,
  consultantRegion,
  franchise,
  franchiseCategory,
  franchiseCommission,
  franchisePhoto,
  user,
} from '../../db/schema/index.ts';

const filled = (s: string | null | undefined) => !!s && s.trim().length > 0;

export interface ConsultantFacts {
  bio: string | null;
  experienceLevel: number | null;
  industries: number;
  regions: number;
  rateCents: number | null;
  /** What the payment provider last said of the consultant's payout account, if there is one. */
  payoutAccountStatus: 'onboarding' | 'ready' | 'restricted' | null;
}

/**
 * Consultant steps (user-area §4): General Info (bio, experience, at least one industry and region),
 * Payment Details (a payout account the provider calls ready — the only kind payouts are
 * transferred to; one still onboarding or restricted is not done), Rate (a positive rate).
 * @example consultantSteps({ bio: 'x', experienceLevel: 3, industries: 1, regions: 1, rateCents: 5000, payoutAccountStatus: null })
 */
export function consultantSteps(f: ConsultantFacts): ProfileStep[] {
  const done: Record<(typeof CONSULTANT_PROFILE_STEPS)[number], boolean> = {
    'General Info':
      filled(f.bio) && f.experienceLevel !== null && f.industries > 0 && f.regions > 0,
    'Payment Details': f.payoutAccountStatus === 'ready',
    Rate: (f.rateCents ?? 0) > 0,
  };
  return CONSULTANT_PROFILE_STEPS.filter((s) => done[s]);
}

export interface FranchisorFacts {
  company: string;
  country: string | null;
  overview: string | null;
  categories: number;
  logo: string | null;
  photos: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  franchiseEmail: string | null;
  minNetWorthCents: number | null;
  cashRequiredMinCents: number | null;
  cashRequiredMaxCents: number | null;
  franchiseFeeCents: number | null;
  training: string | null;
  commissions: number;
}

/**
 * Franchisor steps (user-area §4): Franchise Details (brand, country, overview, a category), Gallery
 * (a logo or a photo), Contact (names and a phone), Investment Profile (net worth, cash required, fee),
 * Training and Support (the training text), Referral Fee (at least one commission).
 */
export function franchisorSteps(f: FranchisorFacts): ProfileStep[] {
  const done: Record<(typeof FRANCHISOR_PROFILE_STEPS)[number], boolean> = {
    'Franchise Details':
      filled(f.company) && f.country !== null && filled(f.overview) && f.categories > 0,
    Gallery: filled(f.logo) || f.photos > 0,
    Contact:
      filled(f.firstName) && filled(f.lastName) && (filled(f.phone) || filled(f.franchiseEmail)),
    'Investment Profile':
      f.minNetWorthCents !== null &&
      (f.cashRequiredMinCents !== null || f.cashRequiredMaxCents !== null) &&
      f.franchiseFeeCents !== null,
    'Training and Support': filled(f.training),
    'Referral Fee': f.commissions > 0,
  };
  return FRANCHISOR_PROFILE_STEPS.filter((s) => done[s]);
}

type Writer = Pick<Db, 'query' | 'select' | 'update'>;

/**
 * Recomputes and stores the completed steps of a user (and of every member of their franchise).
 * Called by every write that changes a step's facts: profile saves, and the payout account's
 * connection and status changes (connect, status read, `account.updated`).
 */
export async function refreshCompleteness(db: Writer, userId: string): Promise<void> {
  const row = await db.query.user.findFirst({ where: eq(user.id, userId) });
  if (!row) return;
  if (row.role === 'consultant') {
    const profile = await db.query.consultantProfile.findFirst({
      where: eq(consultantProfile.userId, userId),
    });
    const industries = await db
      .select({ v: consultantIndustry.value })
      .from(consultantIndustry)
      .where(eq(consultantIndustry.userId, userId));
    const regions = await db
      .select({ v: consultantRegion.value })
      .from(consultantRegion)
      .where(eq(consultantRegion.userId, userId));
    const steps = consultantSteps({
      bio: profile?.bio ?? null,
      experienceLevel: profile?.experienceLevel ?? null,
      industries: industries.length,
      regions: regions.length,
      rateCents: profile?.rateCents ?? null,
      payoutAccountStatus: profile?.payoutAccountId ? (profile.payoutAccountStatus ?? null) : null,
    });
    await db.update(user).set({ profileCompleteness: steps }).where(eq(user.id, userId));
    return;
  }
  if (row.role !== 'franchisor' || !row.franchiseId) return;
  const f = await db.query.franchise.findFirst({ where: eq(franchise.id, row.franchiseId) });
  if (!f) return;
  const [categories, photos, commissions, members] = await Promise.all([
    db
      .select({ v: franchiseCategory.category })
      .from(franchiseCategory)
      .where(eq(franchiseCategory.franchiseId, f.id)),
    db
      .select({ v: franchisePhoto.id })
      .from(franchisePhoto)
      .where(eq(franchisePhoto.franchiseId, f.id)),
    db
      .select({ v: franchiseCommission.kind })
      .from(franchiseCommission)
      .where(eq(franchiseCommission.franchiseId, f.id)),
    db.select().from(user).where(eq(user.franchiseId, f.id)),
  ]);
  for (const member of members) {
    const steps = franchisorSteps({
      company: f.company,
      country: f.country,
      overview: f.overview,
      categories: categories.length,
      logo: f.logo,
      photos: photos.length,
      firstName: member.firstName,
      lastName: member.lastName,
      phone: member.phone,
      franchiseEmail: f.email,
      minNetWorthCents: f.minNetWorthCents,
      cashRequiredMinCents: f.cashRequiredMinCents,
      cashRequiredMaxCents: f.cashRequiredMaxCents,
      franchiseFeeCents: f.franchiseFeeCents,
      training: f.training,
      commissions: commissions.length,
    });
    await db
      .update(user)
      .set({ profileCompleteness: steps })
      .where(inArray(user.id, [member.id]));
  }
}
