import { type FormBindings, TextField } from '@fm/widgets/kit';

/** What the admin must know of a franchisor, for a new member and when editing one. */
export type FranchisorIdentityValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

/**
 * A franchisor's required name, e-mail and phone, as Create New Franchisor and Edit Franchisor
 * ask for them. The admin types another person's details, so nothing is autocompleted.
 */
export function FranchisorIdentityFields({
  form,
}: {
  form: FormBindings<FranchisorIdentityValues>;
}) {
  return (
    <>
      <TextField label="First Name" field={form.field('firstName')} />
      <TextField label="Last Name" field={form.field('lastName')} />
      <TextField label="Email" type="email" field={form.field('email')} />
      <TextField label="Phone" type="tel" field={form.field('phone')} />
    </>
  );
}
