import * as v from 'valibot';
import {
  ADMIN_PAGE_SIZES,
  PROMOTION_DESCRIPTION_MAX,
  RATING_AGGREGATION_LIMIT,
} from './constants.ts';
import {
  BOOKING_STATUS_INPUTS,
  BOOKING_STATUSES,
  BRAND_NAME_STATUSES,
  CALENDAR_PROVIDERS,
  COUNTRIES,
  EXPERIENCE_LEVEL_VALUES,
  FRANCHISOR_DISPLAY_STATUSES,
  PAYMENT_MEETING_STATUSES,
  PAYMENT_PAID_STATES,
  PROMOTION_AFFECTED,
  PROMOTION_EFFECTS,
  PROMOTION_STATUSES,
  SUBSCRIPTION_STATUSES,
} from './enums.ts';
import { PresenceSummarySchema } from './meeting-room.ts';
import { queryCount } from './paging.ts';
import { GRAPH_PERIODS, PaymentMethodSchema } from './payments.ts';
import { FranchisePatchSchema, ProfilePatchSchema } from './profile-edit.ts';
import { CommissionsSchema, FranchisePublicSchema } from './profiles.ts';
import { RescheduleRequestSchema } from './reschedule.ts';
import { FIELD_MESSAGES } from './texts.ts';

/**
 * The admin control panel's calls (admin-panel.md §7, rule 17), all at `/api/admin/*` and answered
 * only for admins (401 `UNAUTHORIZED` without a session, 403 `ADMIN_ONLY` for other roles).
 * Lists answer `{<key>, total, page, limit}` with the spec's keys; money crosses in dollars.
 */

// ---------------------------------------------------------------------------------------------
// Paging and filters

/** Page sizes of admin tables (5, 10, 20); `limit` defaults to 10. */
const pageSize = v.pipe(
  queryCount(RATING_AGGREGATION_LIMIT),
  v.check(
    (n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n),
    'Page size must be 5, 10 or 20',
  ),
);
/** Sessions also accept the spec's `limit=10000` (the average-rating fetch). */
const sessionPageSize = v.pipe(
  queryCount(RATING_AGGREGATION_LIMIT),
  v.check(
    (n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n) || n === RATING_AGGREGATION_LIMIT,
    `Page size must be 5, 10, 20 or ${RATING_AGGREGATION_LIMIT}`,
  ),
);
const page = v.optional(queryCount(1_000_000), 1);
/** `page` and `limit` (10 by default) of every admin table but sessions. */
const paging = { page, limit: v.optional(pageSize, 10) };
const search = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'The search is too long')));
/** `YYYY-MM-DD` (a whole UTC day) or a full ISO-8601 instant. */
export const AdminDateSchema = v.pipe(
  v.string('Please enter a date'),
  v.trim(),
  v.check(
    (s) =>
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(s) &&
      !Number.isNaN(Date.parse(s)),
    'Please enter a valid date',
  ),
);
const dateRange = {
  startDate: v.optional(AdminDateSchema),
  /** Inclusive: a bare date covers the whole day. */
  endDate: v.optional(AdminDateSchema),
};
const id = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100));
/** A status filter or choice: every admin list refuses an unknown status with the same message. */
const statusPicklist = <const TOptions extends v.PicklistOptions>(options: TOptions) =>
  v.picklist(options, 'Please choose a status');

/** A franchise as a row names it. */
const franchiseRef = v.object({ id: v.string(), company: v.string() });
/** Who a person is in admin answers: id, name and e-mail. */
const personEntries = {
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
};
/** A form field that must be filled: missing (a form drops empty values) reads as empty, with the same message. */
const requiredText = (message: string) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message));

/** `total, page, limit` of every admin list. */
const pageInfo = { total: v.number(), page: v.number(), limit: v.number() };

// ---------------------------------------------------------------------------------------------
// Users (consultants and franchisor users)

/** Roles listed by `GET admin/users`: `franchisee` is read as `franchisor` (rule 5). */
export const ADMIN_USER_ROLE_INPUTS = ['consultant', 'franchisor', 'franchisee'] as const;
const roleInput = v.pipe(
  v.picklist(ADMIN_USER_ROLE_INPUTS, 'Please choose consultant or franchisor'),
  v.transform((r): 'consultant' | 'franchisor' => (r === 'franchisee' ? 'franchisor' : r)),
);

/** Consultant display statuses (§4, first match wins; `-` when none applies). */
export const CONSULTANT_DISPLAY_STATUSES = [
  'deleted',
  'deactivated',
  'hidden',
  'active',
  '-',
] as const;
export type ConsultantDisplayStatus = (typeof CONSULTANT_DISPLAY_STATUSES)[number];
/** Filter values of `status` on user lists (lowercase display statuses; `inactive` = not verified). */
export const ADMIN_USER_STATUS_FILTERS = [
  'active',
  'inactive',
  'hidden',
  'deactivated',
  'deleted',
] as const;
export type AdminUserStatusFilter = (typeof ADMIN_USER_STATUS_FILTERS)[number];

