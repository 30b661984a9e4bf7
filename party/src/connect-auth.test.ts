import { describe, expect, it } from 'vitest';
import {
  authorizeConnection,
  type ConnectDeps,
  type FetchLike,
  identityFromState,
  mayJoin,
  readIdentityHeaders,
  readMeetingHeaders,
  refusalResponse,
  withIdentityHeaders,
} from './connect-auth.ts';

const API = 'http://api.test';
const SECRET = 's'.repeat(40);

/**
 * A fake API: `tickets` maps a ticket to the room it is for and the identity it admits; a ticket
 * works once. Records what was asked.
 */
function fakeApi(tickets: Record<string, { room: string; identity: unknown }>) {
  const calls: { url: string; authorization: string | undefined; body: unknown }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const body = JSON.parse(init.body) as { ticket: string; room: string };
    calls.push({ url, authorization: init.headers.authorization, body });
    if (init.headers.authorization !== `Bearer ${SECRET}`) {
      return Response.json({ message: 'no', code: 'FORBIDDEN' }, { status: 403 });
    }
    const found = tickets[body.ticket];
    delete tickets[body.ticket];
    return found && found.room === body.room
      ? Response.json(found.identity)
      : Response.json({ message: 'no', code: 'UNAUTHORIZED' }, { status: 401 });
  };
  return { fetch, calls };
}

const ME = { userId: 'u1', role: 'consultant' };
const socketUrl = (room: string, query = '') =>
  `http://party.test/parties/rooms/${room}${query ? `?${query}` : ''}`;
const deps = (fetch: FetchLike, extra: Partial<ConnectDeps> = {}): ConnectDeps => ({
  apiUrl: `${API}/`,
  secret: SECRET,
  fetch,
  ...extra,
});

