import { ApiError, operationText } from '@fm/sdk';
import { describe, expect, it } from 'vitest';
import { changedValues, meetingCost, withFormFieldNames } from './profile-patch.ts';

describe('changedValues', () => {
  it('keeps only the changed fields, optionally of a subset', () => {
    const values = { a: '1', b: true, c: ['x'] };
    expect(changedValues(values, ['b', 'c'])).toEqual({ b: true, c: ['x'] });
    expect(changedValues(values, ['b', 'c'], ['a', 'c'])).toEqual({ c: ['x'] });
  });
});

describe('withFormFieldNames', () => {
  it("strips the server's prefix from field messages", () => {
    const error = new ApiError({
      operation: 'updateProfile',
      operationText: operationText('updateProfile'),
      status: 400,
      code: 'VALIDATION_FAILED',
      serverMessage: 'Invalid input',
      errors: { 'franchise.minNetWorth': 'Please enter numbers only', firstName: 'x' },
    });
    const mapped = withFormFieldNames(error, 'franchise.') as ApiError;
    expect(mapped.errors).toEqual({ minNetWorth: 'Please enter numbers only', firstName: 'x' });
    expect(mapped.message).toBe(error.message);
    expect(mapped.serverMessage).toBe('Invalid input');
  });

  it('leaves other failures alone', () => {
    const failure = new Error('boom');
    expect(withFormFieldNames(failure, 'franchise.')).toBe(failure);
  });
});

describe('meetingCost', () => {
  it('is floor(duration / 15) times the rate', () => {
    expect(meetingCost(60, 50)).toBe(200);
    expect(meetingCost(50, 50)).toBe(150);
    expect(meetingCost(14, 50)).toBe(0);
  });
});
