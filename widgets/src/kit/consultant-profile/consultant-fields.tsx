import { BROKER_GROUPS, EXPERIENCE_LEVELS, INDUSTRY_SPECIALTIES, REGIONS } from '@fm/sdk/contracts';
import { MultiSelectField, SelectField, TextField } from '../forms/fields.tsx';
import type { FormBindings } from '../forms/use-valibot-form.ts';
import type { ConsultantExpertiseValues, ConsultantLocationValues } from './consultant-values.ts';

/*
 * A consultant profile's fields, once for both apps: the portal's General Info and the admin's
 * Create and Edit Consultant form. Each group renders fields only; the app frames and sends them.
 */

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const EXPERIENCE_OPTIONS = EXPERIENCE_LEVELS.map((e) => ({
  value: String(e.value),
  label: e.label,
}));

/**
 * The experience select (1, 2, 3, 5 or 10+ years); the empty choice sends nothing.
 *
 * @example
 * ```tsx
 * <ExperienceField form={form} />
 * ```
 */
export function ExperienceField({
  form,
  placeholder = 'Choose your experience',
}: {
  form: FormBindings<{ experienceLevel: string }>;
  placeholder?: string;
}) {
  return (
    <SelectField
      label="Experience"
      placeholder={placeholder}
      required={false}
      options={EXPERIENCE_OPTIONS}
      field={form.field('experienceLevel')}
    />
  );
}

/** Industry specialties, regions and broker groups. */
export function ConsultantExpertiseFields({
  form,
  hints = true,
}: {
  form: FormBindings<ConsultantExpertiseValues>;
  /** The consultant's own help texts (the admin's form has none). */
  hints?: boolean;
}) {
  return (
    <>
      <MultiSelectField
        legend="Industry Specialty"
        filterable
        options={toOptions(INDUSTRY_SPECIALTIES)}
        field={form.list('industrySpecialty')}
      />
      <MultiSelectField legend="Region" options={toOptions(REGIONS)} field={form.list('region')} />
      <MultiSelectField
        legend="Groups"
        {...(hints ? { hint: 'The broker groups you belong to.' } : {})}
        options={toOptions(BROKER_GROUPS)}
        field={form.list('groups')}
      />
    </>
  );
}

/** The address, two fields to a row, each with the browser's autofill token. */
const ADDRESS_ROWS = [
  [
    { name: 'country', label: 'Country', autoComplete: 'country-name' },
    { name: 'stateProvince', label: 'State / Province', autoComplete: 'address-level1' },
  ],
  [
    { name: 'city', label: 'City', autoComplete: 'address-level2' },
    { name: 'address', label: 'Address', autoComplete: 'street-address' },
  ],
] as const satisfies readonly (readonly {
  name: keyof ConsultantLocationValues;
  label: string;
  autoComplete: string;
}[])[];

/** Where the consultant is, and the page about them. */
export function ConsultantLocationFields({
  form,
  hints = true,
}: {
  form: FormBindings<ConsultantLocationValues>;
  /** The consultant's own help texts (the admin's form has none). */
  hints?: boolean;
}) {
  return (
    <>
      {ADDRESS_ROWS.map((row) => (
        <div className="form__row" key={row[0].name}>
          {row.map(({ name, label, autoComplete }) => (
            <TextField
              key={name}
              label={label}
              autoComplete={autoComplete}
              required={false}
              field={form.field(name)}
            />
          ))}
        </div>
      ))}
      <TextField
        label="Profile URL"
        type="url"
        required={false}
        {...(hints ? { hint: 'A page about you, e.g. your LinkedIn profile.' } : {})}
        field={form.field('profileUrl')}
      />
    </>
  );
}
