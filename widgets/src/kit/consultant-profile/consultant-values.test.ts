import { describe, expect, it } from 'vitest';
import { consultantLocationValues } from './consultant-values.ts';

describe('consultantLocationValues', () => {
  it('keeps what is saved and empties what is not', () => {
    expect(
      consultantLocationValues({
        country: 'Canada',
        stateProvince: 'Ontario',
        city: null,
        address: null,
        profileUrl: 'https://example.com/me',
      }),
    ).toEqual({
      country: 'Canada',
      stateProvince: 'Ontario',
      city: '',
      address: '',
      profileUrl: 'https://example.com/me',
    });
  });

  it('gives empty fields for a consultant not saved yet', () => {
    expect(consultantLocationValues(undefined)).toEqual({
      country: '',
      stateProvince: '',
      city: '',
      address: '',
      profileUrl: '',
    });
  });
});
