import {
  type AuthUser,
  AuthUserSchema,
  ERROR_CODES,
  type ErrorCode,
  REALTIME_AUTH,
  REALTIME_ROOM_PREFIXES,
  ROLES,
} from '@fm/sdk/contracts';
import * as v from 'valibot';

/**
 * Who may open a socket on which room (D12), as plain functions: the PartyKit worker only wires
 * them to `onBeforeConnect`. The API is reached through the `fetch` passed in.
 */

/** A room id read as what it is for. */
export type RoomRef = { kind: 'user'; userId: string } | { kind: 'chat'; chatId: string };

/**
 * Reads a room id (`user-{userId}` or `chat-{chatId}`); null for anything else.
 *
 * @example
 * parseRoomId('user-u1'); // { kind: 'user', userId: 'u1' }
 */
export function parseRoomId(roomId: string): RoomRef | null {
  const { user, chat } = REALTIME_ROOM_PREFIXES;
  if (roomId.startsWith(user) && roomId.length > user.length) {
    return { kind: 'user', userId: roomId.slice(user.length) };
  }
  if (roomId.startsWith(chat) && roomId.length > chat.length) {
    return { kind: 'chat', chatId: roomId.slice(chat.length) };
  }
  return null;
}

/** The verified identity a room receives. */
export interface SocketIdentity {
  userId: string;
  role: AuthUser['role'];
}

/** A connection refused, with the status and D7 code of the HTTP answer. */
export interface Refusal {
  ok: false;
  status: 401 | 403 | 503;
  code: ErrorCode;
}

export type ConnectDecision = { ok: true; identity: SocketIdentity } | Refusal;

export type FetchLike = (
  url: string,
  init: { headers: Record<string, string> },
) => Promise<Response>;

export interface ConnectDeps {
  /** The API origin, e.g. `http://127.0.0.1:8787` (the worker's `API_URL` variable). */
  apiUrl: string | undefined;
  fetch: FetchLike;
}

function refuse(status: Refusal['status'], code: ErrorCode): Refusal {
  return { ok: false, status, code };
}

/**
 * Asks the API who owns `token` (`GET {apiUrl}/api/auth/me`). A 401/403 means an invalid token;
 * any other failure means the API could not answer (503), so a flaky API never lets anyone in.
 *
 * @example
 * await verifyToken('abc', { apiUrl: 'http://127.0.0.1:8787', fetch });
 */
export async function verifyToken(
  token: string,
  deps: ConnectDeps,
): Promise<{ ok: true; user: AuthUser } | Refusal> {
  if (!deps.apiUrl) return refuse(503, 'SERVICE_UNAVAILABLE');
  const url = `${deps.apiUrl.replace(/\/+$/, '')}/api/auth/me`;
  let response: Response;
  try {
    response = await deps.fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
  } catch {
    return refuse(503, 'SERVICE_UNAVAILABLE');
  }
  if (response.status === 401 || response.status === 403) return refuse(401, 'UNAUTHORIZED');
  if (!response.ok) return refuse(503, 'SERVICE_UNAVAILABLE');
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return refuse(503, 'SERVICE_UNAVAILABLE');
  }
  const parsed = v.safeParse(AuthUserSchema, body);
  return parsed.success ? { ok: true, user: parsed.output } : refuse(503, 'SERVICE_UNAVAILABLE');
}

/**
 * Decides whether the socket request `url` may join `roomId`: it needs a valid access token in
 * the `token` query parameter (401 otherwise) and may join only its own user room; chat rooms are
 * refused until chat membership is checked (403).
 *
 * @example
 * const decision = await authorizeConnection(request.url, lobby.id, { apiUrl, fetch });
 * if (!decision.ok) return refusalResponse(decision);
 */
export async function authorizeConnection(
  url: string,
  roomId: string,
  deps: ConnectDeps,
): Promise<ConnectDecision> {
  const token = new URL(url).searchParams.get(REALTIME_AUTH.tokenQueryParam)?.trim();
  if (!token) return refuse(401, 'UNAUTHORIZED');
  const verified = await verifyToken(token, deps);
  if (!verified.ok) return verified;
  const room = parseRoomId(roomId);
  if (room?.kind !== 'user' || room.userId !== verified.user.id) return refuse(403, 'FORBIDDEN');
  return { ok: true, identity: { userId: verified.user.id, role: verified.user.role } };
}

/**
 * The HTTP answer to a refused connection, in the D7 error shape.
 *
 * @example
 * refusalResponse({ ok: false, status: 401, code: 'UNAUTHORIZED' }).status; // 401
 */
export function refusalResponse(refusal: Pick<Refusal, 'status' | 'code'>): Response {
  return new Response(
    JSON.stringify({ message: ERROR_CODES[refusal.code].message, code: refusal.code }),
    { status: refusal.status, headers: { 'content-type': 'application/json' } },
  );
}

/**
 * Writes the verified identity into request headers for the room (overwriting whatever the
 * client sent in them).
 *
 * @example
 * setIdentityHeaders(request.headers, { userId: 'u1', role: 'consultant' });
 */
export function setIdentityHeaders(headers: Pick<Headers, 'set'>, identity: SocketIdentity): void {
  headers.set(REALTIME_AUTH.userIdHeader, identity.userId);
  headers.set(REALTIME_AUTH.userRoleHeader, identity.role);
}

const IdentitySchema = v.object({
  userId: v.pipe(v.string(), v.nonEmpty()),
  role: v.picklist(ROLES),
});

/**
 * Reads the identity `setIdentityHeaders` wrote; null when absent or malformed.
 *
 * @example
 * const identity = readIdentityHeaders(ctx.request.headers);
 */
export function readIdentityHeaders(headers: Pick<Headers, 'get'>): SocketIdentity | null {
  const parsed = v.safeParse(IdentitySchema, {
    userId: headers.get(REALTIME_AUTH.userIdHeader),
    role: headers.get(REALTIME_AUTH.userRoleHeader),
  });
  return parsed.success ? parsed.output : null;
}

/**
 * Reads a connection's stored state back as an identity; null when it is not one.
 *
 * @example
 * const identity = identityFromState(connection.state);
 */
export function identityFromState(state: unknown): SocketIdentity | null {
  const parsed = v.safeParse(IdentitySchema, state);
  return parsed.success ? parsed.output : null;
}

/**
 * Whether `identity` may be in `roomId` (checked again in the room, behind `onBeforeConnect`).
 *
 * @example
 * mayJoin('user-u1', { userId: 'u1', role: 'consultant' }); // true
 */
export function mayJoin(roomId: string, identity: SocketIdentity): boolean {
  const room = parseRoomId(roomId);
  return room?.kind === 'user' && room.userId === identity.userId;
}