/** `GET admin/users?role=consultant|franchisor|franchisee&search&status&startDate&endDate&page&limit`. */
export const AdminUserListQuerySchema = v.object({
  role: roleInput,
  search,
  status: v.optional(statusPicklist(ADMIN_USER_STATUS_FILTERS)),
  ...dateRange,
  ...paging,
});
export type AdminUserListQuery = v.InferInput<typeof AdminUserListQuerySchema>;

/** The flags every account has and the display status the panel shows for them. */
const accountFlags = {
  isVerified: v.boolean(),
  isDeleted: v.boolean(),
  isDeactivated: v.boolean(),
  /** `false` means hidden. */
  status: v.boolean(),
  /** §4: consultants `deleted|deactivated|hidden|active|-`; franchisor users `Inactive|Deleted|Deactivated|Hidden|Activated`. */
  displayStatus: v.union([
    v.picklist(CONSULTANT_DISPLAY_STATUSES),
    v.picklist(FRANCHISOR_DISPLAY_STATUSES),
  ]),
};

/** One row of an admin user list. `franchise` is set for franchisor users. */
export const AdminUserRowSchema = v.object({
  id: v.string(),
  role: v.picklist(['consultant', 'franchisor']),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  profilePhoto: v.nullable(v.string()),
  ...accountFlags,
  /** Consultants: dollars per 15 minutes. */
  rate: v.nullable(v.number()),
  company: v.nullable(v.string()),
  country: v.nullable(v.string()),
  stateProvince: v.nullable(v.string()),
  city: v.nullable(v.string()),
  experienceLevel: v.nullable(v.picklist(EXPERIENCE_LEVEL_VALUES)),
  industrySpecialty: v.array(v.string()),
  region: v.array(v.string()),
  franchise: v.nullable(franchiseRef),
  createdAt: v.string(),
});
export type AdminUserRow = v.InferOutput<typeof AdminUserRowSchema>;
export const AdminUserListSchema = v.object({ users: v.array(AdminUserRowSchema), ...pageInfo });
export type AdminUserList = v.InferOutput<typeof AdminUserListSchema>;

/** A pending activation link (rule 6) of an account created by an admin; `null` once activated. */
export const ActivationLinkSchema = v.object({
  link: v.string(),
  /** ISO instant; the panel shows it as `d MMM, yyyy, h:mm a` (ACTIVATION_EXPIRY_FORMAT). */
  expiresAt: v.string(),
  expired: v.boolean(),
});
export type ActivationLink = v.InferOutput<typeof ActivationLinkSchema>;

/** `GET admin/users/{id}`: everything the consultant or franchisor detail page shows. */
export const AdminUserDetailSchema = v.object({
  ...AdminUserRowSchema.entries,
  bio: v.nullable(v.string()),
  address: v.nullable(v.string()),
  profileUrl: v.nullable(v.string()),
  groups: v.array(v.string()),
  position: v.nullable(v.string()),
  smsConsent: v.boolean(),
  /** Connected calendars (provider only; their secrets never leave the server). */
  calendars: v.array(v.object({ provider: v.picklist(CALENDAR_PROVIDERS) })),
  averageRating: v.nullable(v.number()),
  reviewCount: v.number(),
  /** The pending activation link, or `null` (activated, or signed up by themselves). */
  activation: v.nullable(ActivationLinkSchema),
  /** Franchisor users: the e-mail of their franchise's billing contact. */
  billingAddress: v.nullable(v.string()),
  /** Franchisor users: the other members of their franchise. */
  franchisors: v.array(v.object(personEntries)),
  updatedAt: v.string(),
});
export type AdminUserDetail = v.InferOutput<typeof AdminUserDetailSchema>;

/** Required user fields of the admin create/edit forms (§5); the phone message is the spec's own. */
const userFirstName = v.pipe(requiredText(FIELD_MESSAGES.userFirstNameRequired), v.maxLength(100));
const userLastName = v.pipe(requiredText(FIELD_MESSAGES.userLastNameRequired), v.maxLength(100));
const userEmail = v.pipe(
  requiredText(FIELD_MESSAGES.userEmailRequired),
  v.email(FIELD_MESSAGES.emailInvalid),
  v.maxLength(254, FIELD_MESSAGES.emailInvalid),
  v.toLowerCase(),
);
/** admin-panel §5: "the phone rule's message wrongly mentions first name" — kept as the spec has it. */
const userPhone = v.pipe(requiredText(FIELD_MESSAGES.userFirstNameRequired), v.maxLength(40));

