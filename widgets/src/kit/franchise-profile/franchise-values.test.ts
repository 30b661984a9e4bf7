import type { OwnProfile } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { formText } from '../forms/form-text.ts';
import {
  cashModeOf,
  cashPatch,
  commissionsPatch,
  commissionValues,
  franchiseDetailsInput,
  franchiseDetailsValues,
  investmentInput,
  investmentValues,
  trainingValues,
} from './franchise-values.ts';

const none = Object.fromEntries(
  ['singleUnit', 'veteran', 'areaMaster', 'resale', 'multipleUnit'].map((k) => [k, null]),
) as NonNullable<OwnProfile['franchise']>['commissions'];

/** A stored franchise with a few values set (the rest absent, which the forms read as empty). */
function franchise(
  patch: Partial<NonNullable<OwnProfile['franchise']>> = {},
): NonNullable<OwnProfile['franchise']> {
  const empty = {
    id: 'f1',
    company: 'Bowls',
    logo: null,
    photos: [],
    country: 'USA',
    categories: ['Pet Services', 'Food & Restaurants'],
    statesRegisteredIn: ['CA'],
    commissions: { ...none, resale: 500 },
    internationalCommissions: none,
    documents: [],
    fddFiles: [],
  };
  return { ...empty, ...patch } as unknown as NonNullable<OwnProfile['franchise']>;
}

describe('formText', () => {
  it('shows numbers as text and nothing as empty', () => {
    expect(formText(250000)).toBe('250000');
    expect(formText(12.5)).toBe('12.5');
    expect(formText(null)).toBe('');
    expect(formText(undefined)).toBe('');
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

  it('starts "less" with an empty minimum and validates only the shown amounts', () => {
    const values = investmentValues(franchise({ cashRequiredMin: 0, cashRequiredMax: 50000 }));
    expect(values.cashRequiredMode).toBe('less');
    expect(values.cashRequiredMin).toBe('');
    expect(values.cashRequiredMax).toBe('50000');
    expect(investmentInput({ ...values, cashRequiredMin: 'x' }).cashRequiredMin).toBeUndefined();
    expect(
      investmentInput({ ...values, cashRequiredMode: 'more' }).cashRequiredMax,
    ).toBeUndefined();
  });
});

describe('commissions', () => {
  it('reads every scope and kind as text', () => {
    const values = commissionValues(franchise());
    expect(values['commissions.resale']).toBe('500');
    expect(values['internationalCommissions.singleUnit']).toBe('');
    expect(Object.keys(values)).toHaveLength(10);
  });

  it('nests the named commission fields by scope', () => {
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

describe('franchise details', () => {
  it('is empty without a franchise and keeps categories in the industry order', () => {
    expect(franchiseDetailsValues(null)).toMatchObject({ company: '', sbaEligible: false });
    const values = franchiseDetailsValues(franchise({ sbaEligible: true }));
    expect(values.categories).toEqual(['Food & Restaurants', 'Pet Services']);
    expect(values.sbaEligible).toBe(true);
    expect(values.e2VisaFriendly).toBe(false);
  });

  it('sends no country for the empty choice', () => {
    expect(franchiseDetailsInput({ country: '' }).country).toBeUndefined();
    expect(franchiseDetailsInput({ country: 'Canada' }).country).toBe('Canada');
  });

  it('reads the training texts and support facts', () => {
    expect(
      trainingValues(franchise({ training: 'Two weeks', coopAdvertising: true })),
    ).toMatchObject({ training: 'Two weeks', coopAdvertising: true, financialAssistance: false });
  });
});
