import { ApiError, type WebhooksApi } from '@fm/sdk';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_OPERATIONS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@fm/sdk/contracts';
import {
  AppToaster,
  WebhookEndpointManager,
  type WebhookEndpointManagerProps,
} from '@fm/widgets/kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import '@fm/widgets/kit.css';

/**
 * The kit's webhook endpoint manager (rule 21), as the portal's Developers page and the control
 * panel's franchise page show it: endpoints, the signing secret shown once, the add and edit
 * dialogs, and each endpoint's delivery log. The calls here answer from memory (a plain http://
 * URL off this machine is refused at its field, as the server does).
 */
const meta = {
  title: 'Kit/Webhook endpoint manager',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const CRM: WebhookEndpoint = {
  id: 'we_1',
  url: 'https://crm.brand.example/webhooks/franchise-meet',
  events: ['meeting.booked', 'meeting.cancelled', 'meeting.rescheduled', 'charge.succeeded'],
  description: 'CRM sync',
  enabled: true,
  disabledReason: null,
  secretPrefix: 'whsec_4f9a',
  previousSecretExpiresAt: '2026-03-15T09:30:00.000Z',
  franchiseId: 'f1',
  consultantId: null,
  createdAt: '2026-03-02T15:04:00.000Z',
};

const ENDPOINTS: WebhookEndpoint[] = [
  CRM,
  {
    id: 'we_2',
    url: 'https://old-reports.brand.example/hooks',
    events: ['payout.paid'],
    description: '',
    enabled: false,
    disabledReason: 'Every delivery failed for 5 days: the endpoint was disabled.',
    secretPrefix: 'whsec_91be',
    previousSecretExpiresAt: null,
    franchiseId: 'f1',
    consultantId: null,
    createdAt: '2026-01-12T10:00:00.000Z',
  },
];

const body = (type: string, at: string) =>
  JSON.stringify({
    type,
    timestamp: at,
    data: { meeting: { id: 'mtg_7', status: 'future', startAt: '2026-03-20T14:00:00.000Z' } },
  });

const DELIVERIES: WebhookDelivery[] = [
  {
    id: 'msg_2Nf8kQ1',
    endpointId: 'we_1',
    eventType: 'meeting.booked',
    status: 'succeeded',
    attempts: 1,
    responseStatus: 200,
    createdAt: '2026-03-14T09:30:00.000Z',
    lastAttemptAt: '2026-03-14T09:30:01.000Z',
    nextAttemptAt: null,
    payload: body('meeting.booked', '2026-03-14T09:30:00.000Z'),
    attemptLog: [
      { at: '2026-03-14T09:30:01.000Z', responseStatus: 200, response: 'ok', durationMs: 84 },
    ],
  },
  {
    id: 'msg_2Nf8kQ2',
    endpointId: 'we_1',
    eventType: 'meeting.cancelled',
    status: 'pending',
    attempts: 2,
    responseStatus: 500,
    createdAt: '2026-03-14T08:10:00.000Z',
    lastAttemptAt: '2026-03-14T08:15:05.000Z',
    nextAttemptAt: '2026-03-14T08:45:05.000Z',
    payload: body('meeting.cancelled', '2026-03-14T08:10:00.000Z'),
    attemptLog: [
      {
        at: '2026-03-14T08:10:00.000Z',
        responseStatus: 500,
        response: 'Internal Server Error',
        durationMs: 120,
      },
      {
        at: '2026-03-14T08:15:05.000Z',
        responseStatus: 500,
        response: 'Internal Server Error',
        durationMs: 97,
      },
    ],
  },
  {
    id: 'msg_2Nf8kQ3',
    endpointId: 'we_1',
    eventType: 'charge.succeeded',
    status: 'failed',
    attempts: 12,
    responseStatus: null,
    createdAt: '2026-03-10T07:00:00.000Z',
    lastAttemptAt: '2026-03-13T07:00:00.000Z',
    nextAttemptAt: null,
    payload: JSON.stringify({
      type: 'charge.succeeded',
      timestamp: '2026-03-10T07:00:00.000Z',
      data: { charge: { id: 'pay_1', amountCents: 15000, currency: 'usd' } },
    }),
    attemptLog: [
      {
        at: '2026-03-13T07:00:00.000Z',
        responseStatus: null,
        response: 'The receiver did not answer within 10 seconds.',
        durationMs: 10_000,
      },
    ],
  },
];

const SECRET: WebhookEndpointWithSecret = {
  ...CRM,
  secret: 'whsec_MfKQ9r8GKYqXRqLQcdLgs2Jx1o8HGsVgYkD4f6N2Azs=',
};

interface Options {
  endpoints?: WebhookEndpoint[];
  deliveries?: WebhookDelivery[];
  failing?: boolean;
  /** Deliveries a page (the API's is 20): a smaller one shows Load more. */
  pageSize?: number;
}

/** The server's 422 for a plain http:// URL that is not this machine (rule 21). */
const insecure = (operation: 'createWebhookEndpoint' | 'updateWebhookEndpoint') =>
  new ApiError({
    operation,
    operationText: WEBHOOK_OPERATIONS[operation],
    status: 422,
    code: 'RULE_VIOLATION',
    serverMessage: WEBHOOK_MESSAGES.insecureUrl,
    errors: { url: WEBHOOK_MESSAGES.insecureUrl },
  });
const isInsecure = (url: string) =>
  /^http:\/\//i.test(url) && !/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/i.test(url);

const offline = () =>
  new ApiError({
    operation: 'fetchWebhookEndpoints',
    operationText: 'Error fetching webhook endpoints',
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    serverMessage: 'The service is busy: try again in a minute.',
  });

/** A `WebhooksApi` that answers from memory (and remembers what the story does). */
function inMemory({
  endpoints = [],
  deliveries = [],
  failing = false,
  pageSize = 20,
}: Options): WebhooksApi {
  let list = [...endpoints];
  let log = [...deliveries];
  const find = (id: string) => {
    const found = list.find((e) => e.id === id);
    if (!found) throw new Error('not found');
    return found;
  };
  return {
    list: async () => {
      if (failing) throw offline();
      return list;
    },
    create: async (input) => {
      if (isInsecure(input.url)) throw insecure('createWebhookEndpoint');
      const created: WebhookEndpointWithSecret = {
        id: `we_${Date.now()}`,
        url: input.url,
        events: [...input.events],
        description: input.description ?? '',
        enabled: true,
        disabledReason: null,
        secretPrefix: 'whsec_7c1e',
        previousSecretExpiresAt: null,
        franchiseId: 'f1',
        consultantId: null,
        createdAt: new Date().toISOString(),
        secret: 'whsec_7c1e0d9a4b2f4e51a8c3Zm9yIGEgc3Rvcnkgb25seQ==',
      };
      list = [...list, created];
      return created;
    },
    update: async (id, input) => {
      if (input.url !== undefined && isInsecure(input.url)) throw insecure('updateWebhookEndpoint');
      const updated = {
        ...find(id),
        ...(input.url === undefined ? {} : { url: input.url.trim() }),
        ...(input.events === undefined ? {} : { events: [...input.events] }),
        ...(input.description === undefined ? {} : { description: input.description.trim() }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled, disabledReason: null }),
      };
      list = list.map((e) => (e.id === id ? updated : e));
      return updated;
    },
    remove: async (id) => {
      list = list.filter((e) => e.id !== id);
    },
    rotateSecret: async (id) => ({
      ...find(id),
      previousSecretExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      secret: 'whsec_bmV3IHNlY3JldCBmb3IgYSBzdG9yeSBvbmx5IQ==',
    }),
    sendTest: async (id, input) => {
      const at = new Date().toISOString();
      const eventType = input?.eventType ?? find(id).events[0] ?? 'meeting.booked';
      const delivery: WebhookDelivery = {
        id: `msg_test_${Date.now()}`,
        endpointId: id,
        eventType,
        status: 'succeeded',
        attempts: 1,
        responseStatus: 200,
        createdAt: at,
        lastAttemptAt: at,
        nextAttemptAt: null,
        payload: body(eventType, at),
        attemptLog: [{ at, responseStatus: 200, response: 'ok', durationMs: 42 }],
      };
      log = [delivery, ...log];
      return delivery;
    },
    deliveries: async (id, query) => {
      const matching = log.filter(
        (d) => d.endpointId === id && (!query?.status || d.status === query.status),
      );
      const from = query?.before ? Number(query.before) : 0;
      const next = from + pageSize;
      return {
        data: matching.slice(from, next),
        nextCursor: next < matching.length ? String(next) : null,
      };
    },
    replay: async (deliveryId) => {
      const found = log.find((d) => d.id === deliveryId);
      if (!found) throw new Error('not found');
      return found;
    },
  };
}