/** Consultant profile fields an admin may set (the consultant's own profile fields). */
const consultantFields = {
  bio: ProfilePatchSchema.entries.bio,
  company: ProfilePatchSchema.entries.company,
  rate: ProfilePatchSchema.entries.rate,
  experienceLevel: ProfilePatchSchema.entries.experienceLevel,
  industrySpecialty: ProfilePatchSchema.entries.industrySpecialty,
  region: ProfilePatchSchema.entries.region,
  groups: ProfilePatchSchema.entries.groups,
  country: ProfilePatchSchema.entries.country,
  stateProvince: ProfilePatchSchema.entries.stateProvince,
  city: ProfilePatchSchema.entries.city,
  address: ProfilePatchSchema.entries.address,
  profileUrl: ProfilePatchSchema.entries.profileUrl,
  position: ProfilePatchSchema.entries.position,
  smsConsent: ProfilePatchSchema.entries.smsConsent,
};

/**
 * `POST admin/users` (JSON or multipart; lists as repeated `name[]` items; photo `profilePhoto`
 * sent as `cropped-image.jpg`). A franchisor user needs `franchiseId` (Create New Franchisor on a
 * franchise). The account has no password: the answer carries its activation link.
 */
export const AdminUserCreateSchema = v.object({
  role: roleInput,
  firstName: userFirstName,
  lastName: userLastName,
  email: userEmail,
  phone: userPhone,
  franchiseId: v.optional(id),
  ...consultantFields,
});
export type AdminUserCreate = v.InferInput<typeof AdminUserCreateSchema>;

/**
 * `PATCH admin/users/{id}`: the edit form (same rules as create, every field optional but not
 * empty), or only `isDeactivated` / `status` (the Actions dropdown).
 */
/** A switch of the Actions dropdown: a boolean, or its text as a form sends it. */
const switchInput = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false'])]),
    v.transform((x) => x === true || x === 'true'),
  ),
);

export const AdminUserUpdateSchema = v.object({
  firstName: v.optional(userFirstName),
  lastName: v.optional(userLastName),
  email: v.optional(userEmail),
  phone: v.optional(userPhone),
  ...consultantFields,
  isDeactivated: switchInput,
  status: switchInput,
});
export type AdminUserUpdate = v.InferInput<typeof AdminUserUpdateSchema>;
/** Keys of admin user/franchise forms sent as repeated multipart items (`name[]`). */
export const ADMIN_LIST_FIELDS = [
  'industrySpecialty',
  'region',
  'groups',
  'categories',
  'statesRegisteredIn',
  'photos',
] as const;
/** Keys sent as JSON text in multipart. */
export const ADMIN_JSON_FIELDS = ['commissions', 'internationalCommissions'] as const;

/** `POST admin/users` answers the new account and its activation link. */
export const AdminUserCreatedSchema = v.object({
  user: AdminUserDetailSchema,
  activation: ActivationLinkSchema,
});
export type AdminUserCreated = v.InferOutput<typeof AdminUserCreatedSchema>;

/** `GET admin/franchisors?search`: franchisor users for Add Existing Franchisor. */
export const AdminFranchisorQuerySchema = v.object({ search });
export type AdminFranchisorQuery = v.InferInput<typeof AdminFranchisorQuerySchema>;
export const AdminFranchisorOptionSchema = v.object({
  ...personEntries,
  franchise: v.nullable(franchiseRef),
});
export type AdminFranchisorOption = v.InferOutput<typeof AdminFranchisorOptionSchema>;
export const AdminFranchisorListSchema = v.object({
  /** The first FRANCHISOR_OPTIONS_LIMIT matches by name. */
  franchisors: v.array(AdminFranchisorOptionSchema),
  /** Whether more match than that (the search should be narrowed to reach them). */
  truncated: v.boolean(),
});
export type AdminFranchisorList = v.InferOutput<typeof AdminFranchisorListSchema>;

/** Add Existing Franchisor's form (§5: selection required, 'Please add user'). */
export const AddExistingFranchisorFormSchema = v.object({
  franchisorId: v.pipe(
    v.string(FIELD_MESSAGES.addUserRequired),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.addUserRequired),
  ),
});

// ---------------------------------------------------------------------------------------------
// Franchises

/** Franchise display status (§4). */
export const FRANCHISE_DISPLAY_STATUSES = ['Activated', 'Inactive'] as const;
export type FranchiseDisplayStatus = (typeof FRANCHISE_DISPLAY_STATUSES)[number];
/** Filter values of `status` on the franchise list. */
export const ADMIN_FRANCHISE_STATUS_FILTERS = [
  'active',
  'inactive',
  'hidden',
  'deactivated',
] as const;

/** `GET admin/franchises?search&status&startDate&endDate&page&limit`. */
export const AdminFranchiseListQuerySchema = v.object({
  search,
  status: v.optional(statusPicklist(ADMIN_FRANCHISE_STATUS_FILTERS)),
  ...dateRange,
  ...paging,
});
export type AdminFranchiseListQuery = v.InferInput<typeof AdminFranchiseListQuerySchema>;

/** Whether a franchise is activated, deactivated or hidden, and how the panel shows it (§4). */
const franchiseStatusFields = {
  isActivated: v.boolean(),
  isDeactivated: v.boolean(),
  /** `false` means hidden. */
  status: v.boolean(),
  displayStatus: v.picklist(FRANCHISE_DISPLAY_STATUSES),
};

