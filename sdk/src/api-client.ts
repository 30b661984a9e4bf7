import { createHttp, type Http, type HttpOptions } from './http.ts';
import { memoryTokenStore, type StoredCredentials, type TokenStore } from './token-store.ts';

/**
 * Options of {@link createApiClient} and `createClient`.
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
 * What every call function takes (`getSlots(api.http, …)`): the transport, and the credentials it
 * sends. `createClient`'s `FmClient` is one too, with every call as a namespace on top; the
 * embeddable elements use {@link createApiClient} and the plain call functions of
 * `@fm/sdk/embed`, so a page downloads only the calls its element makes.
 *
 * @example
 * ```ts
 * const api: ApiClient = createApiClient({ baseUrl: '/api' });
 * const profile = await getPublicProfile(api.http, id, 'consultant');
 * ```
 */
export interface ApiClient {
  /** The transport the call functions send through (ky, with the credential hooks). */
  readonly http: Http;
  /**
   * The stored credentials (synchronous), or `null` when signed out.
   *
   * @example
   * ```ts
   * const role = api.credentials()?.user.role;
   * ```
   */
  credentials(): StoredCredentials | null;
}

/**
 * Creates the transport and credentials of a client, without any calls: pass `api.http` to the
 * call functions of `@fm/sdk/embed`.
 *
 * @example
 * ```ts
 * const api = createApiClient({ baseUrl: 'https://fm.example/api', tokenStore: memoryTokenStore() });
 * const { days } = await getSlots(api.http, consultantId, { date, timezone });
 * ```
 */
export function createApiClient(options: ClientOptions): ApiClient {
  const tokenStore = options.tokenStore ?? memoryTokenStore();
  const http = createHttp({
    baseUrl: options.baseUrl,
    tokenStore,
    onUnauthorized: options.onUnauthorized,
    fetch: options.fetch,
    timeout: options.timeout,
    apiKey: options.apiKey,
  });
  return { http, credentials: () => tokenStore.get() };
}
