import type { OwnProfile } from '@fm/sdk/contracts';
import { EmailSchema, FIELD_MESSAGES } from '@fm/sdk/contracts';
import * as v from 'valibot';

/**
 * The Personal Information tab: every field may be left empty (an empty field is not sent, so it
 * keeps its value, admin-panel §5); an e-mail that is typed must be valid.
 */
export const PersonalInformationFormSchema = v.object({
  firstName: v.pipe(v.string(), v.trim()),
  lastName: v.pipe(v.string(), v.trim()),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.check((email) => email === '' || v.is(EmailSchema, email), FIELD_MESSAGES.emailInvalid),
  ),
  /** Asked for, and sent, only with a new e-mail (the server says when it is missing). */
  currentPassword: v.string(),
});

export type PersonalInformationValues = v.InferInput<typeof PersonalInformationFormSchema>;

export type AccountUpdate = Partial<Pick<OwnProfile, 'firstName' | 'lastName' | 'email'>>;

/** Keeps only the non-empty fields, which is all the profile update sends. */
export function nonEmptyFields(values: PersonalInformationValues): AccountUpdate {
  const update: AccountUpdate = {};
  for (const key of ['firstName', 'lastName', 'email'] as const) {
    const value = values[key].trim();
    if (value !== '') update[key] = value;
  }
  return update;
}