const subscriptionFields = {
  stripeSubscriptionStatus: v.nullable(v.picklist(SUBSCRIPTION_STATUSES)),
  /** `active`, `trialing`, `canceled`, or `Unsubscribed` when there is none (§4). */
  subscription: v.string(),
};

export const AdminFranchiseRowSchema = v.object({
  id: v.string(),
  company: v.string(),
  logo: v.nullable(v.string()),
  country: v.nullable(v.picklist(COUNTRIES)),
  categories: v.array(v.string()),
  statesRegisteredIn: v.array(v.string()),
  ...franchiseStatusFields,
  ...subscriptionFields,
  members: v.number(),
  billingAddress: v.nullable(v.string()),
  createdAt: v.string(),
});
export type AdminFranchiseRow = v.InferOutput<typeof AdminFranchiseRowSchema>;
export const AdminFranchiseListSchema = v.object({
  franchises: v.array(AdminFranchiseRowSchema),
  ...pageInfo,
});
export type AdminFranchiseList = v.InferOutput<typeof AdminFranchiseListSchema>;

/** A franchise member as the detail page's table lists them. */
export const AdminFranchiseMemberSchema = v.object({
  ...personEntries,
  phone: v.nullable(v.string()),
  position: v.nullable(v.string()),
  isBillingContact: v.boolean(),
  ...accountFlags,
  activation: v.nullable(ActivationLinkSchema),
});
export type AdminFranchiseMember = v.InferOutput<typeof AdminFranchiseMemberSchema>;

/** `GET admin/franchises/{id}`: every accordion section of the detail page and its members. */
export const AdminFranchiseDetailSchema = v.object({
  ...FranchisePublicSchema.entries,
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  workPhone: v.nullable(v.string()),
  corporateAddress: v.nullable(v.string()),
  commissions: CommissionsSchema,
  internationalCommissions: CommissionsSchema,
  ...franchiseStatusFields,
  activatedBy: v.nullable(v.string()),
  ...subscriptionFields,
  /** The primary (default) card, if any. */
  primaryPaymentMethod: v.nullable(PaymentMethodSchema),
  billingAddress: v.nullable(v.string()),
  users: v.array(AdminFranchiseMemberSchema),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type AdminFranchiseDetail = v.InferOutput<typeof AdminFranchiseDetailSchema>;

/**
 * `POST admin/franchises` / `PATCH admin/franchises/{id}` (JSON or multipart with `logo` and
 * `photos` files, lists as `name[]`, commissions as JSON text). The forms declare no required or
 * format rules (§5) beyond the brand name on create; the create form offers no `sbaEligible` /
 * `e2VisaFriendly` (the edit form does), the API accepts them on both. `PATCH` also takes only
 * `isDeactivated` / `status`.
 */
export const AdminFranchiseCreateSchema = v.object({
  ...FranchisePatchSchema.entries,
  company: v.pipe(requiredText('Please input the brand name!'), v.maxLength(120)),
});
export type AdminFranchiseCreate = v.InferInput<typeof AdminFranchiseCreateSchema>;
export const AdminFranchiseUpdateSchema = v.object({
  ...FranchisePatchSchema.entries,
  isDeactivated: switchInput,
  status: switchInput,
});
export type AdminFranchiseUpdate = v.InferInput<typeof AdminFranchiseUpdateSchema>;

/** `PATCH admin/franchises/{id}/billing-address {email}`: the one billing contact; empty is refused. */
export const AdminBillingAddressInputSchema = v.object({
  email: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim().toLowerCase()),
    v.nonEmpty(FIELD_MESSAGES.billingAddressNotDeletable),
  ),
});

/** `GET admin/payment-methods/{franchiseId}`. */
export const AdminPaymentMethodListSchema = v.object({ data: v.array(PaymentMethodSchema) });

/** Files an admin form sends beside its fields (each sent as `cropped-image.jpg`). */
export interface AdminFiles {
  profilePhoto?: Blob | undefined;
  logo?: Blob | undefined;
  photos?: Blob[] | undefined;
}

// ---------------------------------------------------------------------------------------------
// Bookings (sessions)

/** `GET admin/sessions?consultantId&franchiseId&search&status&startDate&endDate&page&limit` (`limit=10000` allowed). */
export const AdminSessionListQuerySchema = v.object({
  consultantId: v.optional(id),
  franchiseId: v.optional(id),
  search,
  /** `finished` is read as `completed` (rule 8). */
  status: v.optional(
    v.pipe(
      statusPicklist(BOOKING_STATUS_INPUTS),
      v.transform((s) => (s === 'finished' ? 'completed' : s)),
    ),
  ),
  ...dateRange,
  page,
  limit: v.optional(sessionPageSize, 10),
});
export type AdminSessionListQuery = v.InferInput<typeof AdminSessionListQuerySchema>;

