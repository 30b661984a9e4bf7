import {
  type CashRequiredMode,
  COMMISSION_KINDS,
  COUNTRIES,
  type CommissionKind,
  type Country,
  INDUSTRY_SPECIALTIES,
  STATES_BY_COUNTRY,
} from '@fm/sdk/contracts';
import {
  CheckboxField,
  MultiSelectField,
  NumberField,
  SegmentedField,
  SelectField,
  TextAreaField,
  TextField,
} from '../forms/fields.tsx';
import type { FormBindings } from '../forms/use-valibot-form.ts';
import {
  BRAND_FLAGS,
  type CommissionScope,
  type CommissionValues,
  commissionField,
  ELIGIBILITY_FLAGS,
  type FranchiseDetailsValues,
  INVESTMENT_FLAGS,
  type InvestmentValues,
  SUPPORT_FLAGS,
  type TrainingValues,
} from './franchise-values.ts';

/*
 * The franchise profile's fields, once for both apps: the portal's my-profile sections (Franchise
 * Details, Investment Profile, Training and Support, Referral Fee) and the admin's Create and Edit
 * Franchise form. Each group renders fields only; the app frames them (a titled section, a
 * fieldset) and sends them.
 */

const isCountry = (value: string): value is Country =>
  (COUNTRIES as readonly string[]).includes(value);
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: c }));
const CATEGORY_OPTIONS = INDUSTRY_SPECIALTIES.map((c) => ({ value: c, label: c }));

/**
 * The brand: name, country (a change drops the states of the other country), years, units, the
 * yes/no facts and the overview.
 *
 * @example
 * ```tsx
 * <FranchiseBrandFields form={form} eligibility={mode === 'edit'} />
 * ```
 */
export function FranchiseBrandFields({
  form,
  eligibility = true,
}: {
  form: FormBindings<FranchiseDetailsValues>;
  /** Offer SBA Eligible and E2 Visa Friendly (the admin's Create form does not, §3). */
  eligibility?: boolean;
}) {
  const countryField = form.field('country');
  const flags = eligibility
    ? BRAND_FLAGS
    : BRAND_FLAGS.filter(([key]) => !ELIGIBILITY_FLAGS.includes(key));
  return (
    <>
      <TextField label="Brand Name" field={form.field('company')} autoComplete="organization" />
      <SelectField
        label="Country"
        placeholder="Choose a country"
        options={COUNTRY_OPTIONS}
        required={false}
        field={{
          ...countryField,
          onChange: (event) => {
            const next = event.target.value;
            form.setValue('country', next);
            // States of another country no longer apply (user-area §3).
            const allowed = isCountry(next)
              ? new Set<string>(STATES_BY_COUNTRY[next].map((s) => s.code))
              : new Set<string>();
            const kept = form.values.statesRegisteredIn.filter((code) => allowed.has(code));
            if (kept.length !== form.values.statesRegisteredIn.length) {
              form.setValue('statesRegisteredIn', kept);
            }
          },
        }}
      />
      <div className="form__row">
        <NumberField
          label="Established"
          hint="Year"
          inputMode="numeric"
          field={form.field('established')}
        />
        <NumberField
          label="Started Franchising"
          hint="Year"
          inputMode="numeric"
          field={form.field('startedFranchising')}
        />
      </div>
      <div className="form__row">
        <NumberField
          label="Franchised Units"
          inputMode="numeric"
          field={form.field('franchisedUnits')}
        />
        <NumberField
          label="Corporate Units"
          inputMode="numeric"
          field={form.field('corporateUnits')}
        />
      </div>
      <div className="checkbox-grid">
        {flags.map(([key, label]) => (
          <CheckboxField key={key} required={false} field={form.checkbox(key)}>
            {label}
          </CheckboxField>
        ))}
      </div>
      <TextAreaField
        label="Overview"
        required={false}
        rows={6}
        maxLength={5000}
        field={form.field('overview')}
      />
    </>
  );
}

/** Categories and the states registered in, listed for the chosen country. */
export function FranchiseTerritoryFields({ form }: { form: FormBindings<FranchiseDetailsValues> }) {
  const country = form.values.country;
  const stateOptions = isCountry(country)
    ? STATES_BY_COUNTRY[country].map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))
    : [];
  return (
    <>
      <MultiSelectField
        legend="Categories"
        filterable
        options={CATEGORY_OPTIONS}
        field={form.list('categories')}
      />
      <MultiSelectField
        legend="States Registered In"
        hint={
          isCountry(country)
            ? `States and provinces of ${country}.`
            : 'Choose a country to list its states or provinces.'
        }
        filterable
        options={stateOptions}
        emptyText="Choose a country first."
        field={form.list('statesRegisteredIn')}
      />
    </>
  );
}

/** The franchise's corporate contact: website, address, phones and e-mail. */
export function FranchiseContactFields({ form }: { form: FormBindings<FranchiseDetailsValues> }) {
  return (
    <>
      <TextField
        label="Corporate Website"
        type="url"
        required={false}
        field={form.field('corporateWebsite')}
      />
      <TextField
        label="Corporate Address"
        required={false}
        autoComplete="street-address"
        field={form.field('corporateAddress')}
      />
      <div className="form__row">
        <TextField label="Work Phone" type="tel" required={false} field={form.field('workPhone')} />
        <TextField label="Phone" type="tel" required={false} field={form.field('phone')} />
      </div>
      <TextField label="Email" type="email" required={false} field={form.field('email')} />
    </>
  );
}

