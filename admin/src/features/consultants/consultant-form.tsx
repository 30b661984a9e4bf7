import type { AdminUserDetail } from '@fm/sdk/contracts';
import {
  AdminUserCreateSchema,
  BROKER_GROUPS,
  EXPERIENCE_LEVELS,
  INDUSTRY_SPECIALTIES,
  REGIONS,
} from '@fm/sdk/contracts';
import {
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
import * as v from 'valibot';
import { dropEmpty } from '../../forms/drop-empty.ts';
import { FormGuard, VALIDATION_FAILED } from '../../forms/form-guard.tsx';

const { role: _role, franchiseId: _franchiseId, ...fields } = AdminUserCreateSchema.entries;
/** The consultant form's rules: the admin create/edit rules of §5 and the profile's own. */
export const ConsultantFormSchema = v.object(fields);
export type ConsultantFormOutput = v.InferOutput<typeof ConsultantFormSchema>;

export type ConsultantFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  rate: string;
  experienceLevel: string;
  industrySpecialty: readonly string[];
  region: readonly string[];
  groups: readonly string[];
  country: string;
  stateProvince: string;
  city: string;
  address: string;
  profileUrl: string;
  bio: string;
};

/** The form's values for a consultant (empty for Create). */
export function consultantFormValues(user?: AdminUserDetail): ConsultantFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    company: user?.company ?? '',
    rate: user?.rate === null || user?.rate === undefined ? '' : String(user.rate),
    experienceLevel: user?.experienceLevel ? String(user.experienceLevel) : '',
    industrySpecialty: user?.industrySpecialty ?? [],
    region: user?.region ?? [],
    groups: user?.groups ?? [],
    country: user?.country ?? '',
    stateProvince: user?.stateProvince ?? '',
    city: user?.city ?? '',
    address: user?.address ?? '',
    profileUrl: user?.profileUrl ?? '',
    bio: user?.bio ?? '',
  };
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * Create and Edit Consultant: the required name, e-mail and phone (§5), the profile fields, and
 * the photo cropped square (zoom 0.2–3, sent as `cropped-image.jpg`). Leaving with changes asks
 * first.
 */
export function ConsultantForm({
  initial,
  photoUrl,
  submitLabel,
  keepEmpty,
  onSave,
}: {
  initial: ConsultantFormValues;
  photoUrl: string | null;
  submitLabel: string;
  /** Lists the edit form sends even when emptied. */
  keepEmpty: readonly string[];
  /** Saves; resolves with the path to go to once the form is clean (the detail page). */
  onSave: (input: Record<string, unknown>, photo: Blob | undefined) => Promise<string>;
}) {
  const navigate = useNavigate();
  const [next, setNext] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Blob | undefined>(undefined);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const form = useValibotForm({
    schema: ConsultantFormSchema,
    initialValues: initial,
    toInput: (values) => dropEmpty(values, keepEmpty),
    invalidMessage: VALIDATION_FAILED,
    onInvalid: () => toast.error(VALIDATION_FAILED),
    onSubmit: async (output) => {
      const path = await onSave(dropEmpty(output as Record<string, unknown>, keepEmpty), photo);
      setPhoto(undefined);
      setNext(path);
    },
  });
  // Leave only once the saved values are the form's baseline, so the guard does not ask.
  useEffect(() => {
    if (next && !form.isDirty) void navigate(next);
  }, [next, form.isDirty, navigate]);

  return (
    <form
      className="form admin-form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Consultant"
    >
      <PhotoUpload
        src={preview ?? photoUrl}
        alt="Consultant photo"
        placeholder={`${initial.firstName.charAt(0)}${initial.lastName.charAt(0)}` || '?'}
        label="Upload photo"
        cropTitle="Crop the photo"
        onSave={async (blob) => setPhoto(blob)}
      />
      <div className="form__row">
        <TextField label="First Name" field={form.field('firstName')} />
        <TextField label="Last Name" field={form.field('lastName')} />
      </div>
      <div className="form__row">
        <TextField label="Email" type="email" field={form.field('email')} />
        <TextField label="Phone" type="tel" field={form.field('phone')} />
      </div>
      <div className="form__row">
        <TextField label="Company" required={false} field={form.field('company')} />
        <NumberField label="Rate" prefix="$" suffix="per 15 minutes" field={form.field('rate')} />
      </div>
      <SelectField
        label="Experience"
        required={false}
        placeholder="Choose the experience"
        options={EXPERIENCE_LEVELS.map((e) => ({ value: String(e.value), label: e.label }))}
        field={form.field('experienceLevel')}
      />
      <MultiSelectField
        legend="Industry Specialty"
        filterable
        options={options(INDUSTRY_SPECIALTIES)}
        field={form.list('industrySpecialty')}
      />
      <MultiSelectField legend="Region" options={options(REGIONS)} field={form.list('region')} />
      <MultiSelectField
        legend="Groups"
        options={options(BROKER_GROUPS)}
        field={form.list('groups')}
      />
      <div className="form__row">
        <TextField label="Country" required={false} field={form.field('country')} />
        <TextField label="State / Province" required={false} field={form.field('stateProvince')} />
      </div>
      <div className="form__row">
        <TextField label="City" required={false} field={form.field('city')} />
        <TextField label="Address" required={false} field={form.field('address')} />
      </div>
      <TextField label="Profile URL" type="url" required={false} field={form.field('profileUrl')} />
      <TextAreaField label="Bio" required={false} field={form.field('bio')} />
      <FormAlert message={form.formError} />
      <div className="form__actions">
        <SubmitButton pending={form.isSubmitting} className="button button--primary">
          {submitLabel}
        </SubmitButton>
      </div>
      <FormGuard dirty={form.isDirty || photo !== undefined} onSave={form.submit} />
    </form>
  );
}
