import { type AdminApi, createAdminApi } from './admin.ts';
import { type ApiKeysApi, createApiKeysApi } from './api-keys.ts';
import { type AuthApi, createAuthApi } from './auth.ts';
import { type BookingsApi, createBookingsApi } from './bookings.ts';
import type { ClientConfig, Health } from './contracts/index.ts';
import { createDiscoveryApi, type DiscoveryApi } from './discovery.ts';
import { createHttp, type HttpOptions, type RequestOptions } from './http.ts';
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
import { createSystemApi } from './system.ts';
import { memoryTokenStore, type StoredCredentials, type TokenStore } from './token-store.ts';
import { createUsersApi, type UsersApi } from './users.ts';

/**
 * Options of {@link createClient}.
 *
 * @example
 * ```ts
 * const options: ClientOptions = { baseUrl: '/api', tokenStore: localStorageTokenStore('fm-portal') };
 * ```
 */
export interface ClientOptions {
  /** The API root: `'/api'` in a page served by the product, or absolute (`'http://localhost:8787/api'`). */
  baseUrl: string;
  /** Where credentials are kept; an in-memory store by default. */
  tokenStore?: TokenStore;
  /**
   * Called when a request that carried the stored credentials got 401; the store is already
   * cleared. Apps redirect to sign-in here. A failed sign-in never calls it.
   */
  onUnauthorized?: () => void;
  /** A `fetch` to use instead of `globalThis.fetch`. */
  fetch?: HttpOptions['fetch'];
  /** Milliseconds before a request is abandoned (10 000 by default); `false` for none. */
  timeout?: number | false;
  /**
   * A franchise's secret API key (`sk_…`) for a backend: sent as `Authorization: Bearer sk_…` on
   * every call instead of a person's session; the token store is then not used. Never put a
   * secret key in a browser.
   */
  apiKey?: string;
}

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
export interface FmClient {
  /**
   * The stored credentials (synchronous), or `null` when signed out.
   *
   * @example
   * ```ts
   * const role = api.credentials()?.user.role;
   * ```
   */
  credentials(): StoredCredentials | null;
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
  /** The admin control panel's calls (admins only). */
  readonly admin: AdminApi;
  readonly promotions: PromotionsApi;
  /** The franchise's publishable and secret API keys (rule 18). */
  readonly apiKeys: ApiKeysApi;
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
  const tokenStore = options.tokenStore ?? memoryTokenStore();
  const http = createHttp({
    baseUrl: options.baseUrl,
    tokenStore,
    onUnauthorized: options.onUnauthorized,
    fetch: options.fetch,
    timeout: options.timeout,
    apiKey: options.apiKey,
  });
  const system = createSystemApi(http);
  const bookings = createBookingsApi(http);
  return {
    credentials: () => tokenStore.get(),
    auth: createAuthApi(http),
    users: createUsersApi(http),
    discovery: createDiscoveryApi(http),
    profile: createProfileApi(http, () => tokenStore.clear()),
    meetings: createMeetingsApi(bookings),
    calendar: createCalendarApi(bookings),
    bookings,
    meetingRoom: createMeetingRoomApi(http),
    payments: createPaymentsApi(http),
    messages: createMessagesApi(http),
    notifications: createNotificationsApi(http),
    realtime: createRealtimeApi(http),
    admin: createAdminApi(http),
    promotions: createPromotionsApi(http),
    apiKeys: createApiKeysApi(http),
    config: system.config,
    health: system.health,
  };
}
