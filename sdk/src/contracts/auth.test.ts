import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordInputSchema,
  NewPasswordFormSchema,
  PASSWORD_PATTERN,
  SignUpInputSchema,
} from './auth.ts';
import { FIELD_MESSAGES } from './texts.ts';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : v.flatten(result.issues).nested;
};

describe('the password rule (user-area §5)', () => {
  it.each([
    ['Strong-Pass-1', true],
    ['Aa1!aaaa', true],
    ['Aa1!aaa', false], // 7 characters
    ['strong-pass-1', false], // no upper case
    ['STRONG-PASS-1', false], // no lower case
    ['Strong-Pass-x', false], // no digit
    ['StrongPass12', false], // no special character
  ])('%s → %s', (password, valid) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(valid);
  });
});

describe('NewPasswordFormSchema', () => {
  it('applies the rule and asks for the same password twice', () => {
    expect(messages(NewPasswordFormSchema, { password: 'weak', confirmPassword: 'weak' })).toEqual({
      password: [FIELD_MESSAGES.passwordRule],
    });
    expect(
      messages(NewPasswordFormSchema, {
        password: 'Strong-Pass-1',
        confirmPassword: 'Strong-Pass-2',
      }),
    ).toEqual({ confirmPassword: [FIELD_MESSAGES.passwordsDoNotMatch] });
    // The repeat is required too, with the same message (admin-panel §5).
    expect(messages(NewPasswordFormSchema, { password: '', confirmPassword: '' })).toEqual({
      password: [FIELD_MESSAGES.newPasswordRequired, FIELD_MESSAGES.passwordRule],
      confirmPassword: [FIELD_MESSAGES.passwordsDoNotMatch],
    });
  });
});

describe('ChangePasswordInputSchema', () => {
  it('needs the current password and a matching repeat', () => {
    const result = messages(ChangePasswordInputSchema, {
      oldPassword: '',
      password: 'Strong-Pass-1',
      confirmPassword: 'Strong-Pass-9',
    });
    expect(result?.oldPassword).toEqual([FIELD_MESSAGES.passwordRequired]);
    // The repeat is checked only once the fields themselves are valid.
    const mismatch = messages(ChangePasswordInputSchema, {
      oldPassword: 'Old-Pass-1!',
      password: 'Strong-Pass-1',
      confirmPassword: 'Strong-Pass-9',
    });
    expect(mismatch).toEqual({ confirmPassword: [FIELD_MESSAGES.passwordsDoNotMatch] });
  });
});

describe('SignUpInputSchema', () => {
  const base = {
    email: ' Person@Example.COM ',
    password: 'Strong-Pass-1',
    firstName: 'Pat',
    lastName: 'Lee',
    ageConfirmed: true,
  };
  it('defaults the role to franchisor, reads franchisee as franchisor and normalises the e-mail', () => {
    const parsed = v.parse(SignUpInputSchema, base);
    expect(parsed.role).toBe('franchisor');
    expect(parsed.email).toBe('person@example.com');
    expect(v.parse(SignUpInputSchema, { ...base, role: 'franchisee' }).role).toBe('franchisor');
  });
  it('requires the 18+ confirmation', () => {
    expect(messages(SignUpInputSchema, { ...base, ageConfirmed: false })).toEqual({
      ageConfirmed: [FIELD_MESSAGES.ageConfirmationRequired],
    });
  });
});
