import {
  type CashRequiredMode,
  FranchisePatchSchema,
  type OwnProfile,
  type ProfilePatch,
} from '@fm/sdk/contracts';
import { CheckboxField, NumberField, SegmentedField, TextAreaField } from '@fm/widgets/kit';
import * as v from 'valibot';
import { api } from '../../../app/api-client.ts';
import { useMyProfile } from '../my-profile-store.tsx';
import {
  cashModeOf,
  cashPatch,
  changedValues,
  formText,
  withFormFieldNames,
} from '../profile-patch.ts';
import { toastProfileUpdateFailed } from '../profile-toasts.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useProfileSectionForm } from '../use-profile-section-form.ts';

const FLAGS = [
  ['item19', 'Item 19 (financial performance representation)'],
  ['visaCandidates', 'Open to visa candidates'],
  ['absenteeModel', 'Absentee model'],
  ['semiAbsenteeModel', 'Semi-absentee model'],
  ['b2b', 'B2B'],
  ['homeBased', 'Home based'],
  ['masterFranchiseOpportunities', 'Master franchise opportunities'],
  ['veteranDiscount', 'Veteran discount'],
] as const;
type FlagKey = (typeof FLAGS)[number][0];

const PLAIN_KEYS = [
  'minNetWorth',
  'franchiseFee',
  'royalty',
  'adFee',
  'avgNumberOfStaff',
  'specialDiscountPrograms',
  ...FLAGS.map(([key]) => key),
] as const;
const CASH_KEYS = ['cashRequiredMode', 'cashRequiredMin', 'cashRequiredMax'] as const;
const schema = v.pick(FranchisePatchSchema, [...PLAIN_KEYS, ...CASH_KEYS]);

type InvestmentValues = {
  minNetWorth: string;
  cashRequiredMode: CashRequiredMode;
  cashRequiredMin: string;
  cashRequiredMax: string;
  franchiseFee: string;
  royalty: string;
  adFee: string;
  avgNumberOfStaff: string;
  specialDiscountPrograms: string;
} & Record<FlagKey, boolean>;

function initialValues(profile: OwnProfile): InvestmentValues {
  const f = profile.franchise;
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
    ...(Object.fromEntries(FLAGS.map(([key]) => [key, f?.[key] ?? false])) as Record<
      FlagKey,
      boolean
    >),
  };
}

/** Only the amounts the chosen mode uses are validated (a hidden field never blocks a save). */
const toInput = (values: InvestmentValues) => ({
  ...values,
  cashRequiredMin: values.cashRequiredMode === 'less' ? undefined : values.cashRequiredMin,
  cashRequiredMax: values.cashRequiredMode === 'more' ? undefined : values.cashRequiredMax,
});

const CASH_MODES: readonly { value: CashRequiredMode; label: string }[] = [
  { value: 'range', label: 'Range' },
  { value: 'less', label: 'Less than' },
  { value: 'more', label: 'More than' },
];

/**
 * Investment Profile: net worth and cash required (numbers only, with the range / less / more
 * modes of user-area §5), fees, staff and the yes/no facts. Everything is optional.
 */
export function InvestmentSection({ profile }: { profile: OwnProfile }) {
  const { setProfile } = useMyProfile();
  const form = useProfileSectionForm({
    schema,
    initialValues: initialValues(profile),
    toInput,
    save: async ({ values, changed }) => {
      const franchise: Record<string, unknown> = changedValues(values, changed, PLAIN_KEYS);
      if (changed.some((key) => (CASH_KEYS as readonly string[]).includes(key))) {
        Object.assign(
          franchise,
          cashPatch(values.cashRequiredMode, values.cashRequiredMin, values.cashRequiredMax),
        );
      }
      try {
        setProfile(
          await api.profile.update({
            franchise: franchise as NonNullable<ProfilePatch['franchise']>,
          }),
        );
      } catch (error) {
        toastProfileUpdateFailed(error);
        throw withFormFieldNames(error, 'franchise.');
      }
    },
  });
  const mode = form.values.cashRequiredMode;

  return (
    <SectionForm form={form} label="Investment Profile">
      <FormSection title="Investment">
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
      </FormSection>
      <FormSection title="Model and programs">
        <div className="checkbox-grid">
          {FLAGS.map(([key, label]) => (
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
      </FormSection>
    </SectionForm>
  );
}
