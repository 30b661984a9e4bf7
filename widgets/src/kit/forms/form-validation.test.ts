import { ApiError, operationText } from '@fm/sdk';
import {
  ChangePasswordInputSchema,
  FIELD_MESSAGES,
  GENERIC_MESSAGES,
  SignInInputSchema,
  SignUpInputSchema,
} from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { errorsFromFailure, validateForm } from './form-validation.ts';

describe('validateForm', () => {
  it('gives the contract messages of every invalid field', () => {
    const result = validateForm(SignUpInputSchema, {
      role: 'franchisor',
      firstName: ' ',
      lastName: '',
      email: 'not-an-email',
      password: 'short',
      ageConfirmed: false,
    });
    expect(result).toEqual({
      success: false,
      formError: null,
      errors: {
        firstName: FIELD_MESSAGES.firstNameRequired,
        lastName: FIELD_MESSAGES.lastNameRequired,
        email: FIELD_MESSAGES.emailInvalid,
        password: FIELD_MESSAGES.passwordRule,
        ageConfirmed: FIELD_MESSAGES.ageConfirmationRequired,
      },
    });
  });

  it('returns the parsed output when valid', () => {
    const result = validateForm(SignInInputSchema, {
      email: ' Someone@Example.com ',
      password: 'x',
    });
    expect(result).toEqual({
      success: true,
      output: { email: 'someone@example.com', password: 'x' },
    });
  });

  it('puts a cross-field message under the forwarded field', () => {
    const result = validateForm(ChangePasswordInputSchema, {
      oldPassword: 'old',
      password: 'Valid-Pass-1',
      confirmPassword: 'Other-Pass-1',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.errors).toEqual({ confirmPassword: FIELD_MESSAGES.passwordsDoNotMatch });
    }
  });
});

describe('errorsFromFailure', () => {
  it('shows server field messages under the known fields', () => {
    const error = new ApiError({
      operation: 'signUp',
      operationText: operationText('signUp'),
      status: 400,
      code: 'VALIDATION_FAILED',
      serverMessage: 'Invalid input',
      errors: { email: FIELD_MESSAGES.emailInvalid, other: 'Elsewhere' },
    });
    expect(errorsFromFailure(error, ['email', 'password'])).toEqual({
      errors: { email: FIELD_MESSAGES.emailInvalid },
      formError: 'Elsewhere',
    });
  });

  it("shows the server's message when there are no field messages", () => {
    const error = new ApiError({
      operation: 'signUp',
      operationText: operationText('signUp'),
      status: 409,
      code: 'EMAIL_EXISTS',
      serverMessage: 'An account with this email already exists',
    });
    expect(errorsFromFailure(error, ['email'])).toEqual({
      errors: {},
      formError: 'An account with this email already exists',
    });
  });

  it('shows the generic text for non-HTTP failures', () => {
    const error = new ApiError({
      operation: 'signIn',
      status: 0,
      code: 'NETWORK_ERROR',
      message: GENERIC_MESSAGES.unknown,
    });
    expect(errorsFromFailure(error, []).formError).toBe(GENERIC_MESSAGES.unknown);
    expect(errorsFromFailure(new Error('boom'), []).formError).toBe(
      GENERIC_MESSAGES.somethingWentWrong,
    );
  });
});