describe('authorizeConnection', () => {
  it('redeems the ticket with the API, server to server with the shared secret, once', async () => {
    const api = fakeApi({ t1: { room: 'user-u1', identity: ME } });
    const decision = await authorizeConnection(
      socketUrl('user-u1', 'ticket=t1'),
      'user-u1',
      deps(api.fetch),
    );
    expect(decision).toEqual({ ok: true, identity: ME });
    expect(api.calls).toEqual([
      {
        url: `${API}/api/realtime/redeem`,
        authorization: `Bearer ${SECRET}`,
        body: { ticket: 't1', room: 'user-u1' },
      },
    ]);
    // Used once: the same ticket again is refused.
    expect(
      await authorizeConnection(socketUrl('user-u1', 'ticket=t1'), 'user-u1', deps(api.fetch)),
    ).toEqual({ ok: false, status: 401, code: 'UNAUTHORIZED' });
  });

  it('admits a chat participant the API vouches for', async () => {
    const api = fakeApi({ t: { room: 'chat-c1', identity: ME } });
    expect(
      await authorizeConnection(socketUrl('chat-c1', 'ticket=t'), 'chat-c1', deps(api.fetch)),
    ).toEqual({ ok: true, identity: ME });
  });

  it('passes on the side and closing time the API answers for a meeting room only', async () => {
    const meeting = { side: 'consultant', closesAt: 1_800_000_000_000 };
    const api = fakeApi({
      m: { room: 'meeting-m1', identity: { ...ME, meeting } },
      u: { room: 'user-u1', identity: { ...ME, meeting } },
    });
    expect(
      await authorizeConnection(socketUrl('meeting-m1', 'ticket=m'), 'meeting-m1', deps(api.fetch)),
    ).toEqual({ ok: true, identity: ME, meeting });
    expect(
      await authorizeConnection(socketUrl('user-u1', 'ticket=u'), 'user-u1', deps(api.fetch)),
    ).toEqual({ ok: true, identity: ME });
  });

  it('refuses a missing ticket with 401 without asking the API', async () => {
    const api = fakeApi({});
    for (const query of ['', 'ticket=', 'ticket=%20', 'token=an-access-token']) {
      expect(
        await authorizeConnection(socketUrl('user-u1', query), 'user-u1', deps(api.fetch)),
      ).toEqual({ ok: false, status: 401, code: 'UNAUTHORIZED' });
    }
    expect(api.calls).toEqual([]);
  });

  it('refuses a ticket the API does not redeem (forged, used, expired, other room) with 401', async () => {
    const api = fakeApi({ t: { room: 'user-u1', identity: ME } });
    expect(
      await authorizeConnection(socketUrl('chat-c1', 'ticket=t'), 'chat-c1', deps(api.fetch)),
    ).toEqual({ ok: false, status: 401, code: 'UNAUTHORIZED' });
    expect(
      await authorizeConnection(socketUrl('user-u1', 'ticket=forged'), 'user-u1', deps(api.fetch)),
    ).toEqual({ ok: false, status: 401, code: 'UNAUTHORIZED' });
  });

  it('refuses unknown rooms with 403 without asking the API', async () => {
    const api = fakeApi({});
    // `meeting-{id}` rooms are rule 16's; `meeting-` alone is as unknown as `user-`.
    for (const room of ['lobby', 'user-', 'meeting-', 'chat-a/b']) {
      expect(await authorizeConnection(socketUrl('x', 'ticket=t'), room, deps(api.fetch))).toEqual({
        ok: false,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect(api.calls).toEqual([]);
  });

  it("refuses another user's room even if the API said yes (defence in depth)", async () => {
    const api = fakeApi({ t: { room: 'user-u2', identity: ME } });
    expect(
      await authorizeConnection(socketUrl('user-u2', 'ticket=t'), 'user-u2', deps(api.fetch)),
    ).toEqual({ ok: false, status: 403, code: 'FORBIDDEN' });
  });

  it('answers 503, and reports a misconfiguration, when the secret is unset or wrong', async () => {
    const reports: string[] = [];
    const onMisconfigured = (detail: string) => reports.push(detail);
    const api = fakeApi({ t: { room: 'user-u1', identity: ME } });
    for (const extra of [{ secret: undefined }, { secret: 'wrong' }, { apiUrl: undefined }]) {
      expect(
        await authorizeConnection(
          socketUrl('user-u1', 'ticket=t'),
          'user-u1',
          deps(api.fetch, { ...extra, onMisconfigured }),
        ),
      ).toEqual({ ok: false, status: 503, code: 'SERVICE_UNAVAILABLE' });
    }
    expect(reports).toHaveLength(3);
  });

  it('answers 503 when the API is unreachable, failing or answers nonsense', async () => {
    const fetches: FetchLike[] = [
      async () => {
        throw new TypeError('fetch failed');
      },
      async () => new Response('oops', { status: 500 }),
      async () => new Response('not json', { status: 200 }),
      async () => Response.json({ userId: 'u1', role: 'root' }),
    ];
    for (const fetch of fetches) {
      expect(
        await authorizeConnection(socketUrl('user-u1', 'ticket=t'), 'user-u1', deps(fetch)),
      ).toEqual({ ok: false, status: 503, code: 'SERVICE_UNAVAILABLE' });
    }
  });
});

describe('identity headers and state', () => {
  it('overwrites whatever the client sent and reads it back', () => {
    const sent = new Headers({ 'x-fm-user-id': 'forged', 'x-fm-user-role': 'admin' });
    const headers = withIdentityHeaders(sent, { userId: 'u1', role: 'consultant' });
    expect(readIdentityHeaders(headers)).toEqual({ userId: 'u1', role: 'consultant' });
    expect(readIdentityHeaders(new Headers())).toBeNull();
    expect(
      readIdentityHeaders(new Headers({ 'x-fm-user-id': 'u1', 'x-fm-user-role': 'root' })),
    ).toBeNull();
  });

  it('carries a meeting socket’s side and closing time, and never the client’s own values', () => {
    const me = { userId: 'u1', role: 'consultant' } as const;
    const forged = new Headers({
      'x-fm-meeting-side': 'consultant',
      'x-fm-meeting-closes-at': '9',
    });
    expect(readMeetingHeaders(withIdentityHeaders(forged, me))).toBeNull();
    const meeting = { side: 'franchise', closesAt: 1_800_000_000_000 } as const;
    expect(readMeetingHeaders(withIdentityHeaders(forged, me, meeting))).toEqual(meeting);
    expect(
      readMeetingHeaders(
        new Headers({ 'x-fm-meeting-side': 'admin', 'x-fm-meeting-closes-at': '1' }),
      ),
    ).toBeNull();
    expect(
      readMeetingHeaders(
        new Headers({ 'x-fm-meeting-side': 'franchise', 'x-fm-meeting-closes-at': 'soon' }),
      ),
    ).toBeNull();
  });

  it('validates stored connection state', () => {
    expect(identityFromState({ userId: 'u1', role: 'admin' })).toEqual({
      userId: 'u1',
      role: 'admin',
    });
    expect(identityFromState(null)).toBeNull();
    expect(identityFromState({ userId: '', role: 'admin' })).toBeNull();
  });

  it('lets a user into their own user room and the chats the API admitted them to', () => {
    const me = { userId: 'u1', role: 'franchisor' } as const;
    expect(mayJoin('user-u1', me)).toBe(true);
    expect(mayJoin('user-u2', me)).toBe(false);
    expect(mayJoin('chat-c1', me)).toBe(true);
    expect(mayJoin('lobby', me)).toBe(false);
  });
});

describe('refusalResponse', () => {
  it('answers in the error shape of rule 7, with the code’s status unless told', async () => {
    const response = refusalResponse({ status: 403, code: 'FORBIDDEN' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: 'You do not have permission to access this page.',
      code: 'FORBIDDEN',
    });
    expect(refusalResponse({ code: 'PAYLOAD_TOO_LARGE' }).status).toBe(413);
  });
});
