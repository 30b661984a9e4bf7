import {
  ERROR_CODES,
  type ErrorCode,
  type MeetingAdmission,
  MeetingAdmissionSchema,
  parseRoomId,
  REALTIME_API_PATHS,
  REALTIME_AUTH,
  type RealtimeIdentity,
  RealtimeIdentitySchema,
  RealtimeRedemptionSchema,
} from '@fm/sdk/contracts';
import * as v from 'valibot';

/**
 * Who may open a socket on which room (rule 15), as plain functions; the worker only wires them to
 * `onBeforeConnect`. A socket brings a single-use ticket from the API in the `ticket` query
 * parameter; the room server redeems it with the API (server to server, with the shared secret)
 * before the socket opens. The API is reached through the `fetch` passed in.
 */

/** The verified identity a room receives. */
export type SocketIdentity = RealtimeIdentity;

/** A connection refused, with the status and code of the HTTP answer (rule 7). */
export interface Refusal {
  ok: false;
  status: 401 | 403 | 503;
  code: ErrorCode;
}

/**
 * An admitted socket: who it is, and for a meeting room its side and the room's closing time
 * (rule 16), as the API answered them.
 */
export type ConnectDecision =
  | { ok: true; identity: SocketIdentity; meeting?: MeetingAdmission }
  | Refusal;

export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<Response>;

export interface ConnectDeps {
  /** The API origin, e.g. `http://127.0.0.1:8787` (the worker's `API_URL` variable). */
  apiUrl: string | undefined;
  /** The secret shared with the API (`REALTIME_SECRET`). */
  secret: string | undefined;
  fetch: FetchLike;
  /** Called when the API says our secret is wrong: a misconfiguration worth a loud log line. */
  onMisconfigured?: (detail: string) => void;
}

/** How long the room server waits for the API to redeem a ticket. */
export const REDEEM_TIMEOUT_MS = 5_000;

function refuse(status: Refusal['status'], code: ErrorCode): Refusal {
  return { ok: false, status, code };
}

/**
 * Redeems `ticket` for `room` with the API (`POST {apiUrl}/api/realtime/redeem`). A 401 means a
 * ticket that is unknown, used, expired or for another room; any other failure means the API
 * could not answer (503), so a flaky API never lets anyone in.
 *
 * @example
 * await redeemTicket('t', 'user-u1', { apiUrl: 'http://127.0.0.1:8787', secret, fetch });
 */
export async function redeemTicket(
  ticket: string,
  room: string,
  deps: ConnectDeps,
): Promise<ConnectDecision> {
  if (!deps.apiUrl || !deps.secret) {
    deps.onMisconfigured?.('API_URL and REALTIME_SECRET must be set');
    return refuse(503, 'SERVICE_UNAVAILABLE');
  }
  const url = `${deps.apiUrl.replace(/\/+$/, '')}/api/${REALTIME_API_PATHS.redeem}`;
  let response: Response;
  try {
    response = await deps.fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${deps.secret}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ ticket, room }),
      signal: AbortSignal.timeout(REDEEM_TIMEOUT_MS),
    });
  } catch {
    return refuse(503, 'SERVICE_UNAVAILABLE');
  }
  if (response.status === 401) return refuse(401, 'UNAUTHORIZED');
  if (response.status === 403) {
    deps.onMisconfigured?.('the API refused our REALTIME_SECRET');
    return refuse(503, 'SERVICE_UNAVAILABLE');
  }
  if (!response.ok) return refuse(503, 'SERVICE_UNAVAILABLE');
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return refuse(503, 'SERVICE_UNAVAILABLE');
  }
  const parsed = v.safeParse(RealtimeRedemptionSchema, body);
  if (!parsed.success) return refuse(503, 'SERVICE_UNAVAILABLE');
  const { meeting, ...redeemed } = parsed.output;
  const identity: SocketIdentity = { userId: redeemed.userId, role: redeemed.role };
  // Defence in depth: the API only redeems tickets for rooms their owner may join.
  if (!mayJoin(room, identity)) return refuse(403, 'FORBIDDEN');
  return meeting && parseRoomId(room)?.kind === 'meeting'
    ? { ok: true, identity, meeting }
    : { ok: true, identity };
}

