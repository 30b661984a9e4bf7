import { FranchisePatchSchema, type OwnProfile } from '@fm/sdk/contracts';
import {
  COMMISSION_FIELD_NAMES,
  COMMISSION_SCOPE_TEXTS,
  COMMISSION_SCOPES,
  CommissionFields,
  commissionsPatch,
  commissionValues,
} from '@fm/widgets/kit';
import * as v from 'valibot';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useFranchiseSectionForm } from '../use-franchise-section-form.ts';

/** Each commission field validates with the contract's money rule (numbers only, in dollars). */
const amount = FranchisePatchSchema.entries.commissions.wrapped.entries.singleUnit;
const schema = v.object(Object.fromEntries(COMMISSION_FIELD_NAMES.map((name) => [name, amount])));

/**
 * Referral Fee: the franchise's commissions and international commissions per kind (single unit,
 * veteran, area master, resale, multiple unit), in dollars.
 */
export function ReferralFeeSection({ profile }: { profile: OwnProfile }) {
  const form = useFranchiseSectionForm({
    schema,
    initialValues: commissionValues(profile.franchise),
    patchOf: commissionsPatch,
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