export const AdminSessionSchema = v.object({
  id: v.string(),
  start: v.string(),
  end: v.string(),
  /** Minutes. */
  duration: v.number(),
  status: v.picklist(BOOKING_STATUSES),
  consultant: v.object({
    ...personEntries,
    profilePhoto: v.nullable(v.string()),
    /** The rate the meeting was booked at, dollars per 15 minutes. */
    rate: v.number(),
  }),
  franchise: v.nullable(
    v.object({ id: v.string(), company: v.string(), logo: v.nullable(v.string()) }),
  ),
  franchisor: v.object(personEntries),
  /** floor(duration / 15) × rate, dollars. */
  amount: v.number(),
  paidAmount: v.number(),
  isPaid: v.boolean(),
  /** Set on completed meetings; the panel shows N/A otherwise. */
  markedAsCompletedAt: v.nullable(v.string()),
  reviews: v.array(v.object({ rating: v.number(), comment: v.nullable(v.string()) })),
  createdAt: v.string(),
  updatedAt: v.string(),
  /** The meeting room's presence log and measure (rule 16); on the detail (`GET …/sessions/{id}`) only. */
  presence: v.optional(PresenceSummarySchema),
  /** Rule 20: the meeting's reschedule proposals, newest first; on the detail only. */
  reschedules: v.optional(v.array(RescheduleRequestSchema)),
  /**
   * The API key the meeting was booked through (rule 18: a partner page's embed key or the
   * franchise's secret key); null when booked on the product itself.
   */
  apiKey: v.optional(
    v.nullable(
      v.object({ id: v.string(), name: v.string(), kind: v.picklist(['publishable', 'secret']) }),
    ),
  ),
});
export type AdminSession = v.InferOutput<typeof AdminSessionSchema>;
export const AdminSessionListSchema = v.object({
  sessions: v.array(AdminSessionSchema),
  ...pageInfo,
});
export type AdminSessionList = v.InferOutput<typeof AdminSessionListSchema>;

// ---------------------------------------------------------------------------------------------
// Payments

/** `GET admin/payments?startDate&endDate&search&status&paid&page&limit`. */
export const AdminPaymentListQuerySchema = v.object({
  search,
  /** The meeting status. */
  status: v.optional(statusPicklist(PAYMENT_MEETING_STATUSES)),
  paid: v.optional(v.picklist(PAYMENT_PAID_STATES, 'Please choose paid or unpaid')),
  ...dateRange,
  ...paging,
});
export type AdminPaymentListQuery = v.InferInput<typeof AdminPaymentListQuerySchema>;

export const AdminPaymentRowSchema = v.object({
  id: v.string(),
  meetingId: v.nullable(v.string()),
  franchise: v.nullable(franchiseRef),
  consultant: v.object({ id: v.string(), firstName: v.string(), lastName: v.string() }),
  start: v.string(),
  /** Dollars. */
  amount: v.number(),
  /** The meeting status. */
  status: v.picklist(PAYMENT_MEETING_STATUSES),
  isPaid: v.boolean(),
  /** `paid` or `unpaid` (§4). */
  paymentStatus: v.picklist(PAYMENT_PAID_STATES),
  chargedAt: v.nullable(v.string()),
});
export type AdminPaymentRow = v.InferOutput<typeof AdminPaymentRowSchema>;
export const AdminPaymentListSchema = v.object({
  payments: v.array(AdminPaymentRowSchema),
  ...pageInfo,
});
export type AdminPaymentList = v.InferOutput<typeof AdminPaymentListSchema>;

// ---------------------------------------------------------------------------------------------
// Downloads (rule 17)

/** A download answers every row of its list's filters: its query is the list's without these. */
const PAGING_KEYS = ['page', 'limit'] as const;

/** Every `…/download` answers a file name and the base64 of a UTF-8 CSV. */
export const AdminFileSchema = v.object({ fileName: v.string(), file: v.string() });
export type AdminFile = v.InferOutput<typeof AdminFileSchema>;

/** `GET admin/bookings/download`: the bookings list's filters, no paging. */
export const AdminBookingsDownloadQuerySchema = v.omit(AdminSessionListQuerySchema, PAGING_KEYS);
export type AdminBookingsDownloadQuery = v.InferInput<typeof AdminBookingsDownloadQuerySchema>;
/** `GET admin/payments/download`. */
export const AdminPaymentsDownloadQuerySchema = v.omit(AdminPaymentListQuerySchema, PAGING_KEYS);
export type AdminPaymentsDownloadQuery = v.InferInput<typeof AdminPaymentsDownloadQuerySchema>;
/** `GET admin/consultants/download`. */
export const AdminConsultantsDownloadQuerySchema = v.omit(AdminUserListQuerySchema, [
  'role',
  ...PAGING_KEYS,
]);
export type AdminConsultantsDownloadQuery = v.InferInput<
  typeof AdminConsultantsDownloadQuerySchema
>;
/** `GET admin/franchises/download`. */
export const AdminFranchisesDownloadQuerySchema = v.omit(
  AdminFranchiseListQuerySchema,
  PAGING_KEYS,
);
export type AdminFranchisesDownloadQuery = v.InferInput<typeof AdminFranchisesDownloadQuerySchema>;

