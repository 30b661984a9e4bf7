import {
  type ApiKey,
  ApiKeyListSchema,
  ApiKeySchema,
  type CreateApiKeyInput,
  CreateApiKeyInputSchema,
  type CreatedApiKey,
  CreatedApiKeySchema,
  OPERATIONS,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
import { validateInput } from './validate-input.ts';

/**
 * A franchise's API keys (rule 18): publishable embed keys (`pk_…`, with allowed origins) and secret
 * backend keys (`sk_…`, with scopes). Members of the franchise manage their own franchise's keys
 * (the control panel manages any franchise's through `@fm/sdk/admin`). Creating a key is not retried
 * (a replay would have to keep the secret): on a network failure, list and revoke what you do not know.
 *
 * @example
 * ```ts
 * const { key } = await api.apiKeys.create({ kind: 'secret', name: 'CRM', scopes: ['meetings:read', 'meetings:write'] });
 * // Store `key` in your backend's secrets now: it is never shown again.
 * ```
 */
export interface ApiKeysApi {
  /**
   * The caller's franchise's keys, newest first (secret values never included).
   * @example const keys = await api.apiKeys.list();
   */
  list(options?: RequestOptions): Promise<ApiKey[]>;
  /**
   * Creates a key; the answer's `key` is the whole value, shown this once for secret keys.
   * @example await api.apiKeys.create({ kind: 'publishable', name: 'Website', allowedOrigins: ['https://www.brand.com'] });
   */
  create(input: CreateApiKeyInput, options?: RequestOptions): Promise<CreatedApiKey>;
  /**
   * Revokes a key at once (anything using it gets 401 from then on).
   * @example await api.apiKeys.revoke(key.id);
   */
  revoke(id: string, options?: RequestOptions): Promise<ApiKey>;
}

/**
 * The key calls on the keys collection at `base`: the caller's franchise's (`users/api-keys`), or
 * one franchise's for the control panel (`@fm/sdk/admin`).
 * @example const keys = await apiKeyCalls(http, 'users/api-keys').list();
 */
export function apiKeyCalls(http: Http, base: string): ApiKeysApi {
  return {
    list: async (options) =>
      (
        await http.call(
          {
            operation: 'fetchApiKeys',
            texts: OPERATIONS,
            method: 'get',
            path: base,
            response: ApiKeyListSchema,
          },
          options,
        )
      ).data,
    create: async (input, options) => {
      const json = validateInput('createApiKey', OPERATIONS, CreateApiKeyInputSchema, input);
      return http.call(
        {
          operation: 'createApiKey',
          texts: OPERATIONS,
          method: 'post',
          path: base,
          json,
          response: CreatedApiKeySchema,
        },
        options,
      );
    },
    revoke: (id, options) =>
      http.call(
        {
          operation: 'revokeApiKey',
          texts: OPERATIONS,
          method: 'delete',
          path: `${base}/${encodeURIComponent(id)}`,
          response: ApiKeySchema,
        },
        options,
      ),
  };
}

/**
 * Creates the API-key calls on a transport: the caller's franchise's keys.
 * @example const apiKeys = createApiKeysApi(http);
 */
export function createApiKeysApi(http: Http): ApiKeysApi {
  return apiKeyCalls(http, 'users/api-keys');
}
