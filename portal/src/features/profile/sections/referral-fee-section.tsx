import {
  COMMISSION_KINDS,
  type CommissionKind,
  FranchisePatchSchema,
  type OwnProfile,
  type ProfilePatch,
} from '@fm/sdk/contracts';
import { NumberField } from '@fm/widgets/kit';
import * as v from 'valibot';
import { api } from '../../../app/api-client.ts';
import { useMyProfile } from '../my-profile-store.tsx';
import {
  type CommissionScope,
  commissionField,
  commissionsPatch,
  formText,
  withFormFieldNames,
} from '../profile-patch.ts';
import { toastProfileUpdateFailed } from '../profile-toasts.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useProfileSectionForm } from '../use-profile-section-form.ts';

const KIND_LABELS: Record<CommissionKind, string> = {
  singleUnit: 'Single Unit',
  veteran: 'Veteran',
  areaMaster: 'Area Master',
  resale: 'Resale',
  multipleUnit: 'Multiple Unit',
};
const SCOPES: readonly { scope: CommissionScope; title: string; description: string }[] = [
  {
    scope: 'commissions',
    title: 'Commissions',
    description: 'What a consultant earns for each kind of sale in the USA and Canada.',
  },
  {
    scope: 'internationalCommissions',
    title: 'International commissions',
    description: 'What a consultant earns for each kind of sale outside the USA and Canada.',
  },
];

/** Each commission field validates with the contract's money rule (numbers only, in dollars). */
const amount = FranchisePatchSchema.entries.commissions.wrapped.entries.singleUnit;
const FIELD_NAMES = SCOPES.flatMap(({ scope }) =>
  COMMISSION_KINDS.map((kind) => commissionField(scope, kind)),
);
const schema = v.object(Object.fromEntries(FIELD_NAMES.map((name) => [name, amount])));

function initialValues(profile: OwnProfile): Record<string, string> {
  const f = profile.franchise;
  return Object.fromEntries(
    SCOPES.flatMap(({ scope }) =>
      COMMISSION_KINDS.map((kind) => [commissionField(scope, kind), formText(f?.[scope][kind])]),
    ),
  );
}

/**
 * Referral Fee: the franchise's commissions and international commissions per kind (single unit,
 * veteran, area master, resale, multiple unit), in dollars.
 */
export function ReferralFeeSection({ profile }: { profile: OwnProfile }) {
  const { setProfile } = useMyProfile();
  const form = useProfileSectionForm({
    schema,
    initialValues: initialValues(profile),
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
      {SCOPES.map(({ scope, title, description }) => (
        <FormSection key={scope} title={title} description={description}>
          <div className="form__grid">
            {COMMISSION_KINDS.map((kind) => (
              <NumberField
                key={kind}
                label={`${KIND_LABELS[kind]}${scope === 'internationalCommissions' ? ' (international)' : ''}`}
                prefix="$"
                field={form.field(commissionField(scope, kind))}
              />
            ))}
          </div>
        </FormSection>
      ))}
    </SectionForm>
  );
}
