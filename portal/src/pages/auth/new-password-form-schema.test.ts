import { FIELD_MESSAGES } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../forms/form-validation.ts';
import { NewPasswordFormSchema } from './new-password-form-schema.ts';

describe('NewPasswordFormSchema', () => {
  it('applies the password rule', () => {
    const result = validateForm(NewPasswordFormSchema, {
      password: 'weak',
      confirmPassword: 'weak',
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors).toEqual({ password: FIELD_MESSAGES.passwordRule });
  });

  it('asks for the same password twice', () => {
    const result = validateForm(NewPasswordFormSchema, {
      password: 'Strong-Pass-1',
      confirmPassword: 'Strong-Pass-2',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.errors).toEqual({ confirmPassword: FIELD_MESSAGES.passwordsDoNotMatch });
    }
  });

  it('accepts a strong password typed twice', () => {
    const result = validateForm(NewPasswordFormSchema, {
      password: 'Strong-Pass-1',
      confirmPassword: 'Strong-Pass-1',
    });
    expect(result.success).toBe(true);
  });
});
