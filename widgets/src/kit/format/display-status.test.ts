import { describe, expect, it } from 'vitest';
import {
  type AccountFlags,
  consultantDisplayStatus,
  displayStatus,
  franchisorDisplayStatus,
} from './display-status.ts';

const ok: AccountFlags = { isVerified: true, isDeleted: false, isDeactivated: false, status: true };

describe('franchisorDisplayStatus', () => {
  it('is Activated for a verified, visible, live account', () => {
    expect(franchisorDisplayStatus(ok)).toBe('Activated');
  });

  it('gives Inactive priority over every other flag', () => {
    expect(
      franchisorDisplayStatus({
        isVerified: false,
        isDeleted: true,
        isDeactivated: true,
        status: false,
      }),
    ).toBe('Inactive');
  });

  it('then Deleted, Deactivated and Hidden in that order', () => {
    expect(
      franchisorDisplayStatus({ ...ok, isDeleted: true, isDeactivated: true, status: false }),
    ).toBe('Deleted');
    expect(franchisorDisplayStatus({ ...ok, isDeactivated: true, status: false })).toBe(
      'Deactivated',
    );
    expect(franchisorDisplayStatus({ ...ok, status: false })).toBe('Hidden');
  });
});

describe('consultantDisplayStatus', () => {
  it('is Active when verified and Inactive otherwise', () => {
    expect(consultantDisplayStatus(ok)).toBe('Active');
    expect(consultantDisplayStatus({ ...ok, isVerified: false })).toBe('Inactive');
  });

  it('distinguishes deleted, deactivated and hidden first', () => {
    expect(consultantDisplayStatus({ ...ok, isVerified: false, isDeleted: true })).toBe('Deleted');
    expect(consultantDisplayStatus({ ...ok, isDeactivated: true, status: false })).toBe(
      'Deactivated',
    );
    expect(consultantDisplayStatus({ ...ok, isVerified: false, status: false })).toBe('Hidden');
  });
});

describe('displayStatus', () => {
  it('uses the rule of the role', () => {
    const unverified = { ...ok, isVerified: false, status: false };
    expect(displayStatus('franchisor', unverified)).toBe('Inactive');
    expect(displayStatus('consultant', unverified)).toBe('Hidden');
  });
});
