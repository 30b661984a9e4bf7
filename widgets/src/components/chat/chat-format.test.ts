import { describe, expect, it } from 'vitest';
import {
  dayKey,
  dayLabel,
  formatListTime,
  formatMessageDateTime,
  formatMessageTime,
  messagePreview,
  participantInitials,
  participantName,
} from './chat-format.ts';

describe('days and times', () => {
  const now = Date.parse('2026-03-10T15:00:00Z'); // Tuesday

  it('puts an instant on the day of the zone', () => {
    expect(dayKey('2026-03-10T03:00:00Z', 'America/New_York')).toBe('2026-03-09');
    expect(dayKey('2026-03-10T03:00:00Z', 'Europe/London')).toBe('2026-03-10');
  });

  it('labels today, yesterday and older days', () => {
    expect(dayLabel('2026-03-10T09:00:00Z', 'UTC', now)).toBe('Today');
    expect(dayLabel('2026-03-09T23:59:00Z', 'UTC', now)).toBe('Yesterday');
    expect(dayLabel('2026-03-08T12:00:00Z', 'UTC', now)).toBe('8 Mar, 2026');
    // 1 March 2026 00:30 in London is still 28 February in New York.
    expect(dayLabel('2026-03-01T00:30:00Z', 'America/New_York', now)).toBe('28 Feb, 2026');
  });

  it('labels yesterday across a month and a year boundary', () => {
    expect(dayLabel('2026-02-28T12:00:00Z', 'UTC', Date.parse('2026-03-01T12:00:00Z'))).toBe(
      'Yesterday',
    );
    expect(dayLabel('2025-12-31T12:00:00Z', 'UTC', Date.parse('2026-01-01T12:00:00Z'))).toBe(
      'Yesterday',
    );
  });

  it('shows message times as h:mm A and full dates as the spec does', () => {
    expect(formatMessageTime('2026-03-10T15:05:00Z', 'UTC')).toBe('3:05 PM');
    expect(formatMessageTime('2026-03-10T15:05:00Z', 'America/Los_Angeles')).toBe('8:05 AM');
    expect(formatMessageDateTime('2025-01-01T15:00:00Z', 'UTC')).toBe('1 Jan, 2025, 3:00 pm');
  });

  it('shows list times by age', () => {
    expect(formatListTime('2026-03-10T08:00:00Z', 'UTC', now)).toBe('8:00 AM');
    expect(formatListTime('2026-03-09T08:00:00Z', 'UTC', now)).toBe('Yesterday');
    expect(formatListTime('2026-03-05T08:00:00Z', 'UTC', now)).toBe('Thu');
    expect(formatListTime('2026-03-03T08:00:00Z', 'UTC', now)).toBe('3 Mar, 2026');
    expect(formatListTime('2025-11-20T08:00:00Z', 'UTC', now)).toBe('20 Nov, 2025');
  });
});

describe('participants and previews', () => {
  it('names and initials the other side', () => {
    expect(participantName({ firstName: 'Dana', lastName: 'Whitfield' })).toBe('Dana Whitfield');
    expect(participantName({ firstName: 'Dana', lastName: '' })).toBe('Dana');
    expect(participantInitials({ firstName: 'dana', lastName: 'whitfield' })).toBe('DW');
    expect(participantInitials({ firstName: '', lastName: '' })).toBe('?');
  });

  it('previews text on one line, else the files', () => {
    expect(messagePreview({ text: '  Hi\n\nthere  ', attachments: [] })).toBe('Hi there');
    expect(
      messagePreview({ text: '', attachments: [{ kind: 'image', name: 'storefront.png' }] }),
    ).toBe('📷 storefront.png');
    expect(
      messagePreview({
        text: ' ',
        attachments: [
          { kind: 'document', name: 'fdd.pdf' },
          { kind: 'image', name: 'a.png' },
        ],
      }),
    ).toBe('📄 fdd.pdf +1');
    expect(messagePreview({ text: '', attachments: [] })).toBe('');
  });

  it('keeps markup in a preview as the literal text it is', () => {
    expect(messagePreview({ text: '<b>hi</b>', attachments: [] })).toBe('<b>hi</b>');
  });
});
