import * as v from 'valibot';
import {
  BROKER_GROUPS,
  COMMISSION_KINDS,
  COUNTRIES,
  EXPERIENCE_LEVEL_VALUES,
  INDUSTRY_SPECIALTIES,
  REGIONS,
  ROLES,
  STATE_CODES,
  SUBSCRIPTION_STATUSES,
} from './enums.ts';

/** Dollars as they cross the API: a number with at most two decimals (money is stored in cents). */
export const DollarsSchema = v.pipe(
  v.number(),
  v.finite(),
  v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'At most two decimals'),
);

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());
const nullableBoolean = v.nullable(v.boolean());

export const CommissionsSchema = v.object(
  Object.fromEntries(COMMISSION_KINDS.map((k) => [k, nullableNumber])) as Record<
    (typeof COMMISSION_KINDS)[number],
    typeof nullableNumber
  >,
);
export type Commissions = v.InferOutput<typeof CommissionsSchema>;

/** A document kept on a franchise: `uploadId` for saving the list back, `url` to open it. */
export const StoredDocumentSchema = v.object({
  name: v.string(),
  uploadId: v.string(),
  url: v.string(),
});
export type StoredDocument = v.InferOutput<typeof StoredDocumentSchema>;

/** A consultant as a public profile shows them: nothing private (no e-mail, phone, tokens, calendars). */
export const ConsultantPublicProfileSchema = v.object({
  id: v.string(),
  role: v.literal('consultant'),
  firstName: v.string(),
  lastName: v.string(),
  profilePhoto: nullableString,
  company: nullableString,
  bio: nullableString,
  experienceLevel: v.nullable(v.picklist(EXPERIENCE_LEVEL_VALUES)),
  industrySpecialty: v.array(v.picklist(INDUSTRY_SPECIALTIES)),
  region: v.array(v.picklist(REGIONS)),
  groups: v.array(v.picklist(BROKER_GROUPS)),
  country: nullableString,
  stateProvince: nullableString,
  city: nullableString,
  /** Dollars per 15 minutes. */
  rate: nullableNumber,
  isVerified: v.boolean(),
  averageRating: nullableNumber,
  reviewCount: v.number(),
});
export type ConsultantPublicProfile = v.InferOutput<typeof ConsultantPublicProfileSchema>;

/** A franchise brand's public data. */
export const FranchisePublicSchema = v.object({
  id: v.string(),
  company: v.string(),
  logo: nullableString,
  photos: v.array(v.string()),
  country: v.nullable(v.picklist(COUNTRIES)),
  established: nullableNumber,
  startedFranchising: nullableNumber,
  franchisedUnits: nullableNumber,
  corporateUnits: nullableNumber,
  franchisesInCanada: nullableBoolean,
  otherInternationalFranchises: nullableBoolean,
  overview: nullableString,
  categories: v.array(v.string()),
  statesRegisteredIn: v.array(v.picklist(STATE_CODES)),
  corporateWebsite: nullableString,
  minNetWorth: nullableNumber,
  cashRequiredMin: nullableNumber,
  cashRequiredMax: nullableNumber,
  franchiseFee: nullableNumber,
  royalty: nullableNumber,
  adFee: nullableNumber,
  avgNumberOfStaff: nullableNumber,
  specialDiscountPrograms: nullableString,
  item19: nullableBoolean,
  visaCandidates: nullableBoolean,
  absenteeModel: nullableBoolean,
  semiAbsenteeModel: nullableBoolean,
  b2b: nullableBoolean,
  homeBased: nullableBoolean,
  masterFranchiseOpportunities: nullableBoolean,
  veteranDiscount: nullableBoolean,
  sbaEligible: nullableBoolean,
  e2VisaFriendly: nullableBoolean,
  financialAssistance: nullableBoolean,
  siteSelectionAssistance: nullableBoolean,
  leaseNegotiationAssistance: nullableBoolean,
  recruitmentAssistance: nullableBoolean,
  coopAdvertising: nullableBoolean,
  training: nullableString,
  dayInTheLifeOfTheOwner: nullableString,
  whoIsAnIdealCandidate: nullableString,
});
export type FranchisePublic = v.InferOutput<typeof FranchisePublicSchema>;

/** A franchisor user as a public profile shows them, with their franchise. */
export const FranchisorPublicProfileSchema = v.object({
  id: v.string(),
  role: v.literal('franchisor'),
  firstName: v.string(),
  lastName: v.string(),
  profilePhoto: nullableString,
  position: nullableString,
  franchise: v.nullable(FranchisePublicSchema),
});
export type FranchisorPublicProfile = v.InferOutput<typeof FranchisorPublicProfileSchema>;

/** `GET /api/users/profile/{id}`. */
export const PublicProfileSchema = v.variant('role', [
  ConsultantPublicProfileSchema,
  FranchisorPublicProfileSchema,
]);
export type PublicProfile = v.InferOutput<typeof PublicProfileSchema>;

/** `GET /api/users/profile`: the signed-in user's own profile. */
export const OwnProfileSchema = v.object({
  id: v.string(),
  role: v.picklist(ROLES),
  email: v.string(),
  /**
   * A new e-mail waiting for its confirmation link to be opened (`PATCH /api/users`); null when
   * none. The account keeps `email` until then.
   */
  pendingEmail: nullableString,
  firstName: v.string(),
  lastName: v.string(),
  phone: nullableString,
  profilePhoto: nullableString,
  isVerified: v.boolean(),
  isDeactivated: v.boolean(),
  isDeleted: v.boolean(),
  status: v.boolean(),
  smsConsent: v.boolean(),
  position: nullableString,
  /** Completed profile steps (user-area §4). */
  profileCompleteness: v.array(v.string()),
  /**
   * The zone the person reads times in (rule 20): a consultant's calendar settings' zone, else
   * the one they chose; null until chosen.
   */
  timeZone: nullableString,
  consultant: v.nullable(
    v.object({
      rate: nullableNumber,
      bio: nullableString,
      company: nullableString,
      experienceLevel: v.nullable(v.picklist(EXPERIENCE_LEVEL_VALUES)),
      industrySpecialty: v.array(v.picklist(INDUSTRY_SPECIALTIES)),
      region: v.array(v.picklist(REGIONS)),
      groups: v.array(v.picklist(BROKER_GROUPS)),
      country: nullableString,
      stateProvince: nullableString,
      city: nullableString,
      address: nullableString,
      profileUrl: nullableString,
    }),
  ),
  franchise: v.nullable(
    v.object({
      ...FranchisePublicSchema.entries,
      email: nullableString,
      phone: nullableString,
      workPhone: nullableString,
      corporateAddress: nullableString,
      stripeSubscriptionStatus: v.nullable(v.picklist(SUBSCRIPTION_STATUSES)),
      billingAddress: nullableString,
      commissions: CommissionsSchema,
      internationalCommissions: CommissionsSchema,
      /** Documents and FDD files kept on the franchise (signed-in users only). */
      documents: v.array(StoredDocumentSchema),
      fddFiles: v.array(StoredDocumentSchema),
    }),
  ),
});
export type OwnProfile = v.InferOutput<typeof OwnProfileSchema>;

/** Public profiles and the own account (the SDK's `users.ts`). */
export const USER_OPERATIONS = {
  fetchConsultantById: 'Error fetching consultant by ID',
  // The franchisor's counterpart of `fetchConsultantById`, not named by the spec.
  fetchFranchisorById: 'Error fetching franchisor by ID',
  fetchProfile: 'Error fetching profile',
  updateProfile: 'Error updating profile',
  updatePassword: 'Error updating password',
} as const;
