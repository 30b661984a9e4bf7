import {
  COMMISSION_KINDS,
  CONSULTANT_ONLY_FIELDS,
  type ContactProfile,
  FRANCHISOR_ONLY_FIELDS,
  type OwnProfile,
  type ProfilePatchParsed,
  STATES_BY_COUNTRY,
  type UploadResult,
} from '@fm/sdk/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { RefreshTokens } from '../../auth/refresh-tokens.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  brandName,
  consultantGroup,
  consultantIndustry,
  consultantProfile,
  consultantRegion,
  franchise,
  franchiseCategory,
  franchiseCommission,
  franchiseDocument,
  franchisePhoto,
  franchiseState,
  session,
  upload,
  user,
} from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/sqlite-errors.ts';
import { AppError } from '../../http/errors.ts';
import { dollarsToCents } from '../../money/cents.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import type { CheckedFile, UploadService } from '../../uploads/upload-service.ts';
import {
  handOverBillingContact,
  setBillingContact as setFranchiseBillingContact,
} from '../franchises/billing-contact.ts';
import { franchiseMemberContact, listFranchiseMembers } from '../franchises/repository.ts';
import { findOwnProfile } from '../users/profile-repository.ts';
import { refreshCompleteness } from './completeness.ts';

export interface ProfileFiles {
  profilePhoto?: CheckedFile | undefined;
  logo?: CheckedFile | undefined;
  photos?: CheckedFile[] | undefined;
}

type FranchisePatch = NonNullable<ProfilePatchParsed['franchise']>;
const cents = (dollars: number | null | undefined) =>
  dollars === undefined ? undefined : dollars === null ? null : dollarsToCents(dollars);
const basisPoints = (percent: number | null | undefined) =>
  percent === undefined ? undefined : percent === null ? null : Math.round(percent * 100);
const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as Partial<T>;

/** Cash-required modes of user-area §5: less = 0..max, more = min..∞, range = min..max. */
function cashRange(patch: FranchisePatch): {
  min?: number | null | undefined;
  max?: number | null | undefined;
} {
  const min = cents(patch.cashRequiredMin);
  const max = cents(patch.cashRequiredMax);
  if (patch.cashRequiredMode === 'less') return { min: 0, max: max ?? null };
  if (patch.cashRequiredMode === 'more') return { min: min ?? null, max: null };
  return defined({ min, max });
}

/**
 * Editing one's own profile: every write of one request happens in one transaction, files
 * are checked before anything is written and removed again when the write fails, and completeness
 * is recomputed from what is stored.
 */
