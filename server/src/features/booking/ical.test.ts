import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedIcs, type IcalMeeting, invitationIcs, organizerFrom } from './ical.ts';
import { meetingSummary } from './texts.ts';

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
const linesOf = (ics: string) => unfold(ics).split('\r\n');
const octets = (line: string) => Buffer.byteLength(line, 'utf8');

/** One content line read back (RFC 5545 §3.1): name, parameters (RFC 6868 decoded) and value. */
interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** A reader independent of the writer: splits outside double quotes, decodes the caret escapes. */
function parseLine(line: string): ContentLine {
  const parts: string[] = [];
  let quoted = false;
  let from = 0;
  let i = 0;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ';' || c === ':')) {
      parts.push(line.slice(from, i));
      from = i + 1;
      if (c === ':') break;
    }
  }
  const [name = '', ...rawParams] = parts;
  const params: Record<string, string> = {};
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    const raw = p.slice(eq + 1).replace(/^"(.*)"$/s, '$1');
    params[p.slice(0, eq)] = raw.replace(/\^(\^|n|')/g, (_, e: string) =>
      e === 'n' ? '\n' : e === "'" ? '"' : '^',
    );
  }
  return { name, params, value: line.slice(from) };
}

/** A TEXT value read back (RFC 5545 §3.3.11). */
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

const parse = (ics: string) => linesOf(ics).filter(Boolean).map(parseLine);
const only = (lines: ContentLine[], name: string) => {
  const found = lines.filter((l) => l.name === name);
  expect(found).toHaveLength(1);
  return found[0] as ContentLine;
};

/** What a reader gets back for text we hand over: line breaks as LF, lone surrogates as U+FFFD. */
const asRead = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\p{Cs}/gu, '\uFFFD');

/**
 * Any UTF-16 text, and text made of 1- to 4-octet characters and lone surrogates at every offset
 * (a lone high surrogate before a pair is where a fold could go wrong).
 */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc
    .array(fc.constantFrom('x', 'é', '€', '😀', '\uD800', '\uDC00', '"', '\n', ';'), {
      maxLength: 200,
    })
    .map((chars) => chars.join('')),
);

