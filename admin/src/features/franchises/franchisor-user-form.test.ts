import { ApiError, operationText } from '@fm/sdk';
import type { AdminUserDetail } from '@fm/sdk/contracts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  FranchisorUserFormSchema,
  franchisorUpdateFailure,
  franchisorUserFormValues,
  franchisorUserPatch,
} from './franchisor-user-form.ts';

const user = {
  firstName: 'Dana',
  lastName: 'Owner',
  email: 'dana@brand.example',
  phone: null,
  position: 'CEO',
  smsConsent: true,
} as AdminUserDetail;

describe('the Edit Franchisor form', () => {
  it('starts from the user, empty text for what is missing', () => {
    expect(franchisorUserFormValues(user)).toEqual({
      firstName: 'Dana',
      lastName: 'Owner',
      email: 'dana@brand.example',
      phone: '',
      position: 'CEO',
      smsConsent: true,
    });
  });

  it("refuses an empty name, e-mail or phone with §5's messages", () => {
    const result = v.safeParse(FranchisorUserFormSchema, {
      ...franchisorUserFormValues(user),
      firstName: ' ',
      email: 'not-an-email',
    });
    expect(result.success).toBe(false);
    expect(result.issues?.map((i) => i.message)).toEqual([
      "Please input user's first name!",
      'Please input a valid email!',
      // The phone rule's message names the first name (§5), as the spec has it.
      "Please input user's first name!",
    ]);
  });

  it('sends only the changed fields; a cleared position as none', () => {
    const output = v.parse(FranchisorUserFormSchema, {
      ...franchisorUserFormValues(user),
      lastName: ' Newname ',
      phone: '+1 555 0100',
      position: '',
    });
    expect(franchisorUserPatch(output, ['lastName', 'position'])).toEqual({
      lastName: 'Newname',
      position: null,
    });
    expect(franchisorUserPatch(output, [])).toEqual({});
  });
});

describe('the failure toast of Edit Franchisor (§8)', () => {
  const failure = (code: 'EMAIL_EXISTS' | 'VALIDATION_FAILED', serverMessage?: string) =>
    new ApiError({
      status: 409,
      code,
      operation: 'updateUser',
      operationText: operationText('updateUser'),
      serverMessage,
    });

  it('says the e-mail exists in the words of §8', () => {
    expect(
      franchisorUpdateFailure(failure('EMAIL_EXISTS', 'An account with this email already exists')),
    ).toBe('Failed to update franchisor: email already exist.');
  });

  it("shows another refusal's server message, or the generic text", () => {
    expect(franchisorUpdateFailure(failure('VALIDATION_FAILED', 'At most 120 characters'))).toBe(
      'At most 120 characters',
    );
    expect(franchisorUpdateFailure(new Error('offline'))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
