import {
  type CashRequiredMode,
  COMMISSION_KINDS,
  type CommissionKind,
  type Commissions,
  type FranchisePublic,
  INDUSTRY_SPECIALTIES,
} from '@fm/sdk/contracts';
import { formText } from '../forms/form-text.ts';
import type { FieldValue } from '../forms/use-valibot-form.ts';

/**
 * What the franchise profile forms read: the fields of a franchise that its members (my profile)
 * and the admin (Create and Edit Franchise) edit. The portal's own profile and the admin's
 * franchise detail both have this shape.
 */
export type FranchiseFormSource = FranchisePublic & {
  email: string | null;
  phone: string | null;
  workPhone: string | null;
  corporateAddress: string | null;
  commissions: Commissions;
  internationalCommissions: Commissions;
};

const flagValues = <K extends string>(
  keys: readonly K[],
  source: Partial<Record<K, boolean | null>> | null | undefined,
) => Object.fromEntries(keys.map((key) => [key, source?.[key] ?? false])) as Record<K, boolean>;

// ---------------------------------------------------------------------------------------------
// Franchise Details (brand, territory, corporate contact)

/** The yes/no facts of Franchise Details; the admin's Create form offers only the first two (§3). */
export const BRAND_FLAGS = [
  ['franchisesInCanada', 'Franchises in Canada'],
  ['otherInternationalFranchises', 'Other International Franchises'],
  ['sbaEligible', 'SBA Eligible'],
  ['e2VisaFriendly', 'E2 Visa Friendly'],
] as const;
export type BrandFlag = (typeof BRAND_FLAGS)[number][0];
/** The facts the admin's Edit form adds to Create (admin-panel §3). */
export const ELIGIBILITY_FLAGS: readonly BrandFlag[] = ['sbaEligible', 'e2VisaFriendly'];

/** The fields of Franchise Details, in the order the portal's patch sends them. */
export const FRANCHISE_DETAILS_KEYS = [
  'company',
  'country',
  'established',
  'startedFranchising',
  'franchisedUnits',
  'corporateUnits',
  ...BRAND_FLAGS.map(([key]) => key),
  'overview',
  'categories',
  'statesRegisteredIn',
  'corporateWebsite',
  'corporateAddress',
  'workPhone',
  'phone',
  'email',
] as const;

export type FranchiseDetailsValues = {
  company: string;
  country: string;
  established: string;
  startedFranchising: string;
  franchisedUnits: string;
  corporateUnits: string;
  overview: string;
  categories: readonly string[];
  statesRegisteredIn: readonly string[];
  corporateWebsite: string;
  corporateAddress: string;
  workPhone: string;
  phone: string;
  email: string;
} & Record<BrandFlag, boolean>;

/**
 * The Franchise Details form's values for a franchise (empty when there is none yet).
 *
 * @example
 * ```ts
 * franchiseDetailsValues(null).company; // ''
 * ```
 */
export function franchiseDetailsValues(
  f: FranchiseFormSource | null | undefined,
): FranchiseDetailsValues {
  return {
    company: f?.company ?? '',
    country: f?.country ?? '',
    established: formText(f?.established),
    startedFranchising: formText(f?.startedFranchising),
    franchisedUnits: formText(f?.franchisedUnits),
    corporateUnits: formText(f?.corporateUnits),
    ...flagValues(
      BRAND_FLAGS.map(([key]) => key),
      f,
    ),
    overview: f?.overview ?? '',
    // In the industry list's order, as the multi-select keeps it.
    categories: INDUSTRY_SPECIALTIES.filter((c) => f?.categories.includes(c)),
    statesRegisteredIn: f?.statesRegisteredIn ?? [],
    corporateWebsite: f?.corporateWebsite ?? '',
    corporateAddress: f?.corporateAddress ?? '',
    workPhone: f?.workPhone ?? '',
    phone: f?.phone ?? '',
    email: f?.email ?? '',
  };
}

/** A country select left on its empty choice sends nothing. */
export const franchiseDetailsInput = <T extends { country: string }>(values: T) => ({
  ...values,
  country: values.country === '' ? undefined : values.country,
});

