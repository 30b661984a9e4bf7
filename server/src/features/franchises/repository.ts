import type { Commissions, FranchisePublic, OwnProfile } from '@fm/sdk/contracts';
import { COMMISSION_KINDS } from '@fm/sdk/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  franchise,
  franchiseCategory,
  franchiseCommission,
  franchiseDocument,
  franchisePhoto,
  franchiseState,
  user,
} from '../../db/schema/index.ts';
import { centsToDollars } from '../../money/cents.ts';
import { fileUrl } from '../../uploads/upload-service.ts';

type FranchiseRow = typeof franchise.$inferSelect;
export type FranchisePrivate = NonNullable<OwnProfile['franchise']>;

const bpToPercent = (bp: number | null) => (bp === null ? null : bp / 100);

function toPublic(
  row: FranchiseRow,
  categories: string[],
  states: string[],
  photos: string[],
): FranchisePublic {
  return {
    id: row.id,
    company: row.company,
    logo: row.logo,
    photos,
    country: row.country,
    established: row.established,
    startedFranchising: row.startedFranchising,
    franchisedUnits: row.franchisedUnits,
    corporateUnits: row.corporateUnits,
    franchisesInCanada: row.franchisesInCanada,
    otherInternationalFranchises: row.otherInternationalFranchises,
    overview: row.overview,
    categories,
    statesRegisteredIn: states as FranchisePublic['statesRegisteredIn'],
    corporateWebsite: row.corporateWebsite,
    minNetWorth: centsToDollars(row.minNetWorthCents),
    cashRequiredMin: centsToDollars(row.cashRequiredMinCents),
    cashRequiredMax: centsToDollars(row.cashRequiredMaxCents),
    franchiseFee: centsToDollars(row.franchiseFeeCents),
    royalty: bpToPercent(row.royaltyBp),
    adFee: bpToPercent(row.adFeeBp),
    avgNumberOfStaff: row.avgNumberOfStaff,
    specialDiscountPrograms: row.specialDiscountPrograms,
    item19: row.item19,
    visaCandidates: row.visaCandidates,
    absenteeModel: row.absenteeModel,
    semiAbsenteeModel: row.semiAbsenteeModel,
    b2b: row.b2b,
    homeBased: row.homeBased,
    masterFranchiseOpportunities: row.masterFranchiseOpportunities,
    veteranDiscount: row.veteranDiscount,
    sbaEligible: row.sbaEligible,
    e2VisaFriendly: row.e2VisaFriendly,
    financialAssistance: row.financialAssistance,
    siteSelectionAssistance: row.siteSelectionAssistance,
    leaseNegotiationAssistance: row.leaseNegotiationAssistance,
    recruitmentAssistance: row.recruitmentAssistance,
    coopAdvertising: row.coopAdvertising,
    training: row.training,
    dayInTheLifeOfTheOwner: row.dayInTheLifeOfTheOwner,
    whoIsAnIdealCandidate: row.whoIsAnIdealCandidate,
  };
}

async function loadParts(db: Db, id: string) {
  const [categories, states, photos] = await Promise.all([
    db
      .select({ v: franchiseCategory.category })
      .from(franchiseCategory)
      .where(eq(franchiseCategory.franchiseId, id)),
    db
      .select({ v: franchiseState.stateCode })
      .from(franchiseState)
      .where(eq(franchiseState.franchiseId, id)),
    db
      .select({ v: franchisePhoto.url })
      .from(franchisePhoto)
      .where(eq(franchisePhoto.franchiseId, id))
      .orderBy(asc(franchisePhoto.position)),
  ]);
  return {
    categories: categories.map((r) => r.v).sort(),
    states: states.map((r) => r.v).sort(),
    photos: photos.map((r) => r.v),
  };
}

/** A franchise's public data, or null when it does not exist or is not visible. */
export async function findPublicFranchise(db: Db, id: string): Promise<FranchisePublic | null> {
  const row = await db.query.franchise.findFirst({ where: eq(franchise.id, id) });
  if (!row || row.isDeleted || row.isDeactivated || !row.status) return null;
  const parts = await loadParts(db, id);
  return toPublic(row, parts.categories, parts.states, parts.photos);
}

/** Everything a member of the franchise may read about it. */
export async function findFranchiseForMember(db: Db, id: string): Promise<FranchisePrivate | null> {
  const row = await db.query.franchise.findFirst({ where: eq(franchise.id, id) });
  if (!row) return null;
  const [parts, commissions, billing, documents] = await Promise.all([
    loadParts(db, id),
    db.select().from(franchiseCommission).where(eq(franchiseCommission.franchiseId, id)),
    row.billingContactUserId
      ? db.query.user.findFirst({
          where: eq(user.id, row.billingContactUserId),
          columns: { email: true },
        })
      : Promise.resolve(undefined),
    db
      .select()
      .from(franchiseDocument)
      .where(eq(franchiseDocument.franchiseId, id))
      .orderBy(asc(franchiseDocument.createdAt), asc(franchiseDocument.id)),
  ]);
  const documentsOf = (kind: 'document' | 'fdd') =>
    documents
      .filter((d) => d.kind === kind)
      .map((d) => ({ name: d.name, uploadId: d.uploadId, url: fileUrl(d.uploadId) }));
  const commissionsOf = (scope: 'domestic' | 'international'): Commissions => {
    const out = Object.fromEntries(COMMISSION_KINDS.map((k) => [k, null])) as Commissions;
    for (const c of commissions) if (c.scope === scope) out[c.kind] = centsToDollars(c.amountCents);
    return out;
  };
  return {
    ...toPublic(row, parts.categories, parts.states, parts.photos),
    email: row.email,
    phone: row.phone,
    workPhone: row.workPhone,
    corporateAddress: row.corporateAddress,
    stripeSubscriptionStatus: row.stripeSubscriptionStatus,
    billingAddress: billing?.email ?? null,
    commissions: commissionsOf('domestic'),
    internationalCommissions: commissionsOf('international'),
    documents: documentsOf('document'),
    fddFiles: documentsOf('fdd'),
  };
}

type MemberRow = typeof user.$inferSelect;

/** A franchise's members that still exist, oldest first: the admin's franchise view and the franchisor's own profile list them alike. */
export function listFranchiseMembers(db: Db, franchiseId: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(user)
    .where(and(eq(user.franchiseId, franchiseId), eq(user.isDeleted, false)))
    .orderBy(asc(user.createdAt), asc(user.id));
}

/** The contact fields of one member as both franchise member lists show them. */
export function franchiseMemberContact(
  m: MemberRow,
  billingContactUserId: string | null | undefined,
) {
  return {
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    phone: m.phone,
    position: m.position,
    isBillingContact: m.id === billingContactUserId,
  };
}
