import type { AdminFranchiseDetail } from '@fm/sdk/contracts';
import { AdminFranchiseCreateSchema } from '@fm/sdk/contracts';
import {
  COMMISSION_FIELD_NAMES,
  COMMISSION_SCOPES,
  CommissionFields,
  type CommissionValues,
  commissionsPatch,
  commissionValues,
  ELIGIBILITY_FLAGS,
  FranchiseBrandFields,
  FranchiseContactFields,
  type FranchiseDetailsValues,
  FranchiseTerritoryFields,
  franchiseDetailsInput,
  franchiseDetailsValues,
  InvestmentFields,
  InvestmentModelFields,
  type InvestmentValues,
  investmentInput,
  investmentValues,
  OwnerFields,
  PhotoUpload,
  SupportFields,
  TrainingFields,
  type TrainingValues,
  trainingValues,
} from '@fm/widgets/kit';
import type { ReactNode } from 'react';
import { AdminForm, useAdminForm } from '../../forms/admin-form.tsx';
import { dropEmpty } from '../../forms/drop-empty.ts';

export type FranchiseFormValues = FranchiseDetailsValues &
  InvestmentValues &
  TrainingValues &
  CommissionValues;

/** The form's values for a franchise (empty for Create). */
export function franchiseFormValues(f?: AdminFranchiseDetail): FranchiseFormValues {
  return {
    ...franchiseDetailsValues(f),
    ...investmentValues(f),
    ...trainingValues(f),
    ...commissionValues(f),
  };
}

/**
 * What the form sends: the flat commission fields nested by scope, only the amounts the cash mode
 * uses, and nothing empty (admin-panel §5) — inside the commissions too, so an empty field never
 * clears a stored amount. Create leaves out SBA eligible and E2 visa friendly (§3).
 */
function franchiseInput(values: FranchiseFormValues, mode: 'create' | 'edit') {
  const fields: Record<string, unknown> = investmentInput(franchiseDetailsInput(values));
  for (const name of COMMISSION_FIELD_NAMES) delete fields[name];
  if (mode === 'create') for (const flag of ELIGIBILITY_FLAGS) delete fields[flag];
  const nested = commissionsPatch(values);
  for (const scope of COMMISSION_SCOPES) {
    const amounts = dropEmpty(nested[scope] ?? {});
    if (Object.keys(amounts).length > 0) fields[scope] = amounts;
  }
  return fields;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="admin-form__group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Create and Edit Franchise: the franchise profile's fields (the portal's my-profile sections,
 * from the kit) under the detail page's section names. No required rules besides the brand name
 * (§5); empty values are dropped; the edit form adds SBA eligible and E2 visa friendly. The logo
 * is cropped square.
 */
export function FranchiseForm({
  mode,
  initial,
  logoUrl,
  submitLabel,
  onSave,
}: {
  mode: 'create' | 'edit';
  initial: FranchiseFormValues;
  logoUrl: string | null;
  submitLabel: string;
  onSave: (input: Record<string, unknown>, logo: Blob | undefined) => Promise<string>;
}) {
  const { form, preview, setPhoto, isDirty } = useAdminForm({
    schema: AdminFranchiseCreateSchema,
    initialValues: initial,
    toInput: (values) => franchiseInput(values, mode),
    // An edit that empties a list clears it.
    keepEmpty: mode === 'edit' ? ['categories', 'statesRegisteredIn'] : [],
    onSave,
  });

  return (
    <AdminForm form={form} dirty={isDirty} label="Franchise" submitLabel={submitLabel}>
      <PhotoUpload
        src={preview ?? logoUrl}
        alt="Franchise logo"
        placeholder={initial.company.charAt(0) || '?'}
        label="Upload logo"
        cropTitle="Crop the logo"
        shape="square"
        onSave={async (blob) => setPhoto(blob)}
      />
      <Group legend="Franchise Details">
        <FranchiseBrandFields form={form} eligibility={mode === 'edit'} />
        <FranchiseTerritoryFields form={form} />
      </Group>
      <Group legend="Contact">
        <FranchiseContactFields form={form} />
      </Group>
      <Group legend="Investment Profile">
        <InvestmentFields form={form} />
        <InvestmentModelFields form={form} />
      </Group>
      <Group legend="Training and Support">
        <TrainingFields form={form} />
        <SupportFields form={form} />
        <OwnerFields form={form} />
      </Group>
      <Group legend="Commissions">
        <CommissionFields form={form} scope="commissions" />
      </Group>
      <Group legend="Commissions International">
        <CommissionFields form={form} scope="internationalCommissions" />
      </Group>
    </AdminForm>
  );
}