/** Rule 17's columns, in order. */
export const CSV_COLUMNS = {
  consultants: [
    'id',
    'firstName',
    'lastName',
    'email',
    'phone',
    'company',
    'country',
    'stateProvince',
    'city',
    'rate',
    'experienceLevel',
    'industries',
    'regions',
    'status',
    'verified',
    'createdAt',
  ],
  franchises: [
    'id',
    'name',
    'status',
    'subscription',
    'country',
    'members',
    'billingContactEmail',
    'investmentMin',
    'investmentMax',
    'franchiseFee',
    'createdAt',
  ],
  bookings: [
    'id',
    'start',
    'duration',
    'status',
    'consultant',
    'consultantEmail',
    'franchise',
    'amount',
    'isPaid',
    'completedAt',
  ],
  payments: ['id', 'meetingStart', 'franchise', 'consultant', 'amount', 'meetingStatus', 'isPaid'],
  brandNames: [
    'name',
    'status',
    'userRegisteredName',
    'userRegisteredEmail',
    'createdAt',
    'updatedAt',
  ],
} as const;

// ---------------------------------------------------------------------------------------------
// Promotions

const lowerPicklist = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.transform((s) => values.find((x) => x.toLowerCase() === s.trim().toLowerCase()) ?? s),
    v.picklist(values, message),
  );

/** `GET admin/promotions?status&effect&affected&startingDate&endingDate&page&limit` (effect/affected case-insensitive). */
export const AdminPromotionListQuerySchema = v.object({
  status: v.optional(v.picklist(PROMOTION_STATUSES, 'Please choose active or inactive')),
  effect: v.optional(lowerPicklist(PROMOTION_EFFECTS, FIELD_MESSAGES.promotionEffectRequired)),
  affected: v.optional(lowerPicklist(PROMOTION_AFFECTED, FIELD_MESSAGES.promotionAffectedRequired)),
  /** ISO: promotions running at or after this instant. */
  startingDate: v.optional(AdminDateSchema),
  /** ISO: promotions starting at or before this instant. */
  endingDate: v.optional(AdminDateSchema),
  search,
  ...paging,
});
export type AdminPromotionListQuery = v.InferInput<typeof AdminPromotionListQuerySchema>;

export const AdminPromotionSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  effect: v.picklist(PROMOTION_EFFECTS),
  affected: v.picklist(PROMOTION_AFFECTED),
  startDate: v.string(),
  endDate: v.string(),
  /** `active` (Running) or `inactive` (Paused). */
  status: v.picklist(PROMOTION_STATUSES),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type AdminPromotion = v.InferOutput<typeof AdminPromotionSchema>;
export const AdminPromotionListSchema = v.object({
  promotions: v.array(AdminPromotionSchema),
  ...pageInfo,
});
export type AdminPromotionList = v.InferOutput<typeof AdminPromotionListSchema>;

const promotionName = v.pipe(requiredText(FIELD_MESSAGES.promotionNameRequired), v.maxLength(120));
const promotionDescription = v.optional(
  v.pipe(
    v.nullable(v.string()),
    v.transform((s) => (s === null || s.trim() === '' ? null : s.trim())),
    v.check(
      (s) => s === null || s.length <= PROMOTION_DESCRIPTION_MAX,
      `The description can be at most ${PROMOTION_DESCRIPTION_MAX} characters`,
    ),
  ),
);
const promotionEffect = lowerPicklist(PROMOTION_EFFECTS, FIELD_MESSAGES.promotionEffectRequired);
const promotionAffected = lowerPicklist(
  PROMOTION_AFFECTED,
  FIELD_MESSAGES.promotionAffectedRequired,
);
const instant = (message: string) => v.pipe(requiredText(message), v.isoTimestamp(message));

/** Texts of the promotion form's date and time rules (the spec names the rules, not their words). */
export const PROMOTION_FORM_MESSAGES = {
  startingDate: 'Please select a starting date!',
  startingTime: 'Please select a starting time!',
  endingDate: 'Please select an end date!',
  endingTime: 'Please select an end time!',
  endAfterStart: 'The end must be after the start',
} as const;

/** `POST admin/promotions`: start and end as ISO instants (the form joins date and 12-hour time). */
export const AdminPromotionInputSchema = v.pipe(
  v.object({
    name: promotionName,
    description: promotionDescription,
    effect: promotionEffect,
    affected: promotionAffected,
    startDate: instant(PROMOTION_FORM_MESSAGES.startingDate),
    endDate: instant(PROMOTION_FORM_MESSAGES.endingDate),
    status: v.optional(v.picklist(PROMOTION_STATUSES), 'active'),
  }),
  v.forward(
    v.check(
      (p) => Date.parse(p.endDate) > Date.parse(p.startDate),
      PROMOTION_FORM_MESSAGES.endAfterStart,
    ),
    ['endDate'],
  ),
);
export type AdminPromotionInput = v.InferInput<typeof AdminPromotionInputSchema>;

