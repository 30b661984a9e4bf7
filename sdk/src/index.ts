/**
 * `@fm/sdk`: the typed client of the franchise marketplace API. The contract (schemas, enums,
 * texts, error codes) is the separate entry `@fm/sdk/contracts`.
 *
 * @example
 * ```ts
 * import { createClient, localStorageTokenStore, isApiError } from '@fm/sdk';
 * const api = createClient({ baseUrl: '/api', tokenStore: localStorageTokenStore('fm-portal') });
 * ```
 */
export { type ApiClient, type ClientOptions, createApiClient } from './api-client.ts';
export type { ApiKeysApi } from './api-keys.ts';
export type { AuthApi } from './auth.ts';
export type { BookingsApi } from './bookings.ts';
export { createClient, type FmClient } from './client.ts';
export type { DiscoveryApi } from './discovery.ts';
export type { DisputesApi } from './disputes.ts';
export {
  ApiError,
  type ApiErrorCode,
  type ApiErrorInit,
  isApiError,
  isResponseShapeError,
  operationText,
  ResponseShapeError,
  type SdkOperation,
} from './errors.ts';
export type { RequestOptions } from './http.ts';
export { createMeetingRoomApi, type MeetingRoomApi } from './meeting-room-api.ts';
export {
  type ConnectMeetingRoomOptions,
  connectMeetingRoom,
  type MeetingRefusal,
  type MeetingSignalling,
  type MeetingSignallingStatus,
} from './meeting-signalling.ts';
export type { CalendarApi, MeetingsApi } from './meetings.ts';
export type { MessagesApi, UploadOptions, UploadProgress } from './messages.ts';
export type { NotificationsApi } from './notifications.ts';
export type { PagedCall, PageInfo } from './pagination.ts';
export type { PaymentsApi } from './payments.ts';
export { type ProfileApi, type ProfileFiles, toProfileFormData } from './profile.ts';
export type { PromotionsApi } from './promotions.ts';
export {
  type ConnectRealtimeOptions,
  connectRealtime,
  type RealtimeClient,
  type RealtimeConnection,
  type RealtimeStatus,
  type WebSocketConstructor,
} from './realtime.ts';
export { type RealtimeApi, realtimeClientOf } from './realtime-api.ts';
export type { ReschedulesApi } from './reschedules.ts';
export {
  type HeldSlot,
  type SlotHoldsWatch,
  type WatchSlotHoldsOptions,
  watchSlotHolds,
} from './slot-holds.ts';
export type { SystemApi } from './system.ts';
export {
  localStorageTokenStore,
  memoryTokenStore,
  type StoredCredentials,
  type TokenStore,
} from './token-store.ts';
export { canReportUploadProgress } from './upload-progress.ts';
export type { UsersApi } from './users.ts';
export { type VerifiedWebhook, verifyWebhook, WebhookVerificationError } from './verify-webhook.ts';
export type { WebhooksApi } from './webhooks.ts';
