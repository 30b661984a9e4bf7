import { TextField } from './fields.tsx';
import type { FormBindings } from './use-valibot-form.ts';

/*
 * A person's own optional contact fields, the same wherever the portal asks for them (General
 * Info of a consultant, Contact Info of anyone).
 */

/**
 * The person's phone, optional.
 *
 * @example
 * ```tsx
 * <PhoneField form={form} />
 * ```
 */
export function PhoneField({ form }: { form: FormBindings<{ phone: string }> }) {
  return (
    <TextField
      label="Phone"
      type="tel"
      autoComplete="tel"
      required={false}
      field={form.field('phone')}
    />
  );
}

/** The person's job title, optional. */
export function PositionField({ form }: { form: FormBindings<{ position: string }> }) {
  return (
    <TextField
      label="Position"
      autoComplete="organization-title"
      required={false}
      field={form.field('position')}
    />
  );
}
