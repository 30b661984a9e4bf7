import { FranchisePatchSchema, type OwnProfile, type ProfilePatch } from '@fm/sdk/contracts';
import {
  OwnerFields,
  SUPPORT_FLAGS,
  SupportFields,
  TRAINING_TEXT_KEYS,
  TrainingFields,
  trainingValues,
} from '@fm/widgets/kit';
import * as v from 'valibot';
import { api } from '../../../app/api-client.ts';
import { useMyProfile } from '../my-profile-store.tsx';
import { changedValues, withFormFieldNames } from '../profile-patch.ts';
import { toastProfileUpdateFailed } from '../profile-toasts.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useProfileSectionForm } from '../use-profile-section-form.ts';

const schema = v.pick(FranchisePatchSchema, [
  ...TRAINING_TEXT_KEYS,
  ...SUPPORT_FLAGS.map(([key]) => key),
]);

/** Training and Support: the training offered, the support programs, and the owner's life. */
export function TrainingSection({ profile }: { profile: OwnProfile }) {
  const { setProfile } = useMyProfile();
  const form = useProfileSectionForm({
    schema,
    initialValues: trainingValues(profile.franchise),
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
        <TrainingFields form={form} />
      </FormSection>
      <FormSection title="Support">
        <SupportFields form={form} />
      </FormSection>
      <FormSection title="Owners">
        <OwnerFields form={form} />
      </FormSection>
    </SectionForm>
  );
}
