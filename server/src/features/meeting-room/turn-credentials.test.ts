import { type MeetingRoomInfo, meetingRoomWindow } from '@fm/sdk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../env.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { hourMeeting } from './test-fixtures.ts';
import { turnServer } from './turn-credentials.ts';

const SECRET = 'turn-shared-secret-0123456789abcdef';
const URLS = ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'];

describe('TURN credentials (coturn use-auth-secret)', () => {
  it('are the Base64 HMAC-SHA1 of "expiry:user" under the shared secret', () => {
    // Computed apart: printf '1767225600:user-1' | openssl dgst -sha1 -hmac "$SECRET" -binary | base64
    expect(
      turnServer({ urls: URLS, secret: SECRET }, 'user-1', new Date(1_767_225_600_000)),
    ).toEqual({
      urls: URLS,
      username: '1767225600:user-1',
      credential: 'jsKxv5ml8f4ImvcjIYmMDq05NO8=',
    });
  });

  it('are configured by TURN_URLS and TURN_SECRET together', () => {
    const env = loadEnv({ TURN_URLS: URLS.join(', '), TURN_SECRET: SECRET });
    expect(env.TURN_URLS).toEqual(URLS);
    expect(() => loadEnv({ TURN_URLS: URLS[0] })).toThrow(/TURN_URLS and TURN_SECRET go together/);
    expect(() => loadEnv({ TURN_URLS: 'http://x', TURN_SECRET: SECRET })).toThrow(EnvError);
    expect(() => loadEnv({ TURN_URLS: URLS[0], TURN_SECRET: 'short' })).toThrow(
      /TURN_SECRET: must be at least 32 characters/,
    );
  });
});

describe('the room hands them out', () => {
  const MIN = 60_000;
  const T0 = new Date(Date.UTC(2026, 0, 5, 15));
  let clock = new Date(T0.getTime() - 60 * MIN);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      now: () => clock,
      env: { TURN_URLS: URLS.join(','), TURN_SECRET: SECRET },
    });
  });
  afterAll(() => server.close());

  const roomInfo = async (id: string, token: string) => {
    const res = await server.fetch(`/api/session/${id}/room`, { token });
    expect(res.status).toBe(200);
    return (await res.json()) as MeetingRoomInfo;
  };

  it('only while the room is open, to each member under their own name, until the room closes', async () => {
    const { consultant, franchisor, meeting: m } = await hourMeeting(server, T0);
    const { closesAt } = meetingRoomWindow(T0, new Date(T0.getTime() + 60 * MIN));
    const expiry = Math.floor(closesAt.getTime() / 1000);

    clock = new Date(T0.getTime() - 60 * MIN);
    expect((await roomInfo(m.id, franchisor.token)).iceServers).toEqual([]);

    clock = new Date(T0.getTime() + 5 * MIN);
    const forFranchisor = (await roomInfo(m.id, franchisor.token)).iceServers;
    const forConsultant = (await roomInfo(m.id, consultant.token)).iceServers;
    expect(forFranchisor).toEqual([
      turnServer({ urls: URLS, secret: SECRET }, franchisor.id, closesAt),
    ]);
    expect(forFranchisor[0]?.username).toBe(`${expiry}:${franchisor.id}`);
    expect(forConsultant[0]?.username).toBe(`${expiry}:${consultant.id}`);
    expect(forConsultant[0]?.credential).not.toBe(forFranchisor[0]?.credential);

    clock = new Date(closesAt.getTime() + MIN);
    expect((await roomInfo(m.id, consultant.token)).iceServers).toEqual([]);
  });
});
