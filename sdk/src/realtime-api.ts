import {
  REALTIME_API_PATHS,
  type RealtimeTicket,
  RealtimeTicketInputSchema,
  RealtimeTicketSchema,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
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
 * Creates the realtime calls on a transport.
 *
 * @example
 * ```ts
 * const realtime = createRealtimeApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createRealtimeApi(http: Http): RealtimeApi {
  return {
    async ticket(room, options) {
      const json = validateInput('fetchRealtimeTicket', RealtimeTicketInputSchema, { room });
      return http.call(
        {
          operation: 'fetchRealtimeTicket',
          method: 'post',
          path: REALTIME_API_PATHS.ticket,
          json,
          response: RealtimeTicketSchema,
        },
        options,
      );
    },
  };
}
