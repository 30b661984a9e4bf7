import {
  type ClientConfig,
  ClientConfigSchema,
  type Health,
  HealthSchema,
  SYSTEM_OPERATIONS,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';

/**
 * Run-time configuration and health of the API; neither sends credentials.
 *
 * @example
 * ```ts
 * const { partyUrl } = await api.config();
 * ```
 */
export interface SystemApi {
  /**
   * What browsers need at run time: the realtime server's address and the version.
   *
   * @example
   * ```ts
   * const { partyUrl, version } = await api.config();
   * ```
   */
  config(options?: RequestOptions): Promise<ClientConfig>;
  /**
   * Whether the API and its database answer.
   *
   * @example
   * ```ts
   * const { status, database } = await api.health(); // 'ok', 'ok'
   * ```
   */
  health(options?: RequestOptions): Promise<Health>;
}

/**
 * `GET config`: the realtime server's address and the version (no credentials sent).
 *
 * @example
 * ```ts
 * const { partyUrl } = await fetchConfig(api.http);
 * ```
 */
export function fetchConfig(http: Http, options?: RequestOptions): Promise<ClientConfig> {
  return http.call(
    {
      operation: 'fetchConfig',
      texts: SYSTEM_OPERATIONS,
      method: 'get',
      path: 'config',
      response: ClientConfigSchema,
      credentials: false,
    },
    options,
  );
}

/**
 * Creates the config and health calls on a transport.
 *
 * @example
 * ```ts
 * const system = createSystemApi(http);
 * ```
 */
export function createSystemApi(http: Http): SystemApi {
  return {
    config: (options) => fetchConfig(http, options),
    health(options) {
      return http.call(
        {
          operation: 'checkHealth',
          texts: SYSTEM_OPERATIONS,
          method: 'get',
          path: 'health',
          response: HealthSchema,
          credentials: false,
        },
        options,
      );
    },
  };
}
