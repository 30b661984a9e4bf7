import { ApiError } from '@fm/sdk';
import { describe, expect, it } from 'vitest';
import {
  cashModeOf,
  cashPatch,
  changedValues,
  commissionsPatch,
  formText,
  meetingCost,
  withFormFieldNames,
} from './profile-patch.ts';

describe('formText', () => {
  it('shows numbers as text and nothing as empty', () => {
    expect(formText(250000)).toBe('250000');
    expect(formText(12.5)).toBe('12.5');
    expect(formText(null)).toBe('');
    expect(formText(undefined)).toBe('');
  });
});

describe('changedValues', () => {
  it('keeps only the changed fields, optionally of a subset', () => {
    const values = { a: '1', b: true, c: ['x'] };
    expect(changedValues(values, ['b', 'c'])).toEqual({ b: true, c: ['x'] });
    expect(changedValues(values, ['b', 'c'], ['a', 'c'])).toEqual({ c: ['x'] });
  });
});

describe('cash required', () => {
  it('reads a stored range as its mode', () => {
    expect(cashModeOf(0, 50000)).toBe('less');
    expect(cashModeOf(100000, null)).toBe('more');
    expect(cashModeOf(100000, 200000)).toBe('range');
    expect(cashModeOf(null, null)).toBe('range');
  });

  it('sends the amounts each mode uses', () => {
    expect(cashPatch('less', '10', '50000')).toEqual({
      cashRequiredMode: 'less',
      cashRequiredMax: '50000',
    });
    expect(cashPatch('more', '10', '50000')).toEqual({
      cashRequiredMode: 'more',
      cashRequiredMin: '10',
    });
    expect(cashPatch('range', '10', '')).toEqual({
      cashRequiredMode: 'range',
      cashRequiredMin: '10',
      cashRequiredMax: '',
    });
  });
});

describe('commissionsPatch', () => {
  it('nests the changed commission fields by scope', () => {
    const values = {
      'commissions.singleUnit': '1000',
      'commissions.resale': '',
      'internationalCommissions.areaMaster': '2500',
    };
    expect(
      commissionsPatch(values, ['commissions.resale', 'internationalCommissions.areaMaster']),
    ).toEqual({ commissions: { resale: '' }, internationalCommissions: { areaMaster: '2500' } });
    expect(commissionsPatch(values, [])).toEqual({});
  });
});

describe('withFormFieldNames', () => {
  it("strips the server's prefix from field messages", () => {
    const error = new ApiError({
      operation: 'updateProfile',
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
