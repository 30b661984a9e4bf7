import { MINUTES_PER_RATE_UNIT, type OwnProfile, ProfilePatchSchema } from '@fm/sdk/contracts';
import { formatDollars, formText, NumberField } from '@fm/widgets/kit';
import * as v from 'valibot';
import { api } from '../../../shared/api-client.ts';
import { useMyProfile } from '../my-profile-store.tsx';
import { meetingCost } from '../profile-patch.ts';
import { toastProfileUpdateFailed } from '../profile-toasts.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useProfileSectionForm } from '../use-profile-section-form.ts';

const schema = v.pick(ProfilePatchSchema, ['rate']);
const EXAMPLE_MINUTES = 60;

/**
 * Rate (a consultant's `financial` page; the spec's consultant steps are General Info, Payment
 * Details and Rate, and the route list has no `rate` page, so the money page holds it): dollars per
 * 15 minutes, with what a meeting costs at that rate.
 */
export function RateSection({ profile }: { profile: OwnProfile }) {
  const { setProfile } = useMyProfile();
  const form = useProfileSectionForm({
    schema,
    initialValues: { rate: formText(profile.consultant?.rate) },
    save: async ({ values }) => {
      try {
        setProfile(await api.profile.update({ rate: values.rate }));
      } catch (error) {
        toastProfileUpdateFailed(error);
        throw error;
      }
    },
  });
  const parsed = v.safeParse(schema, { rate: form.values.rate });
  const rate = parsed.success ? parsed.output.rate : null;

  return (
    <SectionForm form={form} label="Rate">
      <FormSection
        title="Your rate"
        description={`Meetings are billed in units of ${MINUTES_PER_RATE_UNIT} minutes; you receive your rate for each full unit.`}
      >
        <NumberField
          label="Rate"
          required
          prefix="$"
          suffix={`per ${MINUTES_PER_RATE_UNIT} minutes`}
          field={form.field('rate')}
        />
        <p className="rate-example" aria-live="polite" data-testid="rate-example">
          {typeof rate === 'number'
            ? `A ${EXAMPLE_MINUTES}-minute meeting costs ${formatDollars(meetingCost(EXAMPLE_MINUTES, rate))}.`
            : 'Enter your rate to see what a meeting costs.'}
        </p>
      </FormSection>
    </SectionForm>
  );
}
