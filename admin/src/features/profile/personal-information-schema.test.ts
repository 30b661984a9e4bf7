import { FIELD_MESSAGES } from '@fm/sdk/contracts';
import { validateForm } from '@fm/widgets/kit';
import { describe, expect, it } from 'vitest';
import { nonEmptyFields, PersonalInformationFormSchema } from './personal-information-schema.ts';

describe('PersonalInformationFormSchema', () => {
  it('accepts empty fields, which are then left out of the update', () => {
    const result = validateForm(PersonalInformationFormSchema, {
      firstName: ' Ada ',
      lastName: '',
      email: '',
      currentPassword: '',
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(nonEmptyFields(result.output)).toEqual({ firstName: 'Ada' });
  });

  it('refuses an invalid e-mail with the spec text', () => {
    const result = validateForm(PersonalInformationFormSchema, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@',
      currentPassword: '',
    });
    expect(result).toMatchObject({
      success: false,
      errors: { email: FIELD_MESSAGES.emailInvalid },
    });
  });
});
