import { FranchisePatchSchema, type OwnProfile, type ProfilePatch } from '@fm/sdk/contracts';
import {
  COMMISSION_FIELD_NAMES,
  COMMISSION_SCOPE_TEXTS,
  COMMISSION_SCOPES,
  CommissionFields,
  commissionsPatch,
  commissionValues,
} from '@fm/widgets/kit';
import * as v from 'valibot';
import { api } from '../../../app/api-client.ts';
import { useMyProfile } from '../my-profile-store.tsx';
import { withFormFieldNames } from '../profile-patch.ts';
import { toastProfileUpdateFailed } from '../profile-toasts.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useProfileSectionForm } from '../use-profile-section-form.ts';

/** Each commission field validates with the contract's money rule (numbers only, in dollars). */
const amount = FranchisePatchSchema.entries.commissions.wrapped.entries.singleUnit;
const schema = v.object(Object.fromEntries(COMMISSION_FIELD_NAMES.map((name) => [name, amount])));

/**
 * Referral Fee: the franchise's commissions and international commissions per kind (single unit,
 * veteran, area master, resale, multiple unit), in dollars.
 */
export function ReferralFeeSection({ profile }: { profile: OwnProfile }) {
  const { setProfile } = useMyProfile();
  const form = useProfileSectionForm({
    schema,
    initialValues: commissionValues(profile.franchise),
    save: async ({ values, changed }) => {
      try {
        const franchise = commissionsPatch(values, changed) as NonNullable<
          ProfilePatch['franchise']
        >;
        setProfile(await api.profile.update({ franchise }));
      } catch (error) {
        toastProfileUpdateFailed(error);
        throw withFormFieldNames(error, 'franchise.');
      }
    },
  });

  return (
    <SectionForm form={form} label="Referral Fee">
      {COMMISSION_SCOPES.map((scope) => (
        <FormSection
          key={scope}
          title={COMMISSION_SCOPE_TEXTS[scope].title}
          description={COMMISSION_SCOPE_TEXTS[scope].description}
        >
          <CommissionFields form={form} scope={scope} />
        </FormSection>
      ))}
    </SectionForm>
  );
}
