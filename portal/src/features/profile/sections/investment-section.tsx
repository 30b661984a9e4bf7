import { FranchisePatchSchema, type OwnProfile } from '@fm/sdk/contracts';
import {
  CASH_KEYS,
  cashPatch,
  INVESTMENT_PLAIN_KEYS,
  InvestmentFields,
  InvestmentModelFields,
  investmentInput,
  investmentValues,
} from '@fm/widgets/kit';
import * as v from 'valibot';
import { changedValues } from '../profile-patch.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useFranchiseSectionForm } from '../use-franchise-section-form.ts';

const schema = v.pick(FranchisePatchSchema, [...INVESTMENT_PLAIN_KEYS, ...CASH_KEYS]);

/**
 * Investment Profile: net worth and cash required (numbers only, with the range / less / more
 * modes of user-area §5), fees, staff and the yes/no facts. Everything is optional.
 */
export function InvestmentSection({ profile }: { profile: OwnProfile }) {
  const form = useFranchiseSectionForm({
    schema,
    initialValues: investmentValues(profile.franchise),
    toInput: investmentInput,
    patchOf: (values, changed) => {
      const franchise: Record<string, unknown> = changedValues(
        values,
        changed,
        INVESTMENT_PLAIN_KEYS,
      );
      if (changed.some((key) => (CASH_KEYS as readonly string[]).includes(key))) {
        Object.assign(
          franchise,
          cashPatch(values.cashRequiredMode, values.cashRequiredMin, values.cashRequiredMax),
        );
      }
      return franchise;
    },
  });

  return (
    <SectionForm form={form} label="Investment Profile">
      <FormSection title="Investment">
        <InvestmentFields form={form} />
      </FormSection>
      <FormSection title="Model and programs">
        <InvestmentModelFields form={form} />
      </FormSection>
    </SectionForm>
  );
}