// ---------------------------------------------------------------------------------------------
// Investment Profile

/** The yes/no facts of Investment Profile (model and programs). */
export const INVESTMENT_FLAGS = [
  ['item19', 'Item 19 (financial performance representation)'],
  ['visaCandidates', 'Open to visa candidates'],
  ['absenteeModel', 'Absentee model'],
  ['semiAbsenteeModel', 'Semi-absentee model'],
  ['b2b', 'B2B'],
  ['homeBased', 'Home based'],
  ['masterFranchiseOpportunities', 'Master franchise opportunities'],
  ['veteranDiscount', 'Veteran discount'],
] as const;
export type InvestmentFlag = (typeof INVESTMENT_FLAGS)[number][0];

/** Investment fields sent as they are; the cash-required ones go through `cashPatch`. */
export const INVESTMENT_PLAIN_KEYS = [
  'minNetWorth',
  'franchiseFee',
  'royalty',
  'adFee',
  'avgNumberOfStaff',
  'specialDiscountPrograms',
  ...INVESTMENT_FLAGS.map(([key]) => key),
] as const;
export const CASH_KEYS = ['cashRequiredMode', 'cashRequiredMin', 'cashRequiredMax'] as const;

export type InvestmentValues = {
  minNetWorth: string;
  cashRequiredMode: CashRequiredMode;
  cashRequiredMin: string;
  cashRequiredMax: string;
  franchiseFee: string;
  royalty: string;
  adFee: string;
  avgNumberOfStaff: string;
  specialDiscountPrograms: string;
} & Record<InvestmentFlag, boolean>;

/**
 * The cash-required mode a stored range reads as (user-area §5): less = 0 up to a maximum,
 * more = a minimum and no maximum, otherwise a range.
 *
 * @example
 * ```ts
 * cashModeOf(0, 50000); // 'less'
 * cashModeOf(100000, null); // 'more'
 * ```
 */
export function cashModeOf(min: number | null, max: number | null): CashRequiredMode {
  if (min === 0 && max !== null) return 'less';
  if (min !== null && max === null) return 'more';
  return 'range';
}

/**
 * The cash-required part of a franchise patch: the mode with the amounts it uses. Less sends only
 * the maximum (the server keeps the minimum at 0), more only the minimum (no maximum).
 *
 * @example
 * ```ts
 * cashPatch('less', '10', '50000'); // { cashRequiredMode: 'less', cashRequiredMax: '50000' }
 * ```
 */
export function cashPatch(
  mode: CashRequiredMode,
  min: string,
  max: string,
): {
  cashRequiredMode: CashRequiredMode;
  cashRequiredMin?: string;
  cashRequiredMax?: string;
} {
  if (mode === 'less') return { cashRequiredMode: mode, cashRequiredMax: max };
  if (mode === 'more') return { cashRequiredMode: mode, cashRequiredMin: min };
  return { cashRequiredMode: mode, cashRequiredMin: min, cashRequiredMax: max };
}

/**
 * The Investment Profile form's values for a franchise.
 *
 * @example
 * ```ts
 * investmentValues(franchise).cashRequiredMode; // 'less' for 0..50000
 * ```
 */
export function investmentValues(f: FranchiseFormSource | null | undefined): InvestmentValues {
  const min = f?.cashRequiredMin ?? null;
  const max = f?.cashRequiredMax ?? null;
  const mode = cashModeOf(min, max);
  return {
    minNetWorth: formText(f?.minNetWorth),
    cashRequiredMode: mode,
    // "Less" keeps the minimum at 0 on its own; the field starts empty if it is ever shown.
    cashRequiredMin: mode === 'less' ? '' : formText(min),
    cashRequiredMax: formText(max),
    franchiseFee: formText(f?.franchiseFee),
    royalty: formText(f?.royalty),
    adFee: formText(f?.adFee),
    avgNumberOfStaff: formText(f?.avgNumberOfStaff),
    specialDiscountPrograms: f?.specialDiscountPrograms ?? '',
    ...flagValues(
      INVESTMENT_FLAGS.map(([key]) => key),
      f,
    ),
  };
}

