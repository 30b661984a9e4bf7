import {
  COUNTRIES,
  type Country,
  FranchisePatchSchema,
  INDUSTRY_SPECIALTIES,
  type OwnProfile,
  type ProfilePatch,
  STATES_BY_COUNTRY,
} from '@fm/sdk/contracts';
import {
  CheckboxField,
  MultiSelectField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from '@fm/widgets/kit';
import * as v from 'valibot';
import { api } from '../../../app/api-client.ts';
import { useMyProfile } from '../my-profile-store.tsx';
import { changedValues, formText, withFormFieldNames } from '../profile-patch.ts';
import { toastProfileUpdateFailed } from '../profile-toasts.ts';
import { FormSection, SectionForm } from '../section-form.tsx';
import { useProfileSectionForm } from '../use-profile-section-form.ts';

const KEYS = [
  'company',
  'country',
  'established',
  'startedFranchising',
  'franchisedUnits',
  'corporateUnits',
  'franchisesInCanada',
  'otherInternationalFranchises',
  'sbaEligible',
  'e2VisaFriendly',
  'overview',
  'categories',
  'statesRegisteredIn',
  'corporateWebsite',
  'corporateAddress',
  'workPhone',
  'phone',
  'email',
] as const;
const schema = v.pick(FranchisePatchSchema, KEYS);

type DetailsValues = {
  company: string;
  country: string;
  established: string;
  startedFranchising: string;
  franchisedUnits: string;
  corporateUnits: string;
  franchisesInCanada: boolean;
  otherInternationalFranchises: boolean;
  sbaEligible: boolean;
  e2VisaFriendly: boolean;
  overview: string;
  categories: readonly string[];
  statesRegisteredIn: readonly string[];
  corporateWebsite: string;
  corporateAddress: string;
  workPhone: string;
  phone: string;
  email: string;
};

function initialValues(profile: OwnProfile): DetailsValues {
  const f = profile.franchise;
  return {
    company: f?.company ?? '',
    country: f?.country ?? '',
    established: formText(f?.established),
    startedFranchising: formText(f?.startedFranchising),
    franchisedUnits: formText(f?.franchisedUnits),
    corporateUnits: formText(f?.corporateUnits),
    franchisesInCanada: f?.franchisesInCanada ?? false,
    otherInternationalFranchises: f?.otherInternationalFranchises ?? false,
    sbaEligible: f?.sbaEligible ?? false,
    e2VisaFriendly: f?.e2VisaFriendly ?? false,
    overview: f?.overview ?? '',
    categories: INDUSTRY_SPECIALTIES.filter((c) => f?.categories.includes(c)),
    statesRegisteredIn: f?.statesRegisteredIn ?? [],
    corporateWebsite: f?.corporateWebsite ?? '',
    corporateAddress: f?.corporateAddress ?? '',
    workPhone: f?.workPhone ?? '',
    phone: f?.phone ?? '',
    email: f?.email ?? '',
  };
}

const isCountry = (value: string): value is Country =>
  (COUNTRIES as readonly string[]).includes(value);

/** A select left on its empty choice sends nothing. */
const toInput = (values: DetailsValues) => ({
  ...values,
  country: values.country === '' ? undefined : values.country,
});

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: c }));
const CATEGORY_OPTIONS = INDUSTRY_SPECIALTIES.map((c) => ({ value: c, label: c }));

/**
 * Franchise Details (a franchisor's `general` page): the brand, its country and the states it is
 * registered in (filtered by the country), its units, yes/no facts, overview, categories and
 * corporate contact details. A new franchisor's first save creates the franchise.
 */
export function FranchiseDetailsSection({ profile }: { profile: OwnProfile }) {
  const { setProfile } = useMyProfile();
  const form = useProfileSectionForm({
    schema,
    initialValues: initialValues(profile),
    toInput,
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

  const country = form.values.country;
  const stateOptions = isCountry(country)
    ? STATES_BY_COUNTRY[country].map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))
    : [];
  const countryField = form.field('country');

  return (
    <SectionForm form={form} label="Franchise Details">
      <FormSection title="Brand">
        <TextField label="Brand Name" field={form.field('company')} autoComplete="organization" />
        <SelectField
          label="Country"
          placeholder="Choose a country"
          options={COUNTRY_OPTIONS}
          required={false}
          field={{
            ...countryField,
            onChange: (event) => {
              const next = event.target.value;
              form.setValue('country', next);
              // States of another country no longer apply (user-area §3).
              const allowed = isCountry(next)
                ? new Set<string>(STATES_BY_COUNTRY[next].map((s) => s.code))
                : new Set<string>();
              const kept = form.values.statesRegisteredIn.filter((code) => allowed.has(code));
              if (kept.length !== form.values.statesRegisteredIn.length) {
                form.setValue('statesRegisteredIn', kept);
              }
            },
          }}
        />
        <div className="form__row">
          <NumberField
            label="Established"
            hint="Year"
            inputMode="numeric"
            field={form.field('established')}
          />
          <NumberField
            label="Started Franchising"
            hint="Year"
            inputMode="numeric"
            field={form.field('startedFranchising')}
          />
        </div>
        <div className="form__row">
          <NumberField
            label="Franchised Units"
            inputMode="numeric"
            field={form.field('franchisedUnits')}
          />
          <NumberField
            label="Corporate Units"
            inputMode="numeric"
            field={form.field('corporateUnits')}
          />
        </div>
        <div className="checkbox-grid">
          <CheckboxField required={false} field={form.checkbox('franchisesInCanada')}>
            Franchises in Canada
          </CheckboxField>
          <CheckboxField required={false} field={form.checkbox('otherInternationalFranchises')}>
            Other International Franchises
          </CheckboxField>
          <CheckboxField required={false} field={form.checkbox('sbaEligible')}>
            SBA Eligible
          </CheckboxField>
          <CheckboxField required={false} field={form.checkbox('e2VisaFriendly')}>
            E2 Visa Friendly
          </CheckboxField>
        </div>
        <TextAreaField
          label="Overview"
          required={false}
          rows={6}
          maxLength={5000}
          field={form.field('overview')}
        />
      </FormSection>
      <FormSection title="Categories and territory">
        <MultiSelectField
          legend="Categories"
          filterable
          options={CATEGORY_OPTIONS}
          field={form.list('categories')}
        />
        <MultiSelectField
          legend="States Registered In"
          hint={
            isCountry(country)
              ? `States and provinces of ${country}.`
              : 'Choose a country to list its states or provinces.'
          }
          filterable
          options={stateOptions}
          emptyText="Choose a country first."
          field={form.list('statesRegisteredIn')}
        />
      </FormSection>
      <FormSection title="Corporate contact">
        <TextField
          label="Corporate Website"
          type="url"
          required={false}
          field={form.field('corporateWebsite')}
        />
        <TextField
          label="Corporate Address"
          required={false}
          autoComplete="street-address"
          field={form.field('corporateAddress')}
        />
        <div className="form__row">
          <TextField
            label="Work Phone"
            type="tel"
            required={false}
            field={form.field('workPhone')}
          />
          <TextField label="Phone" type="tel" required={false} field={form.field('phone')} />
        </div>
        <TextField label="Email" type="email" required={false} field={form.field('email')} />
      </FormSection>
    </SectionForm>
  );
}
