import {
  AdminBillingAddressInputSchema,
  AdminUserListQuerySchema,
  CreateSessionInputSchema,
  FIELD_MESSAGES,
  NAME_TOO_LONG,
  SignUpInputSchema,
} from '@fm/sdk/contracts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './validate.ts';

/** The field messages a body gets, as the API answers them. */
const errorsFor = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  if (result.success) throw new Error('expected a refusal');
  return fieldErrors(result.issues, schema);
};

const signUp = {
  email: 'new@example.com',
  password: 'Good-Pass-2025!',
  firstName: 'Ana',
  lastName: 'Lee',
  ageConfirmed: true,
};

describe('field messages', () => {
  it("answers a missing field with the field's own message, as if it were empty", () => {
    expect(errorsFor(SignUpInputSchema, {})).toEqual({
      email: FIELD_MESSAGES.emailInvalid,
      password: FIELD_MESSAGES.passwordRule,
      firstName: FIELD_MESSAGES.firstNameRequired,
      lastName: FIELD_MESSAGES.lastNameRequired,
      ageConfirmed: FIELD_MESSAGES.ageConfirmationRequired,
    });
  });

  it('says a missing field without a message of its own is required', () => {
    const { consultantId } = errorsFor(CreateSessionInputSchema, {
      start: '2026-12-01T15:00:00.000Z',
      end: '2026-12-01T15:30:00.000Z',
      timeZone: 'America/New_York',
    });
    expect(consultantId).toBe('consultantId is required');
  });

  it('names the field and the type it takes instead of valibot wording', () => {
    expect(errorsFor(CreateSessionInputSchema, { consultantId: 5 }).consultantId).toBe(
      'consultantId must be text',
    );
    expect(errorsFor(CreateSessionInputSchema, 'text')).toEqual({
      body: 'The request body must be an object',
    });
  });

  it('says what a page number may be', () => {
    for (const page of ['-1', '0', '1.5', '99999999999999999999', 'x']) {
      expect(errorsFor(AdminUserListQuerySchema, { role: 'consultant', page }).page).toBe(
        'Use a whole number from 1 to 1000000',
      );
    }
  });

  it('tells a name that is too long from a missing one', () => {
    expect(errorsFor(SignUpInputSchema, { ...signUp, firstName: 'a'.repeat(200) })).toEqual({
      firstName: NAME_TOO_LONG,
    });
    expect(errorsFor(SignUpInputSchema, { ...signUp, firstName: '  ' })).toEqual({
      firstName: FIELD_MESSAGES.firstNameRequired,
    });
  });

  it('refuses a billing address left out as one emptied', () => {
    for (const body of [{}, { email: null }, { email: '  ' }]) {
      expect(errorsFor(AdminBillingAddressInputSchema, body)).toEqual({
        email: FIELD_MESSAGES.billingAddressNotDeletable,
      });
    }
  });

  it("keeps the spec's own texts as they are", () => {
    expect(errorsFor(SignUpInputSchema, { ...signUp, email: 'nope' })).toEqual({
      email: FIELD_MESSAGES.emailInvalid,
    });
  });
});
