import { describe, expect, it } from 'vitest';
import {
  authorizeConnection,
  type FetchLike,
  identityFromState,
  mayJoin,
  parseRoomId,
  readIdentityHeaders,
  refusalResponse,
  setIdentityHeaders,
} from './connect-auth.ts';

const API = 'http://api.test';
const ME = { id: 'u1', email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'consultant' };

/** A fake API: `tokens` maps a token to its user; records what was asked. */
function fakeApi(tokens: Record<string, unknown>) {
  const calls: { url: string; authorization: string | undefined }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const authorization = init.headers.authorization;
    calls.push({ url, authorization });
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    const user = tokens[token];
    return user === undefined
      ? new Response(JSON.stringify({ message: 'You are not signed in', code: 'UNAUTHORIZED' }), {
          status: 401,
        })
      : new Response(JSON.stringify(user), { status: 200 });
  };
  return { fetch, calls };
}

const socketUrl = (room: string, query = '') =>
  `http://party.test/parties/main/${room}${query ? `?${query}` : ''}`;

describe('parseRoomId', () => {
  it('reads user and chat rooms, and nothing else', () => {
    expect(parseRoomId('user-u1')).toEqual({ kind: 'user', userId: 'u1' });
    expect(parseRoomId('chat-c9')).toEqual({ kind: 'chat', chatId: 'c9' });
    expect(parseRoomId('user-')).toBeNull();
    expect(parseRoomId('lobby')).toBeNull();
  });
});

describe('authorizeConnection', () => {
  it('lets a valid token into its own user room, asking the API with a bearer token', async () => {
    const api = fakeApi({ good: ME });
    const decision = await authorizeConnection(socketUrl('user-u1', 'token=good'), 'user-u1', {
      apiUrl: `${API}/`,
      fetch: api.fetch,
    });
    expect(decision).toEqual({ ok: true, identity: { userId: 'u1', role: 'consultant' } });
    expect(api.calls).toEqual([{ url: `${API}/api/auth/me`, authorization: 'Bearer good' }]);
  });

  it('refuses a missing token with 401 without asking the API', async () => {
    const api = fakeApi({ good: ME });
    for (const query of ['', 'token=', 'token=%20']) {
      expect(
        await authorizeConnection(socketUrl('user-u1', query), 'user-u1', {
          apiUrl: API,
          fetch: api.fetch,
        }),
      ).toEqual({ ok: false, status: 401, code: 'UNAUTHORIZED' });
    }
    expect(api.calls).toEqual([]);
  });

  it('refuses a token the API rejects with 401', async () => {
    const api = fakeApi({ good: ME });
    const decision = await authorizeConnection(socketUrl('user-u1', 'token=bad'), 'user-u1', {
      apiUrl: API,
      fetch: api.fetch,
    });
    expect(decision).toEqual({ ok: false, status: 401, code: 'UNAUTHORIZED' });
  });

  it("refuses another user's room, chat rooms for now and unknown rooms with 403", async () => {
    const api = fakeApi({ good: ME });
    for (const room of ['user-u2', 'chat-c1', 'lobby']) {
      expect(
        await authorizeConnection(socketUrl(room, 'token=good'), room, {
          apiUrl: API,
          fetch: api.fetch,
        }),
      ).toEqual({ ok: false, status: 403, code: 'FORBIDDEN' });
    }
  });

  it('answers 503 when the API is unset, unreachable, failing or answers nonsense', async () => {
    const deps: { apiUrl: string | undefined; fetch: FetchLike }[] = [
      { apiUrl: undefined, fetch: fakeApi({ good: ME }).fetch },
      {
        apiUrl: API,
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      },
      { apiUrl: API, fetch: async () => new Response('oops', { status: 500 }) },
      { apiUrl: API, fetch: async () => new Response('not json', { status: 200 }) },
      { apiUrl: API, fetch: fakeApi({ good: { id: 'u1' } }).fetch },
    ];
    for (const dep of deps) {
      expect(await authorizeConnection(socketUrl('user-u1', 'token=good'), 'user-u1', dep)).toEqual(
        { ok: false, status: 503, code: 'SERVICE_UNAVAILABLE' },
      );
    }
  });
});

describe('identity headers and state', () => {
  it('overwrites whatever the client sent and reads it back', () => {
    const headers = new Headers({ 'x-fm-user-id': 'forged', 'x-fm-user-role': 'admin' });
    setIdentityHeaders(headers, { userId: 'u1', role: 'consultant' });
    expect(readIdentityHeaders(headers)).toEqual({ userId: 'u1', role: 'consultant' });
    expect(readIdentityHeaders(new Headers())).toBeNull();
    expect(
      readIdentityHeaders(new Headers({ 'x-fm-user-id': 'u1', 'x-fm-user-role': 'root' })),
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

  it('lets a user into their own room only', () => {
    expect(mayJoin('user-u1', { userId: 'u1', role: 'franchisor' })).toBe(true);
    expect(mayJoin('user-u2', { userId: 'u1', role: 'franchisor' })).toBe(false);
    expect(mayJoin('chat-c1', { userId: 'u1', role: 'franchisor' })).toBe(false);
  });
});

describe('refusalResponse', () => {
  it('answers in the D7 error shape', async () => {
    const response = refusalResponse({ status: 403, code: 'FORBIDDEN' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: 'You do not have permission to access this page.',
      code: 'FORBIDDEN',
    });
  });
});
