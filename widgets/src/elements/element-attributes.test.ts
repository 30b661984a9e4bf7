import { describe, expect, it } from 'vitest';
import { parsePageSize, portalUrlFor, signInUrlFor } from './element-attributes.ts';

describe('element attributes', () => {
  it("finds the portal's sign-in page at the API's origin", () => {
    expect(signInUrlFor('https://fm.example/api')).toBe('https://fm.example/sign-in');
    expect(signInUrlFor('/api', 'https://partner.example/page')).toBe(
      'https://partner.example/sign-in',
    );
  });

  it("finds the portal's pages at the API's origin", () => {
    expect(portalUrlFor('https://fm.example/api', '/my-profile/subscription')).toBe(
      'https://fm.example/my-profile/subscription',
    );
    expect(portalUrlFor('/api', 'bookings', 'https://partner.example/page')).toBe(
      'https://partner.example/bookings',
    );
  });

  it('reads page sizes', () => {
    expect(parsePageSize(24)).toBe(24);
    expect(parsePageSize(undefined)).toBe(10);
    expect(parsePageSize(Number.NaN)).toBe(10);
    expect(parsePageSize(0)).toBe(10);
    expect(parsePageSize(2.5)).toBe(10);
    expect(parsePageSize(1000)).toBe(100);
  });
});