/** Only the amounts the chosen mode uses are validated (a hidden field never blocks a save). */
export const investmentInput = <T extends Pick<InvestmentValues, (typeof CASH_KEYS)[number]>>(
  values: T,
) => ({
  ...values,
  cashRequiredMin: values.cashRequiredMode === 'less' ? undefined : values.cashRequiredMin,
  cashRequiredMax: values.cashRequiredMode === 'more' ? undefined : values.cashRequiredMax,
});

// ---------------------------------------------------------------------------------------------
// Training and Support

export const SUPPORT_FLAGS = [
  ['financialAssistance', 'Financial assistance'],
  ['siteSelectionAssistance', 'Site selection assistance'],
  ['leaseNegotiationAssistance', 'Lease negotiation assistance'],
  ['recruitmentAssistance', 'Recruitment assistance'],
  ['coopAdvertising', 'Co-op advertising'],
] as const;
export type SupportFlag = (typeof SUPPORT_FLAGS)[number][0];
export const TRAINING_TEXT_KEYS = [
  'training',
  'dayInTheLifeOfTheOwner',
  'whoIsAnIdealCandidate',
] as const;

export type TrainingValues = Record<(typeof TRAINING_TEXT_KEYS)[number], string> &
  Record<SupportFlag, boolean>;

/** The Training and Support form's values for a franchise. */
export function trainingValues(f: FranchiseFormSource | null | undefined): TrainingValues {
  return {
    training: f?.training ?? '',
    dayInTheLifeOfTheOwner: f?.dayInTheLifeOfTheOwner ?? '',
    whoIsAnIdealCandidate: f?.whoIsAnIdealCandidate ?? '',
    ...flagValues(
      SUPPORT_FLAGS.map(([key]) => key),
      f,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Commissions (the portal's Referral Fee)

export type CommissionScope = 'commissions' | 'internationalCommissions';
export const COMMISSION_SCOPES: readonly CommissionScope[] = [
  'commissions',
  'internationalCommissions',
];
export type CommissionFieldName = `${CommissionScope}.${CommissionKind}`;

/** The form field name of a commission: `commissions.singleUnit`, `internationalCommissions.resale`. */
export const commissionField = (scope: CommissionScope, kind: CommissionKind) =>
  `${scope}.${kind}` as const;

/** Every commission field, national first. */
export const COMMISSION_FIELD_NAMES: readonly CommissionFieldName[] = COMMISSION_SCOPES.flatMap(
  (scope) => COMMISSION_KINDS.map((kind) => commissionField(scope, kind)),
);

export type CommissionValues = Record<CommissionFieldName, string>;

/** The commission fields' values for a franchise, in dollars as text. */
export function commissionValues(f: FranchiseFormSource | null | undefined): CommissionValues {
  return Object.fromEntries(
    COMMISSION_SCOPES.flatMap((scope) =>
      COMMISSION_KINDS.map((kind) => [commissionField(scope, kind), formText(f?.[scope][kind])]),
    ),
  ) as CommissionValues;
}

/**
 * The named commission fields as the franchise patch nests them (by default every one).
 *
 * @example
 * ```ts
 * commissionsPatch({ 'commissions.resale': '500' }, ['commissions.resale']); // { commissions: { resale: '500' } }
 * ```
 */
export function commissionsPatch(
  values: Readonly<Record<string, FieldValue>>,
  only: readonly string[] = COMMISSION_FIELD_NAMES,
): Partial<Record<CommissionScope, Partial<Record<CommissionKind, string>>>> {
  const patch: Partial<Record<CommissionScope, Partial<Record<CommissionKind, string>>>> = {};
  for (const scope of COMMISSION_SCOPES) {
    for (const kind of COMMISSION_KINDS) {
      const name = commissionField(scope, kind);
      if (!only.includes(name)) continue;
      patch[scope] = { ...patch[scope], [kind]: String(values[name] ?? '') };
    }
  }
  return patch;
}
