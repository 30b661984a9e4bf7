import { ChangePasswordInputSchema, FIELD_MESSAGES, SignInInputSchema } from '@fm/sdk/contracts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { pickFieldErrors, validateForm } from './form-validation.ts';

describe('validateForm', () => {
  it('returns the parsed output when the values are valid', () => {
    const result = validateForm(SignInInputSchema, {
      email: ' Admin@Example.com ',
      password: 'secret',
    });
    expect(result).toEqual({
      success: true,
      output: { email: 'admin@example.com', password: 'secret' },
    });
  });

  it('gives the first message of each invalid field', () => {
    const result = validateForm(SignInInputSchema, { email: 'nope', password: '' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toEqual({
      email: FIELD_MESSAGES.emailInvalid,
      password: FIELD_MESSAGES.passwordRequired,
    });
  });

  it('places a cross-field check on the field it is forwarded to', () => {
    const result = validateForm(ChangePasswordInputSchema, {
      oldPassword: 'Old-Pass-1!',
      password: 'New-Pass-2025!',
      confirmPassword: 'Other-Pass-2025!',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toEqual({ confirmPassword: FIELD_MESSAGES.passwordsDoNotMatch });
  });

  it('reports required fields before the password rule', () => {
    const result = validateForm(ChangePasswordInputSchema, {
      oldPassword: '',
      password: '',
      confirmPassword: '',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.oldPassword).toBe(FIELD_MESSAGES.passwordRequired);
    expect(result.errors.password).toBe(FIELD_MESSAGES.newPasswordRequired);
  });

  it('keeps issues without a field as the form error', () => {
    const schema = v.pipe(
      v.object({ a: v.string() }),
      v.check((input) => input.a !== 'x', 'Not x'),
    );
    const result = validateForm(schema, { a: 'x' });
    expect(result).toEqual({ success: false, errors: {}, formError: 'Not x' });
  });
});

describe('pickFieldErrors', () => {
  it("keeps only the form's fields", () => {
    expect(pickFieldErrors({ email: 'bad', token: 'gone' }, ['email', 'password'])).toEqual({
      email: 'bad',
    });
    expect(pickFieldErrors(undefined, ['email'])).toEqual({});
  });
});
