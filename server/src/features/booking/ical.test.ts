import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapeText,
  feedIcs,
  foldLine,
  type IcalMeeting,
  invitationIcs,
  paramValue,
} from './ical.ts';

const organizer = { name: 'Franchise Meet', email: 'no-reply@fm.example' };
const meeting: IcalMeeting = {
  id: 'mtg-1',
  startAt: new Date('2026-03-03T15:00:00Z'),
  endAt: new Date('2026-03-03T15:30:00Z'),
  sequence: 0,
  franchiseName: 'Bloom, Café; & Co',
  consultant: { name: 'Ana Müller', email: 'ana@example.com' },
  franchisor: { name: 'Bob "B" Smith', email: 'bob@example.com' },
  link: 'https://fm.example/bookings/mtg-1',
  joinUrl: 'https://fm.example/meetings/mtg-1/room',
  stamp: new Date('2026-03-01T10:00:00Z'),
};

const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('iCalendar lines', () => {
  it('folds any text to lines of at most 75 octets that unfold to the same text, never splitting a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${text.replace(/[\r\n]/g, ' ')}`;
        const folded = foldLine(line);
        expect(unfold(folded)).toBe(line);
        const physical = folded.split('\r\n');
        for (const [i, piece] of physical.entries()) {
          expect(octets(piece)).toBeLessThanOrEqual(75);
          if (i === 0) continue;
          expect(piece.startsWith(' ')).toBe(true);
          // Never between the halves of a surrogate pair.
          const split =
            /[\uD800-\uDBFF]$/.test(physical[i - 1] ?? '') && /^ [\uDC00-\uDFFF]/.test(piece);
          expect(split).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a line of exactly 75 octets whole and folds the 76th octet', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    // A 3-octet character that would end at octet 76 moves to the next line whole.
    expect(foldLine(`${'x'.repeat(73)}€y`)).toBe(`${'x'.repeat(73)}\r\n €y`);
  });

  it('escapes TEXT and quotes parameters with RFC 6868 carets', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(paramValue('Bob "B" Smith')).toBe(`"Bob ^'B^' Smith"`);
    expect(paramValue('a^b\nc')).toBe('"a^^b^nc"');
  });
});

describe('invitations and feeds', () => {
  it('writes an invitation both parties can accept, every line ended by CRLF', () => {
    const ics = invitationIcs(meeting, organizer, 'REQUEST');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics).split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'METHOD:REQUEST',
        'UID:mtg-1',
        'SEQUENCE:0',
        'DTSTAMP:20260301T100000Z',
        'DTSTART:20260303T150000Z',
        'DTEND:20260303T153000Z',
        'SUMMARY:Franchise Meet: Bloom\\, Café\\; & Co × Ana Müller',
        'LOCATION:https://fm.example/meetings/mtg-1/room',
        'DESCRIPTION:Franchise Meet video meeting. Join: https://fm.example/meetings/mtg-1/room\\nDetails: https://fm.example/bookings/mtg-1',
        'ORGANIZER;CN="Franchise Meet":mailto:no-reply@fm.example',
        `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN="Bob ^'B^' Smith":mailto:bob@example.com`,
        'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN="Ana Müller":mailto:ana@example.com',
        'URL;VALUE=URI:https://fm.example/meetings/mtg-1/room',
        'STATUS:CONFIRMED',
      ]),
    );
  });

  it('a cancellation asks for no answer and says CANCELLED', () => {
    const lines = unfold(invitationIcs({ ...meeting, sequence: 1 }, organizer, 'CANCEL')).split(
      '\r\n',
    );
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('SEQUENCE:1');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(
      lines.filter((l) => l.startsWith('ATTENDEE;')).every((l) => l.includes('RSVP=FALSE')),
    ).toBe(true);
  });

  it('a feed names its owner and holds one event per meeting', () => {
    const { joinUrl: _none, ...withoutRoom } = meeting;
    const ics = feedIcs('Ana Müller', [meeting, { ...withoutRoom, id: 'mtg-2' }], organizer);
    const lines = unfold(ics).split('\r\n');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('X-WR-CALNAME:Franchise Meet: Ana Müller');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('URL;VALUE=URI:https://fm.example/bookings/mtg-1');
    expect(lines.filter((l) => l.startsWith('LOCATION:'))).toHaveLength(1);
  });
});
