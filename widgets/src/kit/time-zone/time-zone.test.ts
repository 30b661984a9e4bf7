import { TIME_ZONES } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { chooseTimeZone, chosenTimeZone, isKnownTimeZone, zoneChoices } from './time-zone.ts';

/** Rule 20: one time zone per person, the profile's first. */

describe('chooseTimeZone', () => {
  it('takes the profile zone, then the booking zone, then the browser', () => {
    const booked = 'America/Denver';
    expect(chooseTimeZone({ profile: 'America/Chicago', booked, browser: 'UTC' })).toBe(
      'America/Chicago',
    );
    expect(chooseTimeZone({ profile: null, booked, browser: 'UTC' })).toBe(booked);
    expect(chooseTimeZone({ profile: undefined, booked: null, browser: 'Asia/Tokyo' })).toBe(
      'Asia/Tokyo',
    );
  });

  it('never chooses a zone the platform does not know', () => {
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(chooseTimeZone({ profile: 'Mars/Olympus_Mons', booked: null, browser: 'UTC' })).toBe(
      'UTC',
    );
  });

  it('says when the user chose no zone, so the browser zone is read only when a time is shown', () => {
    expect(chosenTimeZone({ profile: null, booked: undefined })).toBeNull();
    expect(chosenTimeZone({ profile: 'Mars/Olympus_Mons', booked: null })).toBeNull();
    expect(chosenTimeZone({ profile: undefined, booked: 'Europe/Paris' })).toBe('Europe/Paris');
  });
});

describe('zoneChoices', () => {
  it('offers the 13 zones, with a current zone outside them first', () => {
    expect(zoneChoices('America/New_York')).toEqual(TIME_ZONES);
    expect(zoneChoices('Europe/Paris')).toEqual(['Europe/Paris', ...TIME_ZONES]);
  });
});
