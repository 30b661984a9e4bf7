import { FranchisePatchSchema, type OwnProfile, type ProfilePatch } from '@fm/sdk/contracts';
import { CheckboxField, TextAreaField } from '@fm/widgets/kit';
import * as v from 'valibot';
import { api } from '../../../app/api-client.ts';
import { useMyProfile } from '../my-profile-store.tsx';
import { changedValues, withFormFieldNames } from '../profile-patch.ts';
import { toastProfileUpdateFailed } from '../profile-toasts.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useProfileSectionForm } from '../use-profile-section-form.ts';

const SUPPORT = [
  ['financialAssistance', 'Financial assistance'],
  ['siteSelectionAssistance', 'Site selection assistance'],
  ['leaseNegotiationAssistance', 'Lease negotiation assistance'],
  ['recruitmentAssistance', 'Recruitment assistance'],
  ['coopAdvertising', 'Co-op advertising'],
] as const;
type SupportKey = (typeof SUPPORT)[number][0];
const TEXTS = ['training', 'dayInTheLifeOfTheOwner', 'whoIsAnIdealCandidate'] as const;
const schema = v.pick(FranchisePatchSchema, [...TEXTS, ...SUPPORT.map(([key]) => key)]);

type TrainingValues = Record<(typeof TEXTS)[number], string> & Record<SupportKey, boolean>;

function initialValues(profile: OwnProfile): TrainingValues {
  const f = profile.franchise;
  return {
    training: f?.training ?? '',
    dayInTheLifeOfTheOwner: f?.dayInTheLifeOfTheOwner ?? '',
    whoIsAnIdealCandidate: f?.whoIsAnIdealCandidate ?? '',
    ...(Object.fromEntries(SUPPORT.map(([key]) => [key, f?.[key] ?? false])) as Record<
      SupportKey,
      boolean
    >),
  };
}

/** Training and Support: the training offered, the support programs, and the owner's life. */
export function TrainingSection({ profile }: { profile: OwnProfile }) {
  const { setProfile } = useMyProfile();
  const form = useProfileSectionForm({
    schema,
    initialValues: initialValues(profile),
    save: async ({ values, changed }) => {
      try {
        const franchise = changedValues(values, changed) as NonNullable<ProfilePatch['franchise']>;
        setProfile(await api.profile.update({ franchise }));
      } catch (error) {
        toastProfileUpdateFailed(error);
        throw withFormFieldNames(error, 'franchise.');
      }
    },
  });

  return (
    <SectionForm form={form} label="Training and Support">
      <FormSection title="Training">
        <TextAreaField
          label="Training"
          required={false}
          rows={6}
          maxLength={5000}
          hint="How new owners are trained: length, where, what it covers."
          field={form.field('training')}
        />
      </FormSection>
      <FormSection title="Support">
        <div className="checkbox-grid">
          {SUPPORT.map(([key, label]) => (
            <CheckboxField key={key} required={false} field={form.checkbox(key)}>
              {label}
            </CheckboxField>
          ))}
        </div>
      </FormSection>
      <FormSection title="Owners">
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
      </FormSection>
    </SectionForm>
  );
}
