import {
  BROKER_GROUPS,
  INDUSTRY_SPECIALTIES,
  type OwnProfile,
  type ProfilePatch,
  ProfilePatchSchema,
  REGIONS,
} from '@fm/sdk/contracts';
import type { ConsultantProfileValues } from '@fm/widgets/kit';
import {
  ConsultantExpertiseFields,
  ConsultantLocationFields,
  consultantLocationValues,
  ExperienceField,
  formText,
  PhoneField,
  PositionField,
  TextAreaField,
  TextField,
} from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '../../../shared/api-client.ts';
import { contactQuery } from '../contact-query.ts';
import { EmailChangeSection } from '../email-change-section.tsx';
import { useMyProfile } from '../my-profile-store.tsx';
import { OwnNameFields, OwnPhotoSection } from '../own-photo-and-name.tsx';
import { changedValues } from '../profile-patch.ts';
import { toastProfileUpdateFailed } from '../profile-toasts.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useProfileSectionForm } from '../use-profile-section-form.ts';

const KEYS = [
  'firstName',
  'lastName',
  'company',
  'position',
  'bio',
  'experienceLevel',
  'industrySpecialty',
  'region',
  'groups',
  'country',
  'stateProvince',
  'city',
  'address',
  'profileUrl',
  'phone',
] as const;
const schema = v.pick(ProfilePatchSchema, KEYS);

type GeneralValues = {
  firstName: string;
  lastName: string;
  company: string;
  position: string;
  bio: string;
  phone: string;
} & ConsultantProfileValues;

function initialValues(profile: OwnProfile, position: string | null): GeneralValues {
  const c = profile.consultant;
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    company: c?.company ?? '',
    position: position ?? '',
    bio: c?.bio ?? '',
    experienceLevel: formText(c?.experienceLevel),
    industrySpecialty: INDUSTRY_SPECIALTIES.filter((s) => c?.industrySpecialty.includes(s)),
    region: REGIONS.filter((r) => c?.region.includes(r)),
    groups: BROKER_GROUPS.filter((g) => c?.groups.includes(g)),
    ...consultantLocationValues(c),
    phone: profile.phone ?? '',
  };
}

const toInput = (values: GeneralValues) => ({
  ...values,
  experienceLevel: values.experienceLevel === '' ? undefined : values.experienceLevel,
});

/**
 * General Info of a consultant: photo (cropped square), names, company, position, bio, experience,
 * industries, regions, broker groups, location, profile URL and phone. The e-mail is shown only in
 * the form; Change Email below the form changes it.
 */
export function ConsultantGeneralSection({ profile }: { profile: OwnProfile }) {
  // The position is kept with the contact data (the own profile does not carry it).
  const contact = useQuery(contactQuery);
  if (contact.isPending) {
    return (
      <p className="page__status" role="status">
        Loading your profile…
      </p>
    );
  }
  return (
    <>
      <OwnPhotoSection profile={profile} title="Profile photo" />
      <GeneralForm profile={profile} position={contact.data?.position ?? null} />
      <EmailChangeSection profile={profile} />
    </>
  );
}

function GeneralForm({ profile, position }: { profile: OwnProfile; position: string | null }) {
  const { setProfile } = useMyProfile();
  const form = useProfileSectionForm({
    schema,
    initialValues: initialValues(profile, position),
    toInput,
    save: async ({ values, changed }) => {
      try {
        const patch = changedValues(values, changed) as ProfilePatch;
        setProfile(await api.profile.update(patch));
      } catch (error) {
        toastProfileUpdateFailed(error);
        throw error;
      }
    },
  });

  return (
    <SectionForm form={form} label="General Info">
      <FormSection title="About you">
        <OwnNameFields form={form} email={profile.email} />
        <div className="form__row">
          <TextField
            label="Company"
            autoComplete="organization"
            required={false}
            field={form.field('company')}
          />
          <PositionField form={form} />
        </div>
        <TextAreaField
          label="Bio"
          required={false}
          rows={6}
          maxLength={4000}
          hint="What franchisors should know about you and how you help them."
          field={form.field('bio')}
        />
        <ExperienceField form={form} />
      </FormSection>
      <FormSection title="Expertise">
        <ConsultantExpertiseFields form={form} />
      </FormSection>
      <FormSection title="Location and contact">
        <ConsultantLocationFields form={form} />
        <PhoneField form={form} />
      </FormSection>
    </SectionForm>
  );
}
