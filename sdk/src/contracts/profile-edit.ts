import * as v from 'valibot';
import { CurrentPasswordSchema, EmailSchema, NAME_TOO_LONG } from './auth.ts';
import { TimeZoneSchema } from './booking.ts';
import { PROFILE_DEFAULTS } from './constants.ts';
import {
  BROKER_GROUPS,
  CASH_REQUIRED_MODES,
  COMMISSION_KINDS,
  COUNTRIES,
  EXPERIENCE_LEVEL_VALUES,
  INDUSTRY_SPECIALTIES,
  REGIONS,
  STATE_CODES,
} from './enums.ts';
import { FIELD_MESSAGES } from './texts.ts';
import { WebLinkSchema } from './web-link.ts';

/**
 * Editing one's own profile (issue: profiles). `PATCH /api/users` takes these fields as JSON or as
 * multipart form data (scalars as text, lists as repeated keys, `franchise`, `documents` and
 * `fddFiles` as JSON text, `profilePhoto` and `logo` as files). Undefined values are dropped by
 * clients; an empty string clears an optional text.
 */

/** Numbers typed into forms: optional minus and decimals (user-area §5), else 'Please enter numbers only'. */
export const NUMBER_PATTERN = /^-?\d*\.?\d+$/;
const formNumber = v.pipe(
  v.union(
    [
      v.number(FIELD_MESSAGES.numbersOnly),
      v.pipe(
        v.string(FIELD_MESSAGES.numbersOnly),
        v.trim(),
        v.regex(NUMBER_PATTERN, FIELD_MESSAGES.numbersOnly),
      ),
    ],
    FIELD_MESSAGES.numbersOnly,
  ),
  v.transform(Number),
  v.finite(FIELD_MESSAGES.numbersOnly),
);
/** An optional number field that an empty string (or null) clears (→ null); `message` for anything else. */
const clearable = <TSchema extends v.GenericSchema<unknown, number>>(
  schema: TSchema,
  message: string = FIELD_MESSAGES.numbersOnly,
) =>
  v.optional(
    v.union(
      [
        v.pipe(
          v.literal(''),
          v.transform(() => null),
        ),
        v.null(),
        schema,
      ],
      message,
    ),
  );
/** A number field that may be cleared with an empty string (→ null). */
const optionalNumber = clearable(formNumber);
const MAX_AMOUNT = 1_000_000_000;
/** An amount of dollars from `min` up to a billion; '' clears it (→ null). */
const amount = (min: number) =>
  clearable(
    v.pipe(
      formNumber,
      v.minValue(min, FIELD_MESSAGES.numbersOnly),
      v.maxValue(MAX_AMOUNT, FIELD_MESSAGES.numbersOnly),
    ),
  );
/** Fees and commissions: not below zero. */
const money = amount(0);
/** Net worth and cash required: any number, a minus and decimals allowed (user-area §5). */
const signedMoney = amount(-MAX_AMOUNT);
const percent = clearable(v.pipe(formNumber, v.minValue(0), v.maxValue(100)));
const year = clearable(
  v.pipe(formNumber, v.integer(), v.minValue(1800), v.maxValue(2100)),
  'Please enter a year',
);
const count = clearable(v.pipe(formNumber, v.integer(), v.minValue(0)));
const bool = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false', '1', '0', 'on'])]),
    v.transform((x) => x === true || x === 'true' || x === '1' || x === 'on'),
  ),
);
/** Optional text; '' clears it (→ null). */
const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((s) => (s === null ? null : s.trim() === '' ? null : s.trim())),
      v.check((s) => s === null || s.length <= max, `At most ${max} characters`),
    ),
  );
const requiredName = (message: string) =>
  v.optional(
    v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(100, NAME_TOO_LONG)),
  );
/** A list: one value or repeated values; duplicates dropped. */
const list = <const T extends readonly [string, ...string[]]>(values: T) =>
  v.optional(
    v.pipe(
      v.union([v.picklist(values), v.array(v.picklist(values))]),
      v.transform((x) => (Array.isArray(x) ? [...new Set(x)] : [x])),
    ),
  );

/** A franchise's commissions: amounts in dollars per kind (referral fee). */
const CommissionsPatchSchema = v.optional(
  v.object(
    Object.fromEntries(COMMISSION_KINDS.map((k) => [k, money])) as Record<
      (typeof COMMISSION_KINDS)[number],
      typeof money
    >,
  ),
);

