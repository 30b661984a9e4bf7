import { describe, expect, it } from 'vitest';
import { dateTimeFormat, relativeTimeFormat } from './intl.ts';

describe('dateTimeFormat', () => {
  it('hands out one formatter per set of options', () => {
    const a = dateTimeFormat({ timeZone: 'America/New_York', dateStyle: 'medium' });
    expect(dateTimeFormat({ timeZone: 'America/New_York', dateStyle: 'medium' })).toBe(a);
    expect(dateTimeFormat({ timeZone: 'Europe/Paris', dateStyle: 'medium' })).not.toBe(a);
  });

  it('formats as a formatter made for the call would', () => {
    const at = new Date('2026-03-08T07:30:00Z');
    const options: Intl.DateTimeFormatOptions = {
      timeZone: 'America/Los_Angeles',
      dateStyle: 'medium',
      timeStyle: 'short',
    };
    expect(dateTimeFormat(options).format(at)).toBe(
      new Intl.DateTimeFormat('en-US', options).format(at),
    );
    expect(dateTimeFormat(options).format(at)).toBe('Mar 7, 2026, 11:30 PM');
  });

  it('refuses an unknown zone as the constructor does, and keeps nothing for it', () => {
    expect(() => dateTimeFormat({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('relativeTimeFormat', () => {
  it('says yesterday, not 1 day ago', () => {
    expect(relativeTimeFormat().format(-1, 'day')).toBe('yesterday');
    expect(relativeTimeFormat()).toBe(relativeTimeFormat());
  });
});
