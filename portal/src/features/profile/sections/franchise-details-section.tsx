import { FranchisePatchSchema, type OwnProfile } from '@fm/sdk/contracts';
import {
  FRANCHISE_DETAILS_KEYS,
  FranchiseBrandFields,
  FranchiseContactFields,
  FranchiseTerritoryFields,
  franchiseDetailsInput,
  franchiseDetailsValues,
} from '@fm/widgets/kit';
import * as v from 'valibot';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useFranchiseSectionForm } from '../use-franchise-section-form.ts';

const schema = v.pick(FranchisePatchSchema, FRANCHISE_DETAILS_KEYS);

/**
 * Franchise Details (a franchisor's `general` page): the brand, its country and the states it is
 * registered in (filtered by the country), its units, yes/no facts, overview, categories and
 * corporate contact details. A new franchisor's first save creates the franchise.
 */
export function FranchiseDetailsSection({ profile }: { profile: OwnProfile }) {
  const form = useFranchiseSectionForm({
    schema,
    initialValues: franchiseDetailsValues(profile.franchise),
    toInput: franchiseDetailsInput,
  });

  return (
    <SectionForm form={form} label="Franchise Details">
      <FormSection title="Brand">
        <FranchiseBrandFields form={form} />
      </FormSection>
      <FormSection title="Categories and territory">
        <FranchiseTerritoryFields form={form} />
      </FormSection>
      <FormSection title="Corporate contact">
        <FranchiseContactFields form={form} />
      </FormSection>
    </SectionForm>
  );
}