/** `PATCH admin/promotions/{id}`: any promotion field, or only `status` (the Running/Paused switch). */
export const AdminPromotionUpdateSchema = v.object({
  name: v.optional(promotionName),
  description: promotionDescription,
  effect: v.optional(promotionEffect),
  affected: v.optional(promotionAffected),
  startDate: v.optional(instant(PROMOTION_FORM_MESSAGES.startingDate)),
  endDate: v.optional(instant(PROMOTION_FORM_MESSAGES.endingDate)),
  status: v.optional(v.picklist(PROMOTION_STATUSES, 'Please choose active or inactive')),
});
export type AdminPromotionUpdate = v.InferInput<typeof AdminPromotionUpdateSchema>;

/**
 * The promotion form as the panel fills it (§5): dates `YYYY-MM-DD`, times in 12-hour format
 * (`h:mm a`, e.g. `3:00 PM`). {@link promotionFormToInput} turns it into the call's input.
 */
export const PromotionFormSchema = v.object({
  name: promotionName,
  description: promotionDescription,
  effect: promotionEffect,
  affected: promotionAffected,
  startingDate: v.pipe(
    requiredText(PROMOTION_FORM_MESSAGES.startingDate),
    v.isoDate(PROMOTION_FORM_MESSAGES.startingDate),
  ),
  startingTime: v.pipe(
    requiredText(PROMOTION_FORM_MESSAGES.startingTime),
    v.regex(/^(1[0-2]|0?[1-9]):[0-5]\d ?[AaPp][Mm]$/, PROMOTION_FORM_MESSAGES.startingTime),
  ),
  endingDate: v.pipe(
    requiredText(PROMOTION_FORM_MESSAGES.endingDate),
    v.isoDate(PROMOTION_FORM_MESSAGES.endingDate),
  ),
  endingTime: v.pipe(
    requiredText(PROMOTION_FORM_MESSAGES.endingTime),
    v.regex(/^(1[0-2]|0?[1-9]):[0-5]\d ?[AaPp][Mm]$/, PROMOTION_FORM_MESSAGES.endingTime),
  ),
});
export type PromotionForm = v.InferInput<typeof PromotionFormSchema>;