export function createProfileService(deps: {
  db: Db;
  uploads: UploadService;
  refreshTokens: RefreshTokens;
  /** Closes the sockets of a deleted account. */
  realtime: Pick<RealtimePublisher, 'disconnectUser'>;
}) {
  const { db } = deps;

  function refuseForeignFields(
    current: SessionUser,
    patch: ProfilePatchParsed,
    files: ProfileFiles,
  ) {
    const foreign: string[] =
      current.role === 'consultant'
        ? FRANCHISOR_ONLY_FIELDS.filter((k) => patch[k] !== undefined)
        : current.role === 'franchisor'
          ? CONSULTANT_ONLY_FIELDS.filter((k) => patch[k] !== undefined)
          : [...CONSULTANT_ONLY_FIELDS, ...FRANCHISOR_ONLY_FIELDS].filter(
              (k) => patch[k] !== undefined,
            );
    if (current.role !== 'franchisor' && (files.logo || files.photos?.length))
      foreign.push('franchise');
    // A consultant's zone is their calendar settings' (rule 20: one zone per person).
    if (current.role === 'consultant' && patch.timeZone !== undefined) foreign.push('timeZone');
    if (foreign.length > 0) {
      const errors = Object.fromEntries(
        foreign.map((k) => [k, 'This field is not part of your profile']),
      );
      throw new AppError('VALIDATION_FAILED', {
        message: 'This field is not part of your profile',
        errors,
      });
    }
  }

  async function documentIds(tx: Tx, ownerId: string, refs: { uploadId: string }[]): Promise<void> {
    if (refs.length === 0) return;
    const ids = refs.map((r) => r.uploadId);
    const owned = await tx
      .select({ id: upload.id })
      .from(upload)
      .where(
        and(inArray(upload.id, ids), eq(upload.ownerId, ownerId), eq(upload.kind, 'document')),
      );
    if (owned.length !== new Set(ids).size) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'A document is not one of your uploads',
        errors: { documents: 'A document is not one of your uploads' },
      });
    }
  }

  async function writeFranchise(
    tx: Tx,
    current: SessionUser,
    patch: FranchisePatch | undefined,
    uploaded: { logo?: UploadResult | undefined; photos: UploadResult[] },
    documents: ProfilePatchParsed['documents'],
    fddFiles: ProfilePatchParsed['fddFiles'],
  ): Promise<string | null> {
    const touches = patch || uploaded.logo || uploaded.photos.length || documents || fddFiles;
    if (!touches) return current.franchiseId;
    let franchiseId = current.franchiseId;
    let previousName = '';
    if (!franchiseId) {
      franchiseId = crypto.randomUUID();
      await tx.insert(franchise).values({
        id: franchiseId,
        company: patch?.company ?? '',
        billingContactUserId: current.id,
      });
      await tx.update(user).set({ franchiseId }).where(eq(user.id, current.id));
    } else if (patch?.company) {
      const [row] = await tx
        .select({ company: franchise.company })
        .from(franchise)
        .where(eq(franchise.id, franchiseId));
      previousName = row?.company ?? '';
    }
    if (patch?.company && previousName.trim() === '') {
      // A brand named for the first time is registered for the admins' review (Company Brands).
      await tx.insert(brandName).values({
        name: patch.company,
        userId: current.id,
        userRegisteredName: `${current.firstName} ${current.lastName}`.trim(),
        userRegisteredEmail: current.email,
      });
    }
    const p = patch ?? {};
    const cash = cashRange(p as FranchisePatch);
    const columns = defined({
      company: p.company,
      country: p.country,
      established: p.established,
      startedFranchising: p.startedFranchising,
      franchisedUnits: p.franchisedUnits,
      corporateUnits: p.corporateUnits,
      franchisesInCanada: p.franchisesInCanada,
      otherInternationalFranchises: p.otherInternationalFranchises,
      sbaEligible: p.sbaEligible,
      e2VisaFriendly: p.e2VisaFriendly,
      overview: p.overview,
      email: p.email,
      phone: p.phone,
      workPhone: p.workPhone,
      corporateAddress: p.corporateAddress,
      corporateWebsite: p.corporateWebsite,
      minNetWorthCents: cents(p.minNetWorth),
      cashRequiredMinCents: cash.min,
      cashRequiredMaxCents: cash.max,
      franchiseFeeCents: cents(p.franchiseFee),
      royaltyBp: basisPoints(p.royalty),
      adFeeBp: basisPoints(p.adFee),
      avgNumberOfStaff: p.avgNumberOfStaff,
      specialDiscountPrograms: p.specialDiscountPrograms,
      item19: p.item19,
      visaCandidates: p.visaCandidates,
      absenteeModel: p.absenteeModel,
      semiAbsenteeModel: p.semiAbsenteeModel,
      b2b: p.b2b,
      homeBased: p.homeBased,
      masterFranchiseOpportunities: p.masterFranchiseOpportunities,
      veteranDiscount: p.veteranDiscount,
      financialAssistance: p.financialAssistance,
      siteSelectionAssistance: p.siteSelectionAssistance,
      leaseNegotiationAssistance: p.leaseNegotiationAssistance,
      recruitmentAssistance: p.recruitmentAssistance,
      coopAdvertising: p.coopAdvertising,
      training: p.training,
      dayInTheLifeOfTheOwner: p.dayInTheLifeOfTheOwner,
      whoIsAnIdealCandidate: p.whoIsAnIdealCandidate,
      averageRevenue: p.averageRevenue ?? undefined,
      minInitialInvestment: p.minInitialInvestment ?? undefined,
      maxInitialInvestment: p.maxInitialInvestment ?? undefined,
      logo: uploaded.logo?.url,
    });
    if (Object.keys(columns).length > 0) {
      await tx.update(franchise).set(columns).where(eq(franchise.id, franchiseId));
    }
    if (p.categories) {
      await tx.delete(franchiseCategory).where(eq(franchiseCategory.franchiseId, franchiseId));
      if (p.categories.length > 0) {
        await tx
          .insert(franchiseCategory)
          .values(p.categories.map((category) => ({ franchiseId, category })));
      }
    }
    if (p.statesRegisteredIn) {
      const country =
        p.country ??
        (await tx.query.franchise.findFirst({ where: eq(franchise.id, franchiseId) }))?.country;
      const allowed = country ? new Set(STATES_BY_COUNTRY[country].map((st) => st.code)) : null;
      const outside = allowed ? p.statesRegisteredIn.filter((code) => !allowed.has(code)) : [];
      if (outside.length > 0) {
        const message = `Not a state or province of ${country}: ${outside.join(', ')}`;
        throw new AppError('VALIDATION_FAILED', {
          message,
          errors: { 'franchise.statesRegisteredIn': message },
        });
      }
      await tx.delete(franchiseState).where(eq(franchiseState.franchiseId, franchiseId));
      if (p.statesRegisteredIn.length > 0) {
        await tx
          .insert(franchiseState)
          .values(p.statesRegisteredIn.map((stateCode) => ({ franchiseId, stateCode })));
      }
    }
    if (p.photos || uploaded.photos.length) {
      const kept =
        p.photos ??
        (
          await tx
            .select({ url: franchisePhoto.url })
            .from(franchisePhoto)
            .where(eq(franchisePhoto.franchiseId, franchiseId))
            .orderBy(asc(franchisePhoto.position))
        ).map((r) => r.url);
      const urls = [...kept, ...uploaded.photos.map((u) => u.url)];
      await tx.delete(franchisePhoto).where(eq(franchisePhoto.franchiseId, franchiseId));
      if (urls.length > 0) {
        await tx
          .insert(franchisePhoto)
          .values(urls.map((url, position) => ({ franchiseId, url, position })));
      }
    }
    for (const [scope, values] of [
      ['domestic', p.commissions],
      ['international', p.internationalCommissions],
    ] as const) {
      if (!values) continue;
      for (const kind of COMMISSION_KINDS) {
        const amount = values[kind];
        if (amount === undefined) continue;
        await tx
          .delete(franchiseCommission)
          .where(
            and(
              eq(franchiseCommission.franchiseId, franchiseId),
              eq(franchiseCommission.scope, scope),
              eq(franchiseCommission.kind, kind),
            ),
          );
        if (amount !== null) {
          await tx
            .insert(franchiseCommission)
            .values({ franchiseId, scope, kind, amountCents: dollarsToCents(amount) });
        }
      }
    }
    for (const [kind, refs] of [
      ['document', documents],
      ['fdd', fddFiles],
    ] as const) {
      if (!refs) continue;
      await documentIds(tx, current.id, refs);
      await tx
        .delete(franchiseDocument)
        .where(
          and(eq(franchiseDocument.franchiseId, franchiseId), eq(franchiseDocument.kind, kind)),
        );
      if (refs.length > 0) {
        await tx
          .insert(franchiseDocument)
          .values(refs.map((r) => ({ franchiseId, kind, name: r.name, uploadId: r.uploadId })));
      }
    }
    return franchiseId;
  }

  async function writeConsultant(tx: Tx, userId: string, p: ProfilePatchParsed): Promise<void> {
    const columns = defined({
      bio: p.bio,
      company: p.company,
      rateCents: cents(p.rate),
      experienceLevel: p.experienceLevel,
      country: p.country,
      stateProvince: p.stateProvince,
      city: p.city,
      address: p.address,
      profileUrl: p.profileUrl,
    });
    const existing = await tx.query.consultantProfile.findFirst({
      where: eq(consultantProfile.userId, userId),
    });
    if (!existing) await tx.insert(consultantProfile).values({ userId, ...columns });
    else if (Object.keys(columns).length > 0) {
      await tx.update(consultantProfile).set(columns).where(eq(consultantProfile.userId, userId));
    }
    for (const [table, values] of [
      [consultantIndustry, p.industrySpecialty],
      [consultantRegion, p.region],
      [consultantGroup, p.groups],
    ] as const) {
      if (!values) continue;
      await tx.delete(table).where(eq(table.userId, userId));
      if (values.length > 0)
        await tx.insert(table).values(values.map((value) => ({ userId, value })));
    }
  }

  /**
   * Writes a profile as its owner would: `PATCH /api/users`, and the control panel's edits of a
   * user. The e-mail is written as given: the user's own route takes a new e-mail out first (it
   * waits for its confirmation link, users/email-change.ts); an admin's edit writes it at once.
   */
  async function updateOwnProfile(
    current: SessionUser,
    patch: ProfilePatchParsed,
    files: ProfileFiles = {},
  ): Promise<OwnProfile> {
    refuseForeignFields(current, patch, files);
    if (patch.email && patch.email !== current.email) {
      const taken = await db.query.user.findFirst({
        where: and(eq(user.email, patch.email), ne(user.id, current.id)),
        columns: { id: true },
      });
      if (taken) {
        throw new AppError('EMAIL_EXISTS', {
          errors: { email: 'An account with this email already exists' },
        });
      }
    }
    const stored: UploadResult[] = [];
    try {
      const [photo] = files.profilePhoto
        ? await deps.uploads.store([files.profilePhoto], current.id)
        : [];
      if (photo) stored.push(photo);
      const [logo] = files.logo ? await deps.uploads.store([files.logo], current.id) : [];
      if (logo) stored.push(logo);
      const photos = files.photos?.length ? await deps.uploads.store(files.photos, current.id) : [];
      stored.push(...photos);

      await db.transaction(async (tx) => {
        const row = await tx.query.user.findFirst({ where: eq(user.id, current.id) });
        if (!row) throw new AppError('UNAUTHORIZED');
        const firstName = patch.firstName ?? row.firstName;
        const lastName = patch.lastName ?? row.lastName;
        const userColumns = defined({
          firstName: patch.firstName,
          lastName: patch.lastName,
          email: patch.email,
          phone: patch.phone,
          position: patch.position,
          smsConsent: patch.smsConsent,
          profilePhoto: photo?.url,
          timeZone: patch.timeZone,
        });
        if (Object.keys(userColumns).length > 0) {
          await tx
            .update(user)
            .set({ ...userColumns, name: `${firstName} ${lastName}`.trim() })
            .where(eq(user.id, current.id));
        }
        if (current.role === 'consultant') await writeConsultant(tx, current.id, patch);
        if (current.role === 'franchisor') {
          await writeFranchise(
            tx,
            current,
            patch.franchise,
            { logo, photos },
            patch.documents,
            patch.fddFiles,
          );
        }
        await refreshCompleteness(tx, current.id);
      });
    } catch (error) {
      await deps.uploads.discard(stored);
      if (isUniqueViolation(error)) throw new AppError('EMAIL_EXISTS');
      throw error;
    }
    const profile = await findOwnProfile(db, current.id);
    if (!profile) throw new AppError('UNAUTHORIZED');
    return profile;
  }

  /**
   * Writes a franchise's fields and files for an admin: the same rules as a member's
   * edit, on a franchise that may have no member yet. Files are stored first and removed again when
   * the write fails.
   */
  async function writeFranchiseAsAdmin(
    franchiseId: string,
    adminId: string,
    patch: FranchisePatch,
    files: Pick<ProfileFiles, 'logo' | 'photos'> = {},
  ): Promise<void> {
    const stored: UploadResult[] = [];
    try {
      const [logo] = files.logo ? await deps.uploads.store([files.logo], adminId) : [];
      if (logo) stored.push(logo);
      const photos = files.photos?.length ? await deps.uploads.store(files.photos, adminId) : [];
      stored.push(...photos);
      const owner: SessionUser = {
        id: adminId,
        email: '',
        firstName: '',
        lastName: '',
        role: 'admin',
        isVerified: true,
        franchiseId,
      };
      await db.transaction((tx) =>
        writeFranchise(tx, owner, patch, { logo, photos }, undefined, undefined),
      );
    } catch (error) {
      await deps.uploads.discard(stored);
      throw error;
    }
  }

  /** `GET /api/profile`. */
  async function contactProfile(current: SessionUser): Promise<ContactProfile> {
    const row = await db.query.user.findFirst({ where: eq(user.id, current.id) });
    if (!row) throw new AppError('UNAUTHORIZED');
    const f = row.franchiseId
      ? await db.query.franchise.findFirst({ where: eq(franchise.id, row.franchiseId) })
      : undefined;
    const members = f ? await listFranchiseMembers(db, f.id) : [];
    const billing = members.find((m) => m.id === f?.billingContactUserId);
    return {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      position: row.position,
      smsConsent: row.smsConsent,
      billingAddress: billing?.email ?? null,
      members: members.map((m) => ({
        ...franchiseMemberContact(m, f?.billingContactUserId),
        isYou: m.id === current.id,
      })),
    };
  }

  /** Makes the franchise member with this e-mail the only billing contact; empty is refused. */
  async function setBillingContact(current: SessionUser, email: string): Promise<ContactProfile> {
    if (current.role !== 'franchisor' || !current.franchiseId) throw new AppError('FORBIDDEN');
    await setFranchiseBillingContact(db, current.franchiseId, email, {
      field: 'billingAddress',
      notMember: 'The billing contact must be a franchisor of your franchise',
    });
    return contactProfile(current);
  }

  /** `PATCH /api/profile` `{ data }`: own contact fields, SMS consent, and optionally the billing contact. */
  async function updateContact(
    current: SessionUser,
    data: {
      firstName?: string | undefined;
      lastName?: string | undefined;
      phone?: string | null | undefined;
      position?: string | null | undefined;
      smsConsent?: boolean | undefined;
      billingAddress?: string | null | undefined;
    },
  ): Promise<ContactProfile> {
    if (data.smsConsent !== undefined && current.role !== 'franchisor') {
      throw new AppError('VALIDATION_FAILED', {
        errors: { smsConsent: 'This field is not part of your profile' },
      });
    }
    if (data.billingAddress !== undefined)
      await setBillingContact(current, data.billingAddress ?? '');
    const row = await db.query.user.findFirst({ where: eq(user.id, current.id) });
    const columns = defined({
      firstName: data.firstName,
      lastName: data.lastName,
      phone: data.phone,
      position: data.position,
      smsConsent: data.smsConsent,
    });
    if (Object.keys(columns).length > 0) {
      const name =
        `${data.firstName ?? row?.firstName ?? ''} ${data.lastName ?? row?.lastName ?? ''}`.trim();
      await db.transaction(async (tx) => {
        await tx
          .update(user)
          .set({ ...columns, name })
          .where(eq(user.id, current.id));
        await refreshCompleteness(tx, current.id);
      });
    }
    return contactProfile(current);
  }

  /**
   * `DELETE /api/users`: the account can no longer sign in and its public profile disappears; its
   * meetings and payments stay for the other side and for accounting. A billing contact's role
   * passes to the earliest remaining member.
   */
  async function deleteAccount(current: SessionUser): Promise<void> {
    await db.transaction(async (tx) => {
      await tx
        .update(user)
        .set({ isDeleted: true, deletedAt: new Date(), status: false })
        .where(eq(user.id, current.id));
      await tx.delete(session).where(eq(session.userId, current.id));
      await handOverBillingContact(tx, current.franchiseId, current.id);
    });
    await deps.refreshTokens.revokeAllForUser(current.id);
    await deps.realtime.disconnectUser(current.id);
  }

  /** `PATCH /api/users/change-stripe-email`: where the payment provider sends receipts. */
  async function changePaymentEmail(
    current: SessionUser,
    email: string,
  ): Promise<{ ok: true; email: string }> {
    await db.update(user).set({ paymentEmail: email }).where(eq(user.id, current.id));
    return { ok: true, email };
  }

  return {
    updateOwnProfile,
    contactProfile,
    updateContact,
    setBillingContact,
    deleteAccount,
    writeFranchiseAsAdmin,
    changePaymentEmail,
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