describe('iCalendar lines', () => {
  it('folds any text to lines of at most 75 octets, never splitting a character', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const ics = feedIcs(
          text,
          [{ ...meeting, franchiseName: text, consultant: { name: text, email: 'a@b.example' } }],
          organizer,
        );
        expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
        // No bare CR or LF: every line ends with CRLF.
        expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        const physical = ics.slice(0, -2).split('\r\n');
        for (const [i, piece] of physical.entries()) {
          expect(octets(piece)).toBeLessThanOrEqual(75);
          // Never between the halves of a surrogate pair.
          const split =
            /[\uD800-\uDBFF]$/.test(physical[i - 1] ?? '') && /^ [\uDC00-\uDFFF]/.test(piece);
          expect(split).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('escapes TEXT values and quotes parameter values with RFC 6868 carets', () => {
    const ics = invitationIcs(
      {
        ...meeting,
        franchiseName: 'a\\b;c,d\ne',
        consultant: { name: 'Ana "A", Müller; x\ny^z', email: 'ana@example.com' },
      },
      organizer,
      'REQUEST',
    );
    const lines = linesOf(ics);
    expect(lines).toContain(
      'SUMMARY:Franchise Meet: a\\\\b\\;c\\,d\\ne × Ana "A"\\, Müller\\; x\\ny^z',
    );
    expect(lines).toContain(
      `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN="Ana ^'A^', Müller; x^ny^^z":MAILTO:ana@example.com`,
    );
    expect(linesOf(feedIcs('Ana, "A"; x\ny', [], organizer))).toContain(
      'X-WR-CALNAME:Franchise Meet: Ana\\, "A"\\; x\\ny',
    );
  });
});

describe('invitations and feeds', () => {
  it('writes an invitation both parties can accept, every line ended by CRLF', () => {
    const ics = invitationIcs(meeting, organizer, 'REQUEST');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = linesOf(ics);
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//franchisemeet//booking//EN',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'UID:mtg-1',
        'SEQUENCE:0',
        'DTSTAMP:20260301T100000Z',
        'DTSTART:20260303T150000Z',
        'DTEND:20260303T153000Z',
        'SUMMARY:Franchise Meet: Bloom\\, Café\\; & Co × Ana Müller',
        'LOCATION:https://fm.example/meetings/mtg-1/room',
        'DESCRIPTION:Franchise Meet video meeting. Join: https://fm.example/meetings/mtg-1/room\\nDetails: https://fm.example/bookings/mtg-1',
        'ORGANIZER;CN="Franchise Meet":mailto:no-reply@fm.example',
        `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN="Bob ^'B^' Smith":MAILTO:bob@example.com`,
        'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN="Ana Müller":MAILTO:ana@example.com',
        'URL;VALUE=URI:https://fm.example/meetings/mtg-1/room',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    expect(lines.filter((l) => l.startsWith('BEGIN:VEVENT'))).toHaveLength(1);
  });

  it('names the start in the zone the meeting was booked in, the times staying in UTC', () => {
    const lines = parse(
      invitationIcs({ ...meeting, timeZone: 'America/Los_Angeles' }, organizer, 'REQUEST'),
    );
    expect(only(lines, 'DTSTART').value).toBe('20260303T150000Z');
    expect(unescapeText(only(lines, 'DESCRIPTION').value)).toBe(
      `Franchise Meet video meeting. Booked for 3 Mar, 2026, 7:00 am (America/Los Angeles). Join: ${meeting.joinUrl}\nDetails: ${meeting.link}`,
    );
  });

  it('a cancellation asks for no answer and says CANCELLED', () => {
    const lines = linesOf(invitationIcs({ ...meeting, sequence: 1 }, organizer, 'CANCEL'));
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('SEQUENCE:1');
    expect(lines).toContain('STATUS:CANCELLED');
    const attendees = lines.filter((l) => l.startsWith('ATTENDEE;'));
    expect(attendees).toHaveLength(2);
    expect(attendees.every((l) => l.includes(';RSVP=FALSE;'))).toBe(true);
  });

  it('a feed names its owner, refreshes every 15 minutes and holds one event per meeting', () => {
    const { joinUrl: _none, ...withoutRoom } = meeting;
    const ics = feedIcs(
      'Ana Müller',
      [meeting, { ...withoutRoom, id: 'mtg-2', cancelled: true }],
      organizer,
    );
    const lines = linesOf(ics);
    expect(lines).toEqual(
      expect.arrayContaining([
        'METHOD:PUBLISH',
        'PRODID:-//franchisemeet//booking//EN',
        'NAME:Franchise Meet: Ana Müller',
        'X-WR-CALNAME:Franchise Meet: Ana Müller',
        'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
        'X-PUBLISHED-TTL:PT15M',
        'UID:mtg-1',
        'UID:mtg-2',
        'URL;VALUE=URI:https://fm.example/bookings/mtg-1',
        'DESCRIPTION:Franchise Meet video meeting. Details: https://fm.example/bookings/mtg-1',
      ]),
    );
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('LOCATION:'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('STATUS:'))).toEqual([
      'STATUS:CONFIRMED',
      'STATUS:CANCELLED',
    ]);
    expect(feedIcs('Ana', [], organizer)).not.toContain('BEGIN:VEVENT');
  });

  it('a parsed invitation gives back what it was written from', () => {
    const name = fc.string({ unit: 'binary', minLength: 1, maxLength: 80 });
    fc.assert(
      fc.property(
        name,
        name,
        name,
        fc.integer({ min: 0, max: 1000 }),
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom<'REQUEST' | 'CANCEL'>('REQUEST', 'CANCEL'),
        (franchiseName, consultantName, franchisorName, sequence, start, method) => {
          const startAt = new Date(Math.floor(start.getTime() / 1000) * 1000);
          const m: IcalMeeting = {
            ...meeting,
            franchiseName,
            sequence,
            startAt,
            endAt: new Date(startAt.getTime() + 30 * 60_000),
            consultant: { name: consultantName, email: 'ana@example.com' },
            franchisor: { name: franchisorName, email: 'bob@example.com' },
          };
          const lines = parse(invitationIcs(m, organizer, method));
          const utc = (d: Date) => d.toISOString().replace(/[-:]|\.\d{3}/g, '');
          expect(only(lines, 'METHOD').value).toBe(method);
          expect(only(lines, 'UID').value).toBe(m.id);
          expect(only(lines, 'SEQUENCE').value).toBe(String(sequence));
          expect(only(lines, 'DTSTART').value).toBe(utc(m.startAt));
          expect(only(lines, 'DTEND').value).toBe(utc(m.endAt));
          expect(only(lines, 'DTSTAMP').value).toBe(utc(m.stamp));
          expect(unescapeText(only(lines, 'SUMMARY').value)).toBe(
            asRead(meetingSummary(franchiseName, consultantName)),
          );
          expect(unescapeText(only(lines, 'DESCRIPTION').value)).toBe(
            `Franchise Meet video meeting. Join: ${m.joinUrl}\nDetails: ${m.link}`,
          );
          expect(only(lines, 'URL').value).toBe(m.joinUrl);
          expect(only(lines, 'STATUS').value).toBe(method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
          const org = only(lines, 'ORGANIZER');
          expect([org.params.CN, org.value]).toEqual([organizer.name, `mailto:${organizer.email}`]);
          const attendees = lines.filter((l) => l.name === 'ATTENDEE');
          expect(attendees.map((a) => [a.params.CN, a.value.toLowerCase(), a.params.RSVP])).toEqual(
            [
              [
                asRead(franchisorName),
                'mailto:bob@example.com',
                method === 'REQUEST' ? 'TRUE' : 'FALSE',
              ],
              [
                asRead(consultantName),
                'mailto:ana@example.com',
                method === 'REQUEST' ? 'TRUE' : 'FALSE',
              ],
            ],
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('organizerFrom', () => {
  it('reads MAIL_FROM with or without a display name', () => {
    expect(organizerFrom('Franchise Meet <no-reply@fm.example>')).toEqual(organizer);
    expect(organizerFrom('"Ops Team" <ops@fm.example>')).toEqual({
      name: 'Ops Team',
      email: 'ops@fm.example',
    });
    expect(organizerFrom(' no-reply@fm.example ')).toEqual(organizer);
  });
});