/** Fields of the franchise a franchisor member edits (Franchise Details, Contact, Investment Profile, Training and Support, Referral Fee). */
export const FranchisePatchSchema = v.object({
  company: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('Please input your brand name!'), v.maxLength(120)),
  ),
  country: v.optional(v.picklist(COUNTRIES)),
  established: year,
  startedFranchising: year,
  franchisedUnits: count,
  corporateUnits: count,
  franchisesInCanada: bool,
  otherInternationalFranchises: bool,
  sbaEligible: bool,
  e2VisaFriendly: bool,
  overview: optionalText(5000),
  categories: list(INDUSTRY_SPECIALTIES),
  statesRegisteredIn: list(STATE_CODES),
  email: v.optional(
    v.union([
      v.pipe(
        v.literal(''),
        v.transform(() => null),
      ),
      EmailSchema,
    ]),
  ),
  phone: optionalText(40),
  workPhone: optionalText(40),
  corporateAddress: optionalText(300),
  corporateWebsite: WebLinkSchema,
  minNetWorth: signedMoney,
  cashRequiredMode: v.optional(v.picklist(CASH_REQUIRED_MODES)),
  cashRequiredMin: signedMoney,
  cashRequiredMax: signedMoney,
  franchiseFee: money,
  royalty: percent,
  adFee: percent,
  avgNumberOfStaff: count,
  specialDiscountPrograms: optionalText(2000),
  item19: bool,
  visaCandidates: bool,
  absenteeModel: bool,
  semiAbsenteeModel: bool,
  b2b: bool,
  homeBased: bool,
  masterFranchiseOpportunities: bool,
  veteranDiscount: bool,
  financialAssistance: bool,
  siteSelectionAssistance: bool,
  leaseNegotiationAssistance: bool,
  recruitmentAssistance: bool,
  coopAdvertising: bool,
  training: optionalText(5000),
  dayInTheLifeOfTheOwner: optionalText(5000),
  whoIsAnIdealCandidate: optionalText(5000),
  averageRevenue: optionalNumber,
  minInitialInvestment: optionalNumber,
  maxInitialInvestment: optionalNumber,
  commissions: CommissionsPatchSchema,
  internationalCommissions: CommissionsPatchSchema,
  /** Gallery photos kept, as upload URLs in display order (new files come as `photos` uploads). */
  photos: v.optional(v.array(v.pipe(v.string(), v.maxLength(500)))),
});
export type FranchisePatch = v.InferInput<typeof FranchisePatchSchema>;

/** A document or FDD file kept on the franchise: `uploadId` from `POST /api/users/upload-documents`. */
export const DocumentRefSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200)),
  uploadId: v.string(),
});
export type DocumentRef = v.InferOutput<typeof DocumentRefSchema>;

/**
 * `PATCH /api/users`: the signed-in user's own profile. Role-specific fields are refused for the
 * other role. A new `email` needs `currentPassword` and is not applied at once: the server mails a
 * link to the new address (the change takes effect when it is opened) and an undo link to the
 * current one; until then the profile's `pendingEmail` names it.
 */
export const ProfilePatchSchema = v.object({
  firstName: requiredName(FIELD_MESSAGES.firstNameRequired),
  lastName: requiredName(FIELD_MESSAGES.lastNameRequired),
  email: v.optional(EmailSchema),
  currentPassword: v.optional(CurrentPasswordSchema),
  phone: optionalText(40),
  position: optionalText(120),
  smsConsent: bool,
  // consultant
  bio: optionalText(4000),
  company: optionalText(120),
  rate: clearable(
    v.pipe(
      formNumber,
      v.minValue(1, 'The rate must be at least $1'),
      v.maxValue(10_000, 'The rate must be at most $10,000'),
      v.check(
        (n) =>
          Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
        'At most two decimals',
      ),
    ),
  ),
  experienceLevel: v.optional(
    v.pipe(formNumber, v.picklist(EXPERIENCE_LEVEL_VALUES, 'Please choose an experience level')),
  ),
  industrySpecialty: list(INDUSTRY_SPECIALTIES),
  region: list(REGIONS),
  groups: list(BROKER_GROUPS),
  country: optionalText(60),
  stateProvince: optionalText(60),
  city: optionalText(80),
  address: optionalText(300),
  profileUrl: WebLinkSchema,
  // franchisor
  franchise: v.optional(FranchisePatchSchema),
  documents: v.optional(v.array(DocumentRefSchema)),
  fddFiles: v.optional(v.array(DocumentRefSchema)),
  /**
   * The zone the person reads times in (rule 20), one of the product's selectable zones (user-area
   * §9), the ones bookings, calendars and invitations are kept in; null forgets the choice. A
   * consultant's zone is their calendar settings' (their weekly hours follow it), so they do not
   * send it here.
   */
  timeZone: v.optional(v.nullable(TimeZoneSchema)),
});
export type ProfilePatch = v.InferInput<typeof ProfilePatchSchema>;
export type ProfilePatchParsed = v.InferOutput<typeof ProfilePatchSchema>;

/** The body of `api.users.setTimeZone`: the profile's zone alone (rule 20). */
export const TimeZonePatchSchema = v.object({
  timeZone: v.nullable(TimeZoneSchema),
});
export type TimeZonePatch = v.InferInput<typeof TimeZonePatchSchema>;

