import type { Session } from '@fm/sdk/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { configuredProviders, createEvent, type FetchLike } from '../booking/calendar-providers.ts';
import { ALWAYS, book, makeConsultant, makeFranchisor } from '../booking/test-fixtures.ts';

/**
 * "Join meeting" everywhere a meeting is announced (rule 16): the e-mails, the `.ics` invitation
 * (URL and LOCATION) and the events written to connected calendars all open /meetings/{id}/room.
 */

let clock = new Date('2026-03-02T12:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

describe('join links', () => {
  it('a booking’s mails and invitations link to the meeting room', async () => {
    clock = new Date('2026-03-02T12:00:00Z');
    const consultant = await makeConsultant(server, { settings: { weeklyHours: ALWAYS } });
    const franchisor = await makeFranchisor(server);
    const res = await book(server, franchisor.token, {
      consultantId: consultant.id,
      start: '2026-03-03T15:00:00.000Z',
      end: '2026-03-03T15:30:00.000Z',
      timeZone: 'America/New_York',
    });
    expect(res.status).toBe(201);
    const session = res.body as Session;
    const room = `${server.url}/meetings/${session.id}/room`;
    for (const to of [consultant.email, franchisor.email]) {
      const [mail] = await server.container.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.createdAt));
      expect(mail?.text).toContain(`Join meeting: ${room}`);
      const ics = unfold(
        Buffer.from(mail?.attachments?.[0]?.content ?? '', 'base64').toString('utf8'),
      );
      expect(ics).toContain(`LOCATION:${room}`);
      expect(ics).toContain(`URL;VALUE=URI:${room}`);
      expect(ics).toContain(`Join: ${room}`);
    }
  });

  it('events written to Google and Office 365 carry the room as their location', async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetch: FetchLike = async (_url, init) => {
      bodies.push(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
      return new Response(JSON.stringify({ id: 'evt-1' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const joinUrl = 'https://fm.example/meetings/m1/room';
    const configs = configuredProviders({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'g',
      MS_CLIENT_ID: 'm',
      MS_CLIENT_SECRET: 'm',
      MS_TENANT: 'common',
    });
    for (const provider of ['google', 'office365'] as const) {
      const config = configs[provider];
      if (!config) throw new Error(`no ${provider} config`);
      await createEvent(config, fetch, {
        accessToken: 't',
        calendarId: 'primary',
        event: {
          summary: 's',
          description: 'd',
          start: new Date('2026-03-03T15:00:00Z'),
          end: new Date('2026-03-03T15:30:00Z'),
          attendees: [],
          meetingId: 'm1',
          joinUrl,
        },
      });
    }
    expect(bodies[0]).toMatchObject({ location: joinUrl, source: { url: joinUrl } });
    expect(bodies[1]).toMatchObject({ location: { locationUri: joinUrl } });
  });
});