/** Minutes after midnight of a 12-hour time (`'3:05 PM'` → 905). */
function minutesOf12h(time: string): number {
  const match = /^(\d{1,2}):(\d{2}) ?([AaPp])[Mm]$/.exec(time.trim());
  if (!match) return Number.NaN;
  const hours = (Number(match[1]) % 12) + (match[3]?.toLowerCase() === 'p' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/**
 * Joins the form's dates and 12-hour times, read in `toInstant`'s zone (UTC by default), into
 * {@link AdminPromotionInput}.
 * @example promotionFormToInput(form, (date, minutes) => zonedTimeToUtc(date, minutes, 'America/New_York'))
 */
export function promotionFormToInput(
  form: v.InferOutput<typeof PromotionFormSchema>,
  toInstant: (date: string, minutes: number) => Date = (date, minutes) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000),
): AdminPromotionInput {
  return {
    name: form.name,
    description: form.description ?? null,
    effect: form.effect,
    affected: form.affected,
    startDate: toInstant(form.startingDate, minutesOf12h(form.startingTime)).toISOString(),
    endDate: toInstant(form.endingDate, minutesOf12h(form.endingTime)).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Brand names and requests

/** `GET admin/brand-names?status&search&page&limit`: `status` defaults to `pending` (§4). */
export const AdminBrandNameListQuerySchema = v.object({
  status: v.optional(statusPicklist(BRAND_NAME_STATUSES), 'pending'),
  search,
  ...dateRange,
  ...paging,
});
export type AdminBrandNameListQuery = v.InferInput<typeof AdminBrandNameListQuerySchema>;
export const AdminBrandNameSchema = v.object({
  id: v.string(),
  name: v.string(),
  status: v.picklist(BRAND_NAME_STATUSES),
  userRegisteredName: v.nullable(v.string()),
  userRegisteredEmail: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type AdminBrandName = v.InferOutput<typeof AdminBrandNameSchema>;
export const AdminBrandNameListSchema = v.object({
  brandNames: v.array(AdminBrandNameSchema),
  ...pageInfo,
});
export type AdminBrandNameList = v.InferOutput<typeof AdminBrandNameListSchema>;
/** `PATCH admin/brand-names/{id} {status}`. */
export const AdminBrandNameUpdateSchema = v.object({
  status: statusPicklist(BRAND_NAME_STATUSES),
});
export type AdminBrandNameUpdate = v.InferInput<typeof AdminBrandNameUpdateSchema>;
/** `GET admin/brand-names/download?search&status` (every status when absent). */
export const AdminBrandNamesDownloadQuerySchema = v.object({
  search,
  status: v.optional(statusPicklist(BRAND_NAME_STATUSES)),
});
export type AdminBrandNamesDownloadQuery = v.InferInput<typeof AdminBrandNamesDownloadQuerySchema>;

/** The Requests page's tabs: User Requests and Company Brand Requests. */
export const ADMIN_REQUEST_TYPES = ['user', 'company'] as const;
export type AdminRequestType = (typeof ADMIN_REQUEST_TYPES)[number];
/** `GET admin/requests?type=user|company&status&page&limit`. */
export const AdminRequestListQuerySchema = v.object({
  type: v.picklist(ADMIN_REQUEST_TYPES, 'Please choose user or company'),
  status: v.optional(statusPicklist(BRAND_NAME_STATUSES)),
  ...paging,
});
export type AdminRequestListQuery = v.InferInput<typeof AdminRequestListQuerySchema>;
/**
 * One request: a user request (`kind` is its type, `details` its text) or a company brand request
 * (a brand name asked for at registration: `name` is the brand).
 */
export const AdminRequestSchema = v.object({
  id: v.string(),
  type: v.picklist(ADMIN_REQUEST_TYPES),
  kind: v.string(),
  name: v.nullable(v.string()),
  details: v.nullable(v.string()),
  status: v.picklist(BRAND_NAME_STATUSES),
  userId: v.nullable(v.string()),
  userName: v.nullable(v.string()),
  userEmail: v.nullable(v.string()),
  createdAt: v.string(),
});
export type AdminRequest = v.InferOutput<typeof AdminRequestSchema>;
export const AdminRequestListSchema = v.object({
  requests: v.array(AdminRequestSchema),
  ...pageInfo,
});
export type AdminRequestList = v.InferOutput<typeof AdminRequestListSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard (rule 17)

/** `GET admin/dashboard` (money in dollars; months are UTC calendar months). */
export const AdminDashboardSchema = v.object({
  consultants: v.object({ total: v.number(), active: v.number(), newThisMonth: v.number() }),
  franchises: v.object({ total: v.number(), subscribed: v.number() }),
  meetings: v.object({
    future: v.number(),
    pending: v.number(),
    completedThisMonth: v.number(),
    declinedThisMonth: v.number(),
  }),
  money: v.object({
    chargedThisMonth: v.number(),
    platformFeeThisMonth: v.number(),
    consultantShareThisMonth: v.number(),
    heldNow: v.number(),
    failedChargesThisMonth: v.number(),
  }),
  /** Dollars owed to consultants in payouts not yet paid. */
  payoutsDue: v.number(),
});
export type AdminDashboard = v.InferOutput<typeof AdminDashboardSchema>;

export const DASHBOARD_GRAPH_TYPES = ['meetings', 'revenue', 'signups'] as const;
export type DashboardGraphType = (typeof DASHBOARD_GRAPH_TYPES)[number];
/** `GET admin/dashboard-graph?type&period` (the payments graph's intervals: 7 days, 30 days, 12 months). */
export const AdminDashboardGraphQuerySchema = v.object({
  type: v.optional(
    v.picklist(DASHBOARD_GRAPH_TYPES, 'Please choose meetings, revenue or signups'),
    'meetings',
  ),
  period: v.optional(v.picklist(GRAPH_PERIODS, 'Please choose week, month or year'), 'month'),
});
export type AdminDashboardGraphQuery = v.InferInput<typeof AdminDashboardGraphQuerySchema>;
export const AdminDashboardGraphSchema = v.object({
  points: v.array(v.object({ label: v.string(), start: v.string(), value: v.number() })),
});
export type AdminDashboardGraph = v.InferOutput<typeof AdminDashboardGraphSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log

export const AUDIT_ENTITY_TYPES = [
  'user',
  'franchise',
  'promotion',
  'brandName',
  'dispute',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
/** `GET admin/audit?entityType&entityId&page&limit`: the trail of one record, newest first. */
export const AdminAuditQuerySchema = v.object({
  entityType: v.picklist(AUDIT_ENTITY_TYPES, 'Please choose an entity type'),
  entityId: id,
  ...paging,
});
export type AdminAuditQuery = v.InferInput<typeof AdminAuditQuerySchema>;
export const AuditEntrySchema = v.object({
  id: v.string(),
  actor: v.nullable(
    v.object({ id: v.string(), email: v.string(), firstName: v.string(), lastName: v.string() }),
  ),
  /** e.g. `user.create`, `user.deactivate`, `franchise.update`, `promotion.delete`. */
  action: v.string(),
  entityType: v.picklist(AUDIT_ENTITY_TYPES),
  entityId: v.string(),
  /** The record's fields before and after the write (`null` for a create / a delete). */
  before: v.nullable(v.record(v.string(), v.unknown())),
  after: v.nullable(v.record(v.string(), v.unknown())),
  createdAt: v.string(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;
export const AdminAuditListSchema = v.object({ entries: v.array(AuditEntrySchema), ...pageInfo });
export type AdminAuditList = v.InferOutput<typeof AdminAuditListSchema>;
