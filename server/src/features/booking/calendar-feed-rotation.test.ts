import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { makeConsultant, makeFranchisor } from './test-fixtures.ts';

/**
 * Calendar feed token rotation: "Reset link" issues a new private feed URL and the
 * old one answers 404 at once; nobody else's feed changes.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const feedOf = async (token: string) => {
  const res = await server.fetch('/api/users/calendars/feed', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { icalFeedUrl: string }).icalFeedUrl;
};
const rotate = (token?: string) =>
  server.fetch('/api/users/calendars/feed/rotate', { method: 'POST', ...(token ? { token } : {}) });
const read = (url: string) => server.fetch(new URL(url).pathname);

describe('calendar feed rotation', () => {
  it('issues a new URL and the old one answers 404 at once', async () => {
    const consultant = await makeConsultant(server);
    const first = await feedOf(consultant.token);
    expect((await read(first)).status).toBe(200);

    const res = await rotate(consultant.token);
    expect(res.status).toBe(200);
    const { icalFeedUrl: second } = (await res.json()) as { icalFeedUrl: string };
    expect(second).not.toBe(first);
    expect((await read(first)).status).toBe(404);
    const fresh = await read(second);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('content-type')).toContain('text/calendar');
    // Shown again, the link is the new one (in the settings too).
    expect(await feedOf(consultant.token)).toBe(second);
    const settings = await server.fetch('/api/users/calendars', { token: consultant.token });
    expect(((await settings.json()) as { icalFeedUrl: string }).icalFeedUrl).toBe(second);

    const third = ((await (await rotate(consultant.token)).json()) as { icalFeedUrl: string })
      .icalFeedUrl;
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await read(second)).status).toBe(404);
    expect((await read(third)).status).toBe(200);
  });

  it("works for a franchisor's feed and leaves other users' feeds alone", async () => {
    const franchisor = await makeFranchisor(server);
    const consultant = await makeConsultant(server);
    const theirs = await feedOf(consultant.token);
    const before = await feedOf(franchisor.token);
    const res = await rotate(franchisor.token);
    expect(res.status).toBe(200);
    expect((await read(before)).status).toBe(404);
    expect(await feedOf(consultant.token)).toBe(theirs);
    expect((await read(theirs)).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await rotate();
    expect(res.status).toBe(401);
  });
});