/** Keys of `ProfilePatchSchema` that only consultants may send. */
export const CONSULTANT_ONLY_FIELDS = [
  'bio',
  'company',
  'rate',
  'experienceLevel',
  'industrySpecialty',
  'region',
  'groups',
  'country',
  'stateProvince',
  'city',
  'address',
  'profileUrl',
] as const;
/** Keys only franchisors may send. */
export const FRANCHISOR_ONLY_FIELDS = ['franchise', 'documents', 'fddFiles', 'smsConsent'] as const;
/** Keys sent as repeated multipart items. */
export const PROFILE_LIST_FIELDS = ['industrySpecialty', 'region', 'groups'] as const;
/** Keys sent as JSON text in multipart. */
export const PROFILE_JSON_FIELDS = ['franchise', 'documents', 'fddFiles'] as const;

/** `GET /api/profile`: the franchisor's contact data and the franchise's members with the billing contact. */
export const ContactProfileSchema = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  position: v.nullable(v.string()),
  smsConsent: v.boolean(),
  billingAddress: v.nullable(v.string()),
  members: v.array(
    v.object({
      id: v.string(),
      firstName: v.string(),
      lastName: v.string(),
      email: v.string(),
      phone: v.nullable(v.string()),
      position: v.nullable(v.string()),
      isBillingContact: v.boolean(),
      isYou: v.boolean(),
    }),
  ),
});
export type ContactProfile = v.InferOutput<typeof ContactProfileSchema>;

/** `PATCH /api/profile` with `{ data }`: own contact fields, SMS consent, and the billing contact by e-mail. */
export const ContactProfilePatchSchema = v.object({
  data: v.object({
    firstName: requiredName(FIELD_MESSAGES.firstNameRequired),
    lastName: requiredName(FIELD_MESSAGES.lastNameRequired),
    phone: optionalText(40),
    position: optionalText(120),
    smsConsent: bool,
    /** The e-mail of the franchise member who becomes the only billing contact. Empty is refused. */
    billingAddress: v.optional(v.nullable(v.string())),
  }),
});
export type ContactProfilePatch = v.InferInput<typeof ContactProfilePatchSchema>;

/** `PATCH /api/profile/billing-address`: sets the billing contact by e-mail (any member of the franchise, only one). */
export const BillingAddressInputSchema = v.object({
  email: v.pipe(
    v.nullable(v.string()),
    v.transform((s) => s ?? ''),
  ),
});

/** `PATCH /api/users/change-stripe-email`. */
export const StripeEmailInputSchema = v.object({
  email: v.pipe(
    v.string(FIELD_MESSAGES.stripeEmailRequired),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.stripeEmailRequired),
    v.email(FIELD_MESSAGES.emailInvalid),
    v.toLowerCase(),
  ),
});

// ---- Changing one's e-mail: proof of the password, then of the new mailbox ----

/** The link mailed to the new address confirms the change this long (then a new request is needed). */
export const EMAIL_CHANGE_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
/** The link mailed to the old address undoes the change (and ends every session) this long. */
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The portal page the e-mails link to: `?confirm=<token>` (sent to the new address) or
 * `?undo=<token>` (sent to the old one).
 */
export const EMAIL_CHANGE_PAGE_PATH = '/email-change';

/**
 * A change of one's own e-mail (`PATCH /api/users` with these two fields): the new address and the
 * account's current password.
 */
export const EmailChangeInputSchema = v.object({
  email: EmailSchema,
  currentPassword: CurrentPasswordSchema,
});
export type EmailChangeInput = v.InferInput<typeof EmailChangeInputSchema>;

/** `POST /api/users/email-change/confirm` and `…/undo`: the token from the e-mail's link. */
export const EmailChangeTokenInputSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
});
export type EmailChangeTokenInput = v.InferInput<typeof EmailChangeTokenInputSchema>;

/** The answer of confirming or undoing: the account's e-mail from now on. */
export const EmailChangeResultSchema = v.object({ ok: v.literal(true), email: v.string() });
export type EmailChangeResult = v.InferOutput<typeof EmailChangeResultSchema>;

/** `POST /api/users/upload-images` and friends answer the stored file. */
export const UploadResultSchema = v.object({
  id: v.string(),
  url: v.string(),
  mime: v.string(),
  size: v.number(),
});
export type UploadResult = v.InferOutput<typeof UploadResultSchema>;

/** The registration draft's defaults (user-area §3), re-exported for forms. */
export const REGISTRATION_DEFAULTS = PROFILE_DEFAULTS;

/** Texts of the e-mail change (the spec is silent about it), in the portal and the control panel. */
export const EMAIL_CHANGE_TEXT = {
  title: 'Change Email',
  lead: 'Your e-mail is your sign-in. A new one needs your current password and takes effect when you open the link we send to it.',
  sent: (email: string) => `We sent a confirmation link to ${email}.`,
  pending: (pendingEmail: string, email: string) =>
    `A change to ${pendingEmail} is waiting for you to open the link we sent there (within 24 hours). Until then you sign in with ${email}.`,
} as const;