/**
 * Decides whether the socket request `url` may join `room`: it needs a ticket (401 otherwise),
 * a room name we know (403 otherwise), and the API must redeem the ticket for that room.
 *
 * @example
 * const decision = await authorizeConnection(request.url, lobby.name, deps);
 * if (!decision.ok) return refusalResponse(decision);
 */
export async function authorizeConnection(
  url: string,
  room: string,
  deps: ConnectDeps,
): Promise<ConnectDecision> {
  if (!parseRoomId(room)) return refuse(403, 'FORBIDDEN');
  const ticket = new URL(url).searchParams.get(REALTIME_AUTH.ticketQueryParam)?.trim();
  if (!ticket) return refuse(401, 'UNAUTHORIZED');
  return redeemTicket(ticket, room, deps);
}

/**
 * The HTTP answer to a refused connection or command, in the error shape of rule 7.
 *
 * @example
 * refusalResponse({ status: 401, code: 'UNAUTHORIZED' }).status; // 401
 */
export function refusalResponse(refusal: { status?: number; code: ErrorCode }): Response {
  const { status, message } = ERROR_CODES[refusal.code];
  return new Response(JSON.stringify({ message, code: refusal.code }), {
    status: refusal.status ?? status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Headers carrying the verified identity (and a meeting socket's admission) to the room: the
 * client's own values of these headers are overwritten or removed.
 *
 * @example
 * const request = new Request(req, { headers: withIdentityHeaders(req.headers, identity) });
 */
export function withIdentityHeaders(
  headers: Headers,
  identity: SocketIdentity,
  meeting?: MeetingAdmission,
): Headers {
  const next = new Headers(headers);
  next.set(REALTIME_AUTH.userIdHeader, identity.userId);
  next.set(REALTIME_AUTH.userRoleHeader, identity.role);
  next.delete(REALTIME_AUTH.meetingSideHeader);
  next.delete(REALTIME_AUTH.meetingClosesAtHeader);
  if (meeting) {
    next.set(REALTIME_AUTH.meetingSideHeader, meeting.side);
    next.set(REALTIME_AUTH.meetingClosesAtHeader, String(meeting.closesAt));
  }
  return next;
}

/**
 * Reads the meeting admission `withIdentityHeaders` wrote; null when absent or malformed.
 *
 * @example
 * const meeting = readMeetingHeaders(ctx.request.headers); // { side: 'consultant', closesAt }
 */
export function readMeetingHeaders(headers: Pick<Headers, 'get'>): MeetingAdmission | null {
  const closesAt = headers.get(REALTIME_AUTH.meetingClosesAtHeader);
  const parsed = v.safeParse(MeetingAdmissionSchema, {
    side: headers.get(REALTIME_AUTH.meetingSideHeader),
    closesAt: closesAt === null || closesAt.trim() === '' ? null : Number(closesAt),
  });
  return parsed.success ? parsed.output : null;
}

/**
 * Reads the identity `withIdentityHeaders` wrote; null when absent or malformed.
 *
 * @example
 * const identity = readIdentityHeaders(ctx.request.headers);
 */
export function readIdentityHeaders(headers: Pick<Headers, 'get'>): SocketIdentity | null {
  const parsed = v.safeParse(RealtimeIdentitySchema, {
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
  const parsed = v.safeParse(RealtimeIdentitySchema, state);
  return parsed.success ? parsed.output : null;
}

/**
 * Whether `identity` may be in `room` as far as the room server can tell on its own: a user room
 * only for its user; a chat room for whoever the API admitted (membership is the API's to judge).
 *
 * @example
 * mayJoin('user-u1', { userId: 'u1', role: 'consultant' }); // true
 */
export function mayJoin(room: string, identity: SocketIdentity): boolean {
  const ref = parseRoomId(room);
  if (!ref) return false;
  return ref.kind !== 'user' || ref.id === identity.userId;
}
