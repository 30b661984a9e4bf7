/**
 * `@fm/sdk/embed`: the calls the embeddable elements make, as plain functions that take the
 * transport (`api.http`), so that a bundler keeps only the calls a page makes and their schemas —
 * no namespace object carries every call. Apps use `@fm/sdk`'s `createClient`, whose `FmClient`
 * is an {@link ApiClient} too: `getSlots(client.http, …)` works with either.
 *
 * @example
 * ```ts
 * import { createApiClient, getSlots, memoryTokenStore } from '@fm/sdk/embed';
 * const api = createApiClient({ baseUrl: 'https://fm.example/api', tokenStore: memoryTokenStore() });
 * const { days } = await getSlots(api.http, consultantId, { date: '2026-03-09', timezone: 'Europe/Paris' });
 * ```
 */
export { type ApiClient, type ClientOptions, createApiClient } from './api-client.ts';
export { signOut } from './auth.ts';
export { createSession, getAvailability, getSlots } from './bookings.ts';
export {
  aiSearchFranchisors,
  getSearchFilters,
  searchConsultants,
  searchFranchisors,
  toggleFavoriteConsultant,
  toggleFavoriteFranchisor,
} from './discovery.ts';
export {
  ApiError,
  type ApiErrorCode,
  isApiError,
  isResponseShapeError,
  ResponseShapeError,
  type SdkOperation,
} from './errors.ts';
export type { Http, RequestOptions } from './http.ts';
export {
  createChat,
  fetchAttachment,
  getChat,
  listChats,
  markChatRead,
  sendMessage,
  type UploadOptions,
  type UploadProgress,
  uploadAttachment,
} from './messages.ts';
export { listNotifications, markNotificationsRead } from './notifications.ts';
export type { PagedCall, PageInfo } from './pagination.ts';
export { listPromotions } from './promotions.ts';
export {
  type ConnectRealtimeOptions,
  connectRealtime,
  type RealtimeClient,
  type RealtimeConnection,
  type RealtimeStatus,
} from './realtime.ts';
export { fetchRealtimeTicket, realtimeClientOf } from './realtime-api.ts';
export {
  type HeldSlot,
  type SlotHoldsWatch,
  type WatchSlotHoldsOptions,
  watchSlotHolds,
} from './slot-holds.ts';
export { fetchConfig } from './system.ts';
export {
  memoryTokenStore,
  type StoredCredentials,
  type TokenStore,
} from './token-store.ts';
export { canReportUploadProgress } from './upload-progress.ts';
export { getPublicProfile } from './users.ts';
