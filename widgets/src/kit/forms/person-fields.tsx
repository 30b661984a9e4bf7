import { TextField } from './fields.tsx';
import type { FormBindings, TextFieldBinding } from './use-valibot-form.ts';

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

/**
 * The e-mail an account signs in with, focused first (sign-in and forgotten-password forms). The
 * control panel names it `username` so password managers pair it with the password.
 *
 * @example
 * ```tsx
 * <AccountEmailField field={form.field('email')} />
 * ```
 */
export function AccountEmailField({
  field,
  autoComplete = 'email',
}: {
  field: TextFieldBinding;
  autoComplete?: 'email' | 'username';
}) {
  return (
    <TextField label="Email" type="email" autoComplete={autoComplete} autoFocus field={field} />
  );
}
