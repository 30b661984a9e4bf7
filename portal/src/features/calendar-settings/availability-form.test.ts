import type { CalendarSettings } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDateOff,
  lengthOptions,
  nextHour,
  patchFromValues,
  valuesFromSettings,
} from './availability-form.ts';

const settings: CalendarSettings = {
  timeZone: 'America/New_York',
  weeklyHours: [
    { weekday: 2, start: '09:00', end: '17:00' },
    { weekday: 1, start: '13:00', end: '17:00' },
    { weekday: 1, start: '09:00', end: '12:00' },
  ],
  meetingLengths: [60, 30],
  minNoticeMinutes: 120,
  bufferMinutes: 15,
  datesOff: ['2026-12-25', '2026-07-04'],
  connections: [],
  configuredProviders: [],
  icalFeedUrl: 'http://localhost/api/calendar/feed/x.ics',
};

describe('availability form', () => {
  it('reads the settings, sorted', () => {
    const values = valuesFromSettings(settings);
    expect(values.weeklyHours.map((r) => `${r.weekday} ${r.start}`)).toEqual([
      '1 09:00',
      '1 13:00',
      '2 09:00',
    ]);
    expect(values.meetingLengths).toEqual([30, 60]);
    expect(values.minNoticeMinutes).toBe('120');
    expect(values.datesOff).toEqual(['2026-07-04', '2026-12-25']);
    expect(lengthOptions({ ...values, meetingLengths: [75] })).toEqual([
      15, 30, 45, 60, 75, 90, 120,
    ]);
  });

  it('turns valid values into the PATCH body', () => {
    const { patch, errors } = patchFromValues(valuesFromSettings(settings));
    expect(errors).toEqual({});
    expect(patch).toEqual({
      timeZone: 'America/New_York',
      weeklyHours: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '17:00' },
        { weekday: 2, start: '09:00', end: '17:00' },
      ],
      meetingLengths: [30, 60],
      minNoticeMinutes: 120,
      bufferMinutes: 15,
      datesOff: ['2026-07-04', '2026-12-25'],
    });
  });

  it('refuses ranges that end before they start or overlap', () => {
    const values = valuesFromSettings(settings);
    const [first, second] = values.weeklyHours;
    const broken = {
      ...values,
      weeklyHours: [
        { ...first!, start: '10:00', end: '09:00' },
        { ...second!, start: '11:00', end: '15:00' },
        { ...second!, key: 'x', start: '14:00', end: '16:00' },
      ],
    };
    const { patch, errors } = patchFromValues(broken);
    expect(patch).toBeNull();
    expect(errors[`range-${first!.key}`]).toBe('The end must be after the start');
    expect(errors['day-1']).toBe('Hours of one day must not overlap');
  });

  it('needs a meeting length and whole minutes', () => {
    const values = valuesFromSettings(settings);
    const { errors } = patchFromValues({
      ...values,
      meetingLengths: [],
      minNoticeMinutes: '1.5',
      bufferMinutes: '-5',
    });
    expect(errors.meetingLengths).toBe('Offer at least one meeting length');
    expect(errors.minNoticeMinutes).toBeDefined();
    expect(errors.bufferMinutes).toBeDefined();
    expect(patchFromValues({ ...values, meetingLengths: [20] }).errors.meetingLengths).toBe(
      'Meeting lengths are multiples of 15 minutes',
    );
  });

  it('adds dates off once, sorted', () => {
    expect(addDateOff(['2026-03-10'], '2026-03-09')).toEqual(['2026-03-09', '2026-03-10']);
    expect(addDateOff(['2026-03-10'], '2026-03-10')).toEqual(['2026-03-10']);
    expect(addDateOff(['2026-03-10'], '')).toEqual(['2026-03-10']);
  });
});

describe('nextHour', () => {
  it('is an hour later, and never past the end of the day', () => {
    expect(nextHour('17:00')).toBe('18:00');
    expect(nextHour('09:45')).toBe('10:45');
    expect(nextHour('23:30')).toBe('23:59');
  });
});
