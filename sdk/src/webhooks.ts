import {
  type CreateWebhookEndpointInput,
  CreateWebhookEndpointInputSchema,
  OPERATIONS,
  type SendTestWebhookInput,
  SendTestWebhookInputSchema,
  type UpdateWebhookEndpointInput,
  UpdateWebhookEndpointInputSchema,
  type WebhookDelivery,
  type WebhookDeliveryList,
  WebhookDeliveryListSchema,
  type WebhookDeliveryQuery,
  WebhookDeliveryQuerySchema,
  WebhookDeliverySchema,
  type WebhookEndpoint,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  type WebhookEndpointWithSecret,
  WebhookEndpointWithSecretSchema,
} from './contracts/index.ts';
import { type Http, type RequestOptions, withQuery } from './http.ts';
import { validateInput } from './validate-input.ts';

/**
 * Webhook endpoints (rule 21): a franchise's members (or a secret key with `webhooks:manage`) and a
 * consultant manage their own; the control panel manages any franchise's through `@fm/sdk/admin`.
 * Creating an endpoint is not retried (a replay would have to keep the secret): on a network
 * failure, list and delete what you do not know.
 *
 * @example
 * ```ts
 * const { secret } = await api.webhooks.create({ url: 'https://crm.brand.com/hooks', events: ['meeting.booked'] });
 * // Store `secret` (whsec_…) with your receiver now: it is never shown again.
 * ```
 */
export interface WebhooksApi {
  /** @example const endpoints = await api.webhooks.list(); */
  list(options?: RequestOptions): Promise<WebhookEndpoint[]>;
  /**
   * Registers an endpoint; the answer's `secret` is shown this once.
   * @example await api.webhooks.create({ url: 'https://crm.brand.com/hooks', events: ['meeting.booked', 'meeting.cancelled'] });
   */
  create(
    input: CreateWebhookEndpointInput,
    options?: RequestOptions,
  ): Promise<WebhookEndpointWithSecret>;
  /** @example await api.webhooks.update(id, { enabled: false }); */
  update(
    id: string,
    input: UpdateWebhookEndpointInput,
    options?: RequestOptions,
  ): Promise<WebhookEndpoint>;
  /** @example await api.webhooks.remove(id); */
  remove(id: string, options?: RequestOptions): Promise<void>;
  /**
   * A new signing secret, shown this once; the previous one keeps signing for 24 hours.
   * @example const { secret } = await api.webhooks.rotateSecret(id);
   */
  rotateSecret(id: string, options?: RequestOptions): Promise<WebhookEndpointWithSecret>;
  /**
   * Sends a sample event (ids start with `test_`) through the normal delivery path.
   * @example const delivery = await api.webhooks.sendTest(id, { eventType: 'meeting.booked' });
   */
  sendTest(
    id: string,
    input?: SendTestWebhookInput,
    options?: RequestOptions,
  ): Promise<WebhookDelivery>;
  /**
   * The endpoint's deliveries of the last 30 days, newest first, a page at a time.
   * @example const { data, nextCursor } = await api.webhooks.deliveries(id, { status: 'failed' });
   */
  deliveries(
    id: string,
    query?: WebhookDeliveryQuery,
    options?: RequestOptions,
  ): Promise<WebhookDeliveryList>;
  /**
   * Sends a delivery again, with the same `webhook-id`.
   * @example await api.webhooks.replay(delivery.id);
   */
  replay(deliveryId: string, options?: RequestOptions): Promise<WebhookDelivery>;
}

/** Where a set of webhook calls live: the collection, single endpoints, single deliveries. */
export interface WebhookPaths {
  collection: string;
  endpoints: string;
  deliveries: string;
}

/**
 * The webhook calls on `paths`: the caller's own (`webhooks/…`), or one franchise's for the
 * control panel (`@fm/sdk/admin`).
 * @example const hooks = webhookCalls(http, { collection: 'webhooks/endpoints', endpoints: 'webhooks/endpoints', deliveries: 'webhooks/deliveries' });
 */
export function webhookCalls(http: Http, paths: WebhookPaths): WebhooksApi {
  const endpoint = (id: string) => `${paths.endpoints}/${encodeURIComponent(id)}`;
  return {
    list: async (options) =>
      (
        await http.call(
          {
            operation: 'fetchWebhookEndpoints',
            texts: OPERATIONS,
            method: 'get',
            path: paths.collection,
            response: WebhookEndpointListSchema,
          },
          options,
        )
      ).data,
    create: async (input, options) =>
      http.call(
        {
          operation: 'createWebhookEndpoint',
          texts: OPERATIONS,
          method: 'post',
          path: paths.collection,
          json: validateInput(
            'createWebhookEndpoint',
            OPERATIONS,
            CreateWebhookEndpointInputSchema,
            input,
          ),
          response: WebhookEndpointWithSecretSchema,
        },
        options,
      ),
    update: async (id, input, options) =>
      http.call(
        {
          operation: 'updateWebhookEndpoint',
          texts: OPERATIONS,
          method: 'patch',
          path: endpoint(id),
          json: validateInput(
            'updateWebhookEndpoint',
            OPERATIONS,
            UpdateWebhookEndpointInputSchema,
            input,
          ),
          response: WebhookEndpointSchema,
        },
        options,
      ),
    remove: async (id, options) => {
      await http.call(
        {
          operation: 'deleteWebhookEndpoint',
          texts: OPERATIONS,
          method: 'delete',
          path: endpoint(id),
          response: WebhookEndpointSchema,
        },
        options,
      );
    },
    rotateSecret: (id, options) =>
      http.call(
        {
          operation: 'rotateWebhookSecret',
          texts: OPERATIONS,
          method: 'post',
          path: `${endpoint(id)}/rotate-secret`,
          response: WebhookEndpointWithSecretSchema,
        },
        options,
      ),
    sendTest: async (id, input = {}, options) =>
      http.call(
        {
          operation: 'sendTestWebhook',
          texts: OPERATIONS,
          method: 'post',
          path: `${endpoint(id)}/test`,
          json: validateInput('sendTestWebhook', OPERATIONS, SendTestWebhookInputSchema, input),
          response: WebhookDeliverySchema,
        },
        options,
      ),
    deliveries: async (id, query = {}, options) =>
      http.call(
        {
          operation: 'fetchWebhookDeliveries',
          texts: OPERATIONS,
          method: 'get',
          path: withQuery(
            `${endpoint(id)}/deliveries`,
            validateInput('fetchWebhookDeliveries', OPERATIONS, WebhookDeliveryQuerySchema, query),
          ),
          response: WebhookDeliveryListSchema,
        },
        options,
      ),
    replay: (deliveryId, options) =>
      http.call(
        {
          operation: 'replayWebhookDelivery',
          texts: OPERATIONS,
          method: 'post',
          path: `${paths.deliveries}/${encodeURIComponent(deliveryId)}/replay`,
          response: WebhookDeliverySchema,
        },
        options,
      ),
  };
}

/**
 * The caller's own webhook calls: a franchise's (members, or a secret key) or a consultant's.
 * @example const webhooks = createWebhooksApi(http);
 */
export function createWebhooksApi(http: Http): WebhooksApi {
  return webhookCalls(http, {
    collection: 'webhooks/endpoints',
    endpoints: 'webhooks/endpoints',
    deliveries: 'webhooks/deliveries',
  });
}
