import { type ApiClient, type ClientOptions, createApiClient } from './api-client.ts';
import { type ApiKeysApi, createApiKeysApi } from './api-keys.ts';
import { type AuthApi, createAuthApi } from './auth.ts';
import { type BookingsApi, createBookingsApi } from './bookings.ts';
import type { ClientConfig, Health } from './contracts/index.ts';
import { createDiscoveryApi, type DiscoveryApi } from './discovery.ts';
import { createDisputesApi, type DisputesApi } from './disputes.ts';
import type { RequestOptions } from './http.ts';
import { createMeetingRoomApi, type MeetingRoomApi } from './meeting-room-api.ts';
import {
  type CalendarApi,
  createCalendarApi,
  createMeetingsApi,
  type MeetingsApi,
} from './meetings.ts';
import { createMessagesApi, type MessagesApi } from './messages.ts';
import { createNotificationsApi, type NotificationsApi } from './notifications.ts';
import { createPaymentsApi, type PaymentsApi } from './payments.ts';
import { createProfileApi, type ProfileApi } from './profile.ts';
import { createPromotionsApi, type PromotionsApi } from './promotions.ts';
import { createRealtimeApi, type RealtimeApi } from './realtime-api.ts';
import { createReschedulesApi, type ReschedulesApi } from './reschedules.ts';
import { createSystemApi } from './system.ts';
import { createUsersApi, type UsersApi } from './users.ts';
import { createWebhooksApi, type WebhooksApi } from './webhooks.ts';

/**
 * The typed client of the franchise marketplace API.
 *
 * @example
 * ```ts
 * const api: FmClient = createClient({ baseUrl: 'http://localhost:8787/api' });
 * await api.auth.signIn({ email, password });
 * const me = await api.users.getProfile();
 * ```
 */
export interface FmClient extends ApiClient {
  readonly auth: AuthApi;
  readonly users: UsersApi;
  readonly discovery: DiscoveryApi;
  readonly profile: ProfileApi;
  /** Meetings: slots, booking and the meeting's life cycle (the API's "session"). */
  readonly meetings: MeetingsApi;
  /** A consultant's calendar settings, connections and the iCalendar feed. */
  readonly calendar: CalendarApi;
  /**
   * The same calls under their first names (`createSession`, `listSessions`, …).
   * @deprecated Use {@link FmClient.meetings} and {@link FmClient.calendar}; kept for existing code.
   */
  readonly bookings: BookingsApi;
  /** The meeting room (rule 16): its page's data, presence, no-shows; the call is `connectMeetingRoom`. */
  readonly meetingRoom: MeetingRoomApi;
  readonly payments: PaymentsApi;
  readonly messages: MessagesApi;
  readonly notifications: NotificationsApi;
  /** The realtime handshake (tickets); sockets themselves come from `connectRealtime`. */
  readonly realtime: RealtimeApi;
  readonly promotions: PromotionsApi;
  /** Moving a meeting (rule 20): proposals of new times and the other side's answer. */
  readonly reschedules: ReschedulesApi;
  /** Disputes of charged meetings (rule 20): opening one, its status, replies. */
  readonly disputes: DisputesApi;
  /** The franchise's publishable and secret API keys (rule 18). */
  readonly apiKeys: ApiKeysApi;
  /** Webhook endpoints and their deliveries (rule 21). */
  readonly webhooks: WebhooksApi;
  /**
   * Run-time configuration: `{ partyUrl, version }`.
   *
   * @example
   * ```ts
   * const { partyUrl } = await api.config();
   * ```
   */
  config(options?: RequestOptions): Promise<ClientConfig>;
  /**
   * API health: `{ status: 'ok', database: 'ok', version, runtime }`.
   *
   * @example
   * ```ts
   * await api.health();
   * ```
   */
  health(options?: RequestOptions): Promise<Health>;
}

/**
 * Creates the API client. Every call validates its input before sending and its answer after,
 * and rejects with an `ApiError` whose message is ready to show.
 *
 * @example
 * ```ts
 * const api = createClient({
 *   baseUrl: '/api',
 *   tokenStore: localStorageTokenStore('fm-portal'),
 *   onUnauthorized: () => navigate('/sign-in'),
 * });
 * ```
 */
export function createClient(options: ClientOptions): FmClient {
  const base = createApiClient(options);
  const { http } = base;
  const system = createSystemApi(http);
  const bookings = createBookingsApi(http);
  return {
    http,
    credentials: base.credentials,
    auth: createAuthApi(http),
    users: createUsersApi(http),
    discovery: createDiscoveryApi(http),
    profile: createProfileApi(http, () => http.tokenStore.clear()),
    meetings: createMeetingsApi(bookings),
    calendar: createCalendarApi(bookings),
    bookings,
    meetingRoom: createMeetingRoomApi(http),
    payments: createPaymentsApi(http),
    messages: createMessagesApi(http),
    notifications: createNotificationsApi(http),
    realtime: createRealtimeApi(http),
    promotions: createPromotionsApi(http),
    reschedules: createReschedulesApi(http),
    disputes: createDisputesApi(http),
    apiKeys: createApiKeysApi(http),
    webhooks: createWebhooksApi(http),
    config: system.config,
    health: system.health,
  };
}
