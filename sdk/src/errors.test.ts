import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AUTH_OPERATIONS,
  ChangePasswordInputSchema,
  FIELD_MESSAGES,
  SignInInputSchema,
  SYSTEM_OPERATIONS,
  USER_OPERATIONS,
} from './contracts/index.ts';
import {
  ApiError,
  httpError,
  isApiError,
  isResponseShapeError,
  networkError,
  ResponseShapeError,
  validationError,
} from './errors.ts';

describe('httpError', () => {
  it("formats '{operation}: {server message}' and keeps code and field errors", () => {
    const error = httpError(
      'updatePassword',
      USER_OPERATIONS.updatePassword,
      400,
      JSON.stringify({
        message: 'The current password is incorrect',
        code: 'WRONG_PASSWORD',
        errors: { oldPassword: 'The current password is incorrect' },
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Error updating password: The current password is incorrect');
    expect(error.status).toBe(400);
    expect(error.code).toBe('WRONG_PASSWORD');
    expect(error.serverMessage).toBe('The current password is incorrect');
    expect(error.errors).toEqual({ oldPassword: 'The current password is incorrect' });
    expect(error.operation).toBe('updatePassword');
  });

  it.each([
    ['an empty body', ''],
    ['a non-JSON body', '<html>Bad gateway</html>'],
    ['a blank message', '{"message":"  "}'],
    ['a JSON array', '[1]'],
  ])('uses the generic message for %s', (_, body) => {
    const error = httpError('fetchProfile', USER_OPERATIONS.fetchProfile, 502, body);
    expect(error.message).toBe('Error fetching profile: Something went wrong. Please try again.');
    expect(error.serverMessage).toBeUndefined();
    expect(error.code).toBe('INTERNAL_ERROR');
  });

  it('derives the code from the status when the body has none', () => {
    expect(httpError('signIn', AUTH_OPERATIONS.signIn, 401, '{"message":"x"}').code).toBe(
      'UNAUTHORIZED',
    );
    expect(httpError('signIn', AUTH_OPERATIONS.signIn, 429, '').code).toBe('RATE_LIMITED');
    expect(httpError('signIn', AUTH_OPERATIONS.signIn, 418, '').code).toBe('HTTP_ERROR');
  });

  it('keeps the message when the errors field is malformed', () => {
    const error = httpError(
      'updateProfile',
      USER_OPERATIONS.updateProfile,
      400,
      '{"message":"Bad","errors":["x"]}',
    );
    expect(error.message).toBe('Error updating profile: Bad');
    expect(error.errors).toBeUndefined();
  });
});

describe('networkError', () => {
  it("is status 0, code NETWORK_ERROR, message exactly 'Unknown error occurred'", () => {
    const cause = new TypeError('fetch failed');
    const error = networkError('fetchProfile', cause);
    expect(error.message).toBe('Unknown error occurred');
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.cause).toBe(cause);
  });
});

describe('validationError', () => {
  it('keeps the first message of each field', () => {
    const result = v.safeParse(SignInInputSchema, { email: ' ', password: '' });
    if (result.success) throw new Error('expected a failure');
    const error = validationError('signIn', AUTH_OPERATIONS.signIn, result.issues);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors).toEqual({
      email: FIELD_MESSAGES.emailInvalid,
      password: FIELD_MESSAGES.passwordRequired,
    });
    expect(error.message).toBe(`Error signing in: ${FIELD_MESSAGES.emailInvalid}`);
  });

  it('puts a cross-field failure under its forwarded field', () => {
    const result = v.safeParse(ChangePasswordInputSchema, {
      oldPassword: 'old',
      password: 'Str0ng-Pass!',
      confirmPassword: 'Other-Pass1!',
    });
    if (result.success) throw new Error('expected a failure');
    expect(
      validationError('updatePassword', USER_OPERATIONS.updatePassword, result.issues).errors,
    ).toEqual({
      confirmPassword: FIELD_MESSAGES.passwordsDoNotMatch,
    });
  });
});

describe('ResponseShapeError', () => {
  it('is an ApiError with the generic message, keeping the issues', () => {
    const result = v.safeParse(v.object({ ok: v.literal(true) }), { ok: false });
    if (result.success) throw new Error('expected a failure');
    const error = new ResponseShapeError({
      operation: 'fetchConfig',
      operationText: SYSTEM_OPERATIONS.fetchConfig,
      status: 200,
      issues: result.issues,
    });
    expect(isApiError(error)).toBe(true);
    expect(isResponseShapeError(error)).toBe(true);
    expect(isResponseShapeError(networkError('fetchConfig'))).toBe(false);
    expect(error.message).toBe(
      'Error fetching configuration: Something went wrong. Please try again.',
    );
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.issues[0]?.path?.[0]?.key).toBe('ok');
  });

  it('isApiError refuses other errors', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ status: 400, code: 'X', message: 'y' })).toBe(false);
  });
});
