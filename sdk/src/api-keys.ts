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
 * backend keys (`sk_…`, with scopes). Members of the franchise manage their own franchise's keys;
 * admins manage any franchise's with the `…ForFranchise` calls. Creating a key is not retried
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
  /**
   * Admins: a franchise's keys.
   * @example const keys = await api.apiKeys.listForFranchise(franchiseId);
   */
  listForFranchise(franchiseId: string, options?: RequestOptions): Promise<ApiKey[]>;
  /**
   * Admins: creates a key for a franchise.
   * @example await api.apiKeys.createForFranchise(franchiseId, { kind: 'secret', name: 'Support', scopes: ['discovery:read'] });
   */
  createForFranchise(
    franchiseId: string,
    input: CreateApiKeyInput,
    options?: RequestOptions,
  ): Promise<CreatedApiKey>;
  /**
   * Admins: revokes a franchise's key.
   * @example await api.apiKeys.revokeForFranchise(franchiseId, keyId);
   */
  revokeForFranchise(franchiseId: string, id: string, options?: RequestOptions): Promise<ApiKey>;
}

const enc = encodeURIComponent;

/**
 * Creates the API-key calls on a transport.
 * @example const apiKeys = createApiKeysApi(http);
 */
export function createApiKeysApi(http: Http): ApiKeysApi {
  const base = (franchiseId?: string) =>
    franchiseId === undefined ? 'users/api-keys' : `admin/franchises/${enc(franchiseId)}/api-keys`;

  const list = async (options: RequestOptions | undefined, franchiseId?: string) =>
    (
      await http.call(
        {
          operation: 'fetchApiKeys',
          texts: OPERATIONS,
          method: 'get',
          path: base(franchiseId),
          response: ApiKeyListSchema,
        },
        options,
      )
    ).data;
  const create = async (
    input: CreateApiKeyInput,
    options: RequestOptions | undefined,
    franchiseId?: string,
  ) => {
    const json = validateInput('createApiKey', OPERATIONS, CreateApiKeyInputSchema, input);
    return http.call(
      {
        operation: 'createApiKey',
        texts: OPERATIONS,
        method: 'post',
        path: base(franchiseId),
        json,
        response: CreatedApiKeySchema,
      },
      options,
    );
  };
  const revoke = (id: string, options: RequestOptions | undefined, franchiseId?: string) =>
    http.call(
      {
        operation: 'revokeApiKey',
        texts: OPERATIONS,
        method: 'delete',
        path: `${base(franchiseId)}/${enc(id)}`,
        response: ApiKeySchema,
      },
      options,
    );

  return {
    list: (options) => list(options),
    create: (input, options) => create(input, options),
    revoke: (id, options) => revoke(id, options),
    listForFranchise: (franchiseId, options) => list(options, franchiseId),
    createForFranchise: (franchiseId, input, options) => create(input, options, franchiseId),
    revokeForFranchise: (franchiseId, id, options) => revoke(id, options, franchiseId),
  };
}
