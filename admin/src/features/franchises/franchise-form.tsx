import type { AdminFranchiseDetail } from '@fm/sdk/contracts';
import {
  AdminFranchiseCreateSchema,
  COUNTRIES,
  INDUSTRY_SPECIALTIES,
  STATE_CODES,
} from '@fm/sdk/contracts';
import {
  CheckboxField,
  FormAlert,
  MultiSelectField,
  NumberField,
  PhotoUpload,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  toast,
  useValibotForm,
} from '@fm/widgets/kit';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { dropEmpty } from '../../forms/drop-empty.ts';
import { FormGuard, VALIDATION_FAILED } from '../../forms/form-guard.tsx';

export type FranchiseFormValues = {
  company: string;
  country: string;
  established: string;
  startedFranchising: string;
  franchisedUnits: string;
  corporateUnits: string;
  franchisesInCanada: boolean;
  otherInternationalFranchises: boolean;
  sbaEligible: boolean;
  e2VisaFriendly: boolean;
  overview: string;
  categories: readonly string[];
  statesRegisteredIn: readonly string[];
  email: string;
  phone: string;
  workPhone: string;
  corporateAddress: string;
  corporateWebsite: string;
  minNetWorth: string;
  cashRequiredMin: string;
  cashRequiredMax: string;
  franchiseFee: string;
  royalty: string;
  adFee: string;
  training: string;
};

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form's values for a franchise (empty for Create). */
export function franchiseFormValues(f?: AdminFranchiseDetail): FranchiseFormValues {
  return {
    company: f?.company ?? '',
    country: f?.country ?? '',
    established: text(f?.established),
    startedFranchising: text(f?.startedFranchising),
    franchisedUnits: text(f?.franchisedUnits),
    corporateUnits: text(f?.corporateUnits),
    franchisesInCanada: f?.franchisesInCanada ?? false,
    otherInternationalFranchises: f?.otherInternationalFranchises ?? false,
    sbaEligible: f?.sbaEligible ?? false,
    e2VisaFriendly: f?.e2VisaFriendly ?? false,
    overview: f?.overview ?? '',
    categories: f?.categories ?? [],
    statesRegisteredIn: f?.statesRegisteredIn ?? [],
    email: f?.email ?? '',
    phone: f?.phone ?? '',
    workPhone: f?.workPhone ?? '',
    corporateAddress: f?.corporateAddress ?? '',
    corporateWebsite: f?.corporateWebsite ?? '',
    minNetWorth: text(f?.minNetWorth),
    cashRequiredMin: text(f?.cashRequiredMin),
    cashRequiredMax: text(f?.cashRequiredMax),
    franchiseFee: text(f?.franchiseFee),
    royalty: text(f?.royalty),
    adFee: text(f?.adFee),
    training: f?.training ?? '',
  };
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * Create and Edit Franchise: no required rules besides the brand name (§5); empty values are
 * dropped; the edit form adds SBA eligible and E2 visa friendly. The logo is cropped square.
 */
export function FranchiseForm({
  mode,
  initial,
  logoUrl,
  submitLabel,
  onSave,
}: {
  mode: 'create' | 'edit';
  initial: FranchiseFormValues;
  logoUrl: string | null;
  submitLabel: string;
  onSave: (input: Record<string, unknown>, logo: Blob | undefined) => Promise<string>;
}) {
  const navigate = useNavigate();
  const [next, setNext] = useState<string | null>(null);
  const [logo, setLogo] = useState<Blob | undefined>(undefined);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!logo) return;
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);
  const keep = mode === 'edit' ? ['categories', 'statesRegisteredIn'] : [];
  const form = useValibotForm({
    schema: AdminFranchiseCreateSchema,
    initialValues: initial,
    toInput: (values) => {
      const { sbaEligible: _sba, e2VisaFriendly: _e2, ...rest } = values;
      return dropEmpty(mode === 'edit' ? values : rest, keep);
    },
    invalidMessage: VALIDATION_FAILED,
    onInvalid: () => toast.error(VALIDATION_FAILED),
    onSubmit: async (output) => {
      const path = await onSave(dropEmpty(output as Record<string, unknown>, keep), logo);
      setLogo(undefined);
      setNext(path);
    },
  });
  useEffect(() => {
    if (next && !form.isDirty) void navigate(next);
  }, [next, form.isDirty, navigate]);

  return (
    <form
      className="form admin-form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Franchise"
    >
      <PhotoUpload
        src={preview ?? logoUrl}
        alt="Franchise logo"
        placeholder={initial.company.charAt(0) || '?'}
        label="Upload logo"
        cropTitle="Crop the logo"
        shape="square"
        onSave={async (blob) => setLogo(blob)}
      />
      <fieldset className="admin-form__group">
        <legend>Franchise Details</legend>
        <div className="form__row">
          <TextField label="Brand name" field={form.field('company')} />
          <SelectField
            label="Country"
            required={false}
            placeholder="Choose a country"
            options={options(COUNTRIES)}
            field={form.field('country')}
          />
        </div>
        <div className="form__row">
          <NumberField label="Established" inputMode="numeric" field={form.field('established')} />
          <NumberField
            label="Started franchising"
            inputMode="numeric"
            field={form.field('startedFranchising')}
          />
        </div>
        <div className="form__row">
          <NumberField
            label="Franchised units"
            inputMode="numeric"
            field={form.field('franchisedUnits')}
          />
          <NumberField
            label="Corporate units"
            inputMode="numeric"
            field={form.field('corporateUnits')}
          />
        </div>
        <CheckboxField field={form.checkbox('franchisesInCanada')} required={false}>
          Franchises in Canada
        </CheckboxField>
        <CheckboxField field={form.checkbox('otherInternationalFranchises')} required={false}>
          Other international franchises
        </CheckboxField>
        {mode === 'edit' ? (
          <>
            <CheckboxField field={form.checkbox('sbaEligible')} required={false}>
              SBA eligible
            </CheckboxField>
            <CheckboxField field={form.checkbox('e2VisaFriendly')} required={false}>
              E2 visa friendly
            </CheckboxField>
          </>
        ) : null}
        <MultiSelectField
          legend="Categories"
          filterable
          options={options(INDUSTRY_SPECIALTIES)}
          field={form.list('categories')}
        />
        <MultiSelectField
          legend="States registered in"
          filterable
          options={options(STATE_CODES)}
          field={form.list('statesRegisteredIn')}
        />
        <TextAreaField label="Overview" required={false} field={form.field('overview')} />
      </fieldset>
      <fieldset className="admin-form__group">
        <legend>Contact</legend>
        <div className="form__row">
          <TextField label="Email" type="email" required={false} field={form.field('email')} />
          <TextField label="Phone" type="tel" required={false} field={form.field('phone')} />
        </div>
        <div className="form__row">
          <TextField
            label="Work phone"
            type="tel"
            required={false}
            field={form.field('workPhone')}
          />
          <TextField
            label="Website"
            type="url"
            required={false}
            field={form.field('corporateWebsite')}
          />
        </div>
        <TextField
          label="Corporate address"
          required={false}
          field={form.field('corporateAddress')}
        />
      </fieldset>
      <fieldset className="admin-form__group">
        <legend>Investment Profile</legend>
        <div className="form__row">
          <NumberField label="Minimum net worth" prefix="$" field={form.field('minNetWorth')} />
          <NumberField label="Franchise fee" prefix="$" field={form.field('franchiseFee')} />
        </div>
        <div className="form__row">
          <NumberField
            label="Cash required (min)"
            prefix="$"
            field={form.field('cashRequiredMin')}
          />
          <NumberField
            label="Cash required (max)"
            prefix="$"
            field={form.field('cashRequiredMax')}
          />
        </div>
        <div className="form__row">
          <NumberField label="Royalty" suffix="%" field={form.field('royalty')} />
          <NumberField label="Ad fee" suffix="%" field={form.field('adFee')} />
        </div>
      </fieldset>
      <fieldset className="admin-form__group">
        <legend>Training and Support</legend>
        <TextAreaField label="Training" required={false} field={form.field('training')} />
      </fieldset>
      <FormAlert message={form.formError} />
      <div className="form__actions">
        <SubmitButton pending={form.isSubmitting} className="button button--primary">
          {submitLabel}
        </SubmitButton>
      </div>
      <FormGuard dirty={form.isDirty || logo !== undefined} onSave={form.submit} />
    </form>
  );
}