const CASH_MODES: readonly { value: CashRequiredMode; label: string }[] = [
  { value: 'range', label: 'Range' },
  { value: 'less', label: 'Less than' },
  { value: 'more', label: 'More than' },
];

/**
 * Net worth, cash required (range / less than / more than, user-area §5: only the amounts the
 * mode uses are shown), fees and staff. Everything is optional.
 */
export function InvestmentFields({ form }: { form: FormBindings<InvestmentValues> }) {
  const mode = form.values.cashRequiredMode;
  return (
    <>
      <NumberField label="Minimum Net Worth" prefix="$" field={form.field('minNetWorth')} />
      <SegmentedField
        legend="Cash Required"
        name={form.fieldId('cashRequiredMode')}
        value={mode}
        options={CASH_MODES}
        onChange={(next) => form.setValue('cashRequiredMode', next)}
        error={form.errorOf('cashRequiredMode')}
        errorId={`${form.fieldId('cashRequiredMode')}-error`}
      />
      <div className="form__row">
        {mode !== 'less' ? (
          <NumberField
            label="Cash Required Minimum"
            prefix="$"
            hint={mode === 'more' ? 'No maximum.' : undefined}
            field={form.field('cashRequiredMin')}
          />
        ) : null}
        {mode !== 'more' ? (
          <NumberField
            label="Cash Required Maximum"
            prefix="$"
            hint={mode === 'less' ? 'From $0 up to this amount.' : undefined}
            field={form.field('cashRequiredMax')}
          />
        ) : null}
      </div>
      <NumberField label="Franchise Fee" prefix="$" field={form.field('franchiseFee')} />
      <div className="form__row">
        <NumberField label="Royalty" suffix="%" field={form.field('royalty')} />
        <NumberField label="Ad Fee" suffix="%" field={form.field('adFee')} />
      </div>
      <NumberField
        label="Average Number of Staff"
        inputMode="numeric"
        field={form.field('avgNumberOfStaff')}
      />
    </>
  );
}

/** The franchise model's yes/no facts and its special discount programs. */
export function InvestmentModelFields({ form }: { form: FormBindings<InvestmentValues> }) {
  return (
    <>
      <div className="checkbox-grid">
        {INVESTMENT_FLAGS.map(([key, label]) => (
          <CheckboxField key={key} required={false} field={form.checkbox(key)}>
            {label}
          </CheckboxField>
        ))}
      </div>
      <TextAreaField
        label="Special Discount Programs"
        required={false}
        rows={4}
        maxLength={2000}
        field={form.field('specialDiscountPrograms')}
      />
    </>
  );
}

/** How new owners are trained. */
export function TrainingFields({ form }: { form: FormBindings<TrainingValues> }) {
  return (
    <TextAreaField
      label="Training"
      required={false}
      rows={6}
      maxLength={5000}
      hint="How new owners are trained: length, where, what it covers."
      field={form.field('training')}
    />
  );
}

/** The support programs offered to owners. */
export function SupportFields({ form }: { form: FormBindings<TrainingValues> }) {
  return (
    <div className="checkbox-grid">
      {SUPPORT_FLAGS.map(([key, label]) => (
        <CheckboxField key={key} required={false} field={form.checkbox(key)}>
          {label}
        </CheckboxField>
      ))}
    </div>
  );
}

/** An owner's day and the ideal candidate. */
export function OwnerFields({ form }: { form: FormBindings<TrainingValues> }) {
  return (
    <>
      <TextAreaField
        label="A Day in the Life of the Owner"
        required={false}
        rows={5}
        maxLength={5000}
        field={form.field('dayInTheLifeOfTheOwner')}
      />
      <TextAreaField
        label="Who Is an Ideal Candidate"
        required={false}
        rows={5}
        maxLength={5000}
        field={form.field('whoIsAnIdealCandidate')}
      />
    </>
  );
}

const KIND_LABELS: Record<CommissionKind, string> = {
  singleUnit: 'Single Unit',
  veteran: 'Veteran',
  areaMaster: 'Area Master',
  resale: 'Resale',
  multipleUnit: 'Multiple Unit',
};

/** What a consultant earns for each kind of sale, in dollars, in one scope. */
export const COMMISSION_SCOPE_TEXTS: Record<
  CommissionScope,
  { title: string; description: string }
> = {
  commissions: {
    title: 'Commissions',
    description: 'What a consultant earns for each kind of sale in the USA and Canada.',
  },
  internationalCommissions: {
    title: 'International commissions',
    description: 'What a consultant earns for each kind of sale outside the USA and Canada.',
  },
};

/** The five commission amounts of one scope (national or international). */
export function CommissionFields({
  form,
  scope,
}: {
  form: FormBindings<CommissionValues>;
  scope: CommissionScope;
}) {
  return (
    <div className="form__grid">
      {COMMISSION_KINDS.map((kind) => (
        <NumberField
          key={kind}
          label={`${KIND_LABELS[kind]}${scope === 'internationalCommissions' ? ' (international)' : ''}`}
          prefix="$"
          field={form.field(commissionField(scope, kind))}
        />
      ))}
    </div>
  );
}
