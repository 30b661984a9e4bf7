import { FranchisePatchSchema, type OwnProfile } from '@fm/sdk/contracts';
import {
  OwnerFields,
  SUPPORT_FLAGS,
  SupportFields,
  TRAINING_TEXT_KEYS,
  TrainingFields,
  trainingValues,
} from '@fm/widgets/kit';
import * as v from 'valibot';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useFranchiseSectionForm } from '../use-franchise-section-form.ts';

const schema = v.pick(FranchisePatchSchema, [
  ...TRAINING_TEXT_KEYS,
  ...SUPPORT_FLAGS.map(([key]) => key),
]);

/** Training and Support: the training offered, the support programs, and the owner's life. */
export function TrainingSection({ profile }: { profile: OwnProfile }) {
  const form = useFranchiseSectionForm({
    schema,
    initialValues: trainingValues(profile.franchise),
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
