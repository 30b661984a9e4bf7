import type { AdminUserDetail } from '@fm/sdk/contracts';
import { AdminUserCreateSchema } from '@fm/sdk/contracts';
import type { ConsultantProfileValues } from '@fm/widgets/kit';
import {
  ConsultantExpertiseFields,
  ConsultantLocationFields,
  consultantLocationValues,
  ExperienceField,
  formText,
  NumberField,
  PhotoUpload,
  TextAreaField,
  TextField,
} from '@fm/widgets/kit';
import * as v from 'valibot';
import { AdminForm, useAdminForm } from '../../forms/admin-form.tsx';

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
  bio: string;
} & ConsultantProfileValues;

/** The form's values for a consultant (empty for Create). */
export function consultantFormValues(user?: AdminUserDetail): ConsultantFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    company: user?.company ?? '',
    rate: formText(user?.rate),
    experienceLevel: formText(user?.experienceLevel),
    industrySpecialty: user?.industrySpecialty ?? [],
    region: user?.region ?? [],
    groups: user?.groups ?? [],
    ...consultantLocationValues(user),
    bio: user?.bio ?? '',
  };
}

/**
 * Create and Edit Consultant: the required name, e-mail and phone (§5), the profile fields (the
 * portal's General Info groups, from the kit), and the photo cropped square (zoom 0.2–3, sent as
 * `cropped-image.jpg`). Leaving with changes asks first.
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
  const { form, preview, setPhoto, isDirty } = useAdminForm({
    schema: ConsultantFormSchema,
    initialValues: initial,
    keepEmpty,
    onSave,
  });

  return (
    <AdminForm form={form} dirty={isDirty} label="Consultant" submitLabel={submitLabel}>
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
      <ExperienceField form={form} placeholder="Choose the experience" />
      <ConsultantExpertiseFields form={form} hints={false} />
      <ConsultantLocationFields form={form} hints={false} />
      <TextAreaField label="Bio" required={false} field={form.field('bio')} />
    </AdminForm>
  );
}