function Manager(props: Options & Omit<WebhookEndpointManagerProps, 'webhooks' | 'failureText'>) {
  const { endpoints, deliveries, failing, pageSize, ...rest } = props;
  // One set of calls per story: the manager reads again when its calls change.
  const webhooks = useMemo(
    () =>
      inMemory({
        ...(endpoints ? { endpoints } : {}),
        ...(deliveries ? { deliveries } : {}),
        failing: failing ?? false,
        ...(pageSize ? { pageSize } : {}),
      }),
    [endpoints, deliveries, failing, pageSize],
  );
  return (
    <>
      <WebhookEndpointManager
        webhooks={webhooks}
        failureText={(error, fallback) => (error instanceof ApiError ? error.message : fallback)}
        timeZone="America/New_York"
        {...rest}
      />
      <AppToaster />
    </>
  );
}

const NONE: WebhookEndpoint[] = [];
const ONLY_CRM: WebhookEndpoint[] = [CRM];

export const Empty: Story = { render: () => <Manager endpoints={NONE} /> };
export const EnabledAndDisabled: Story = {
  render: () => <Manager endpoints={ENDPOINTS} />,
};
export const SecretShownOnce: Story = {
  render: () => <Manager endpoints={ENDPOINTS} initialSecret={SECRET} />,
};
export const AddWithFieldErrors: Story = {
  render: () => (
    <Manager
      endpoints={ENDPOINTS}
      initialAdd={{
        initial: { url: 'https://10.0.0.8/hooks', events: [], description: '' },
        initialErrors: { url: WEBHOOK_MESSAGES.privateAddress, events: WEBHOOK_MESSAGES.events },
      }}
    />
  ),
};
/** An endpoint's Edit: the form filled with it; Save sends only what changed. */
export const Edit: Story = {
  render: () => <Manager endpoints={ENDPOINTS} initialEdit={{ endpoint: CRM }} />,
};
/** The server's refusal of a plain http:// URL, at the field. */
export const EditWithFieldError: Story = {
  render: () => (
    <Manager
      endpoints={ENDPOINTS}
      initialEdit={{
        endpoint: CRM,
        initial: {
          url: 'http://crm.brand.example/webhooks/franchise-meet',
          events: CRM.events,
          description: CRM.description,
        },
        initialErrors: { url: WEBHOOK_MESSAGES.insecureUrl },
      }}
    />
  ),
};
/** Two a page, so Load more shows; the pending delivery is open. */
export const DeliveryLog: Story = {
  render: () => (
    <Manager
      endpoints={ONLY_CRM}
      deliveries={DELIVERIES}
      pageSize={2}
      initiallyExpanded="msg_2Nf8kQ2"
    />
  ),
};
export const LoadError: Story = { render: () => <Manager failing /> };
