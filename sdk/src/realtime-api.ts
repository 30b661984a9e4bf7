import {
  REALTIME_API_PATHS,
  REALTIME_OPERATIONS,
  type RealtimeTicket,
  RealtimeTicketInputSchema,
  RealtimeTicketSchema,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
import type { RealtimeClient } from './realtime.ts';
import { fetchConfig } from './system.ts';
import { validateInput } from './validate-input.ts';

/**
 * The realtime handshake (rule 15): a single-use ticket that admits one socket to one room.
 * {@link connectRealtime} calls it before every (re)connect; apps rarely need it directly.
 *
 * @example
 * ```ts
 * const { ticket, expiresAt } = await api.realtime.ticket('user-u1');
 * ```
 */
export interface RealtimeApi {
  /**
   * `POST realtime/ticket {room}`: a ticket for the caller's own user room or a chat they take
   * part in (403/404 otherwise), good for about a minute and for one socket.
   *
   * @example
   * ```ts
   * const { ticket } = await api.realtime.ticket(chatRoomId(chat.id));
   * ```
   */
  ticket(room: string, options?: RequestOptions): Promise<RealtimeTicket>;
}

/**
 * `POST realtime/ticket {room}`: a single-use ticket that admits one socket to one room.
 *
 * @example
 * ```ts
 * const { ticket } = await fetchRealtimeTicket(api.http, 'user-u1');
 * ```
 */
export async function fetchRealtimeTicket(
  http: Http,
  room: string,
  options?: RequestOptions,
): Promise<RealtimeTicket> {
  const json = validateInput(
    'fetchRealtimeTicket',
    REALTIME_OPERATIONS,
    RealtimeTicketInputSchema,
    { room },
  );
  return http.call(
    {
      operation: 'fetchRealtimeTicket',
      texts: REALTIME_OPERATIONS,
      method: 'post',
      path: REALTIME_API_PATHS.ticket,
      json,
      response: RealtimeTicketSchema,
    },
    options,
  );
}

/**
 * Creates the realtime calls on a transport.
 *
 * @example
 * ```ts
 * const realtime = createRealtimeApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createRealtimeApi(http: Http): RealtimeApi {
  return { ticket: (room, options) => fetchRealtimeTicket(http, room, options) };
}

/**
 * The calls `connectRealtime` and `connectMeetingRoom` need (a ticket per connect, the rooms'
 * address), on a transport alone: `FmClient` has them as namespaces, an `ApiClient` through this.
 *
 * @example
 * ```ts
 * const live = connectRealtime({ client: realtimeClientOf(api.http), room: userRoomId(userId) });
 * ```
 */
export function realtimeClientOf(http: Http): RealtimeClient {
  return {
    realtime: { ticket: (room) => fetchRealtimeTicket(http, room) },
    config: () => fetchConfig(http),
  };
}
