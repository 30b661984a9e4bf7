import * as v from 'valibot';

/**
 * Webhooks (rule 21): franchises and consultants register endpoints; every event they chose is
 * POSTed to them as `{ type, timestamp, data }`, signed as the Standard Webhooks specification
 * says (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`), at least
 * once, retried for about three days with the same `webhook-id`.
 */

/** Every event an endpoint can subscribe to, with what it means. */
export const WEBHOOK_EVENTS = {
  'meeting.booked': 'A meeting was booked',
  'meeting.declined': 'The consultant declined a meeting',
  'meeting.cancelled': 'The franchise cancelled a meeting',
  'meeting.rescheduled': 'A meeting moved to a new time',
  'meeting.completed': 'A meeting was marked as completed',
  'meeting.no_show': 'The consultant did not join a meeting',
  'charge.succeeded': 'A meeting was charged',
  'charge.failed': "A meeting's charge failed",
  'payout.paid': "A consultant's payout was paid",
  'message.received': 'A chat message arrived',
  'dispute.opened': 'A dispute was opened on a charge',
  'dispute.resolved': 'A dispute was decided',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [
  WebhookEventType,
  ...WebhookEventType[],
];

/** The Standard Webhooks headers of every delivery. */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** A signing secret: `whsec_` and 32 random bytes in base64 (the Standard Webhooks form). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** A delivery's id (`webhook-id`): the same on every retry and replay. */
export const WEBHOOK_MESSAGE_ID_PREFIX = 'msg_';

/** Delays after each failed attempt, in seconds: about three days in all (rule 21). */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [
  5, 300, 1_800, 7_200, 18_000, 36_000, 36_000, 43_200, 43_200, 43_200, 43_200,
] as const;
/** Attempts of one delivery: the first and one per delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;
/** An endpoint whose deliveries all failed for this long is disabled, and its owner told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;
/** A rotated secret keeps working beside the new one for this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** How long deliveries are kept and listed. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
/** One attempt's limit: connect, send and answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of a receiver's answer that is read and kept. */
export const WEBHOOK_RESPONSE_BODY_MAX_BYTES = 4_096;
/** Endpoints per owner (a franchise, or a consultant). */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Test events one endpoint may be sent a minute (429 past that). */
export const WEBHOOK_TESTS_PER_MINUTE = 10;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

// ---- The events' payloads (version 1) ----

const Instant = v.pipe(v.string(), v.isoTimestamp());
const Cents = v.pipe(v.number(), v.integer());

const WebhookPersonSchema = v.object({
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
});

/** A meeting as events carry it. */
export const WebhookMeetingSchema = v.object({
  id: v.string(),
  status: v.picklist(['future', 'pending', 'completed', 'declined', 'cancelled']),
  startAt: Instant,
  endAt: Instant,
  durationMinutes: v.pipe(v.number(), v.integer()),
  /** The zone it was booked in (IANA). */
  timeZone: v.string(),
  consultant: WebhookPersonSchema,
  franchisor: WebhookPersonSchema,
  franchise: v.nullable(v.object({ id: v.string(), name: v.string() })),
  /** What the meeting costs, in cents. */
  priceCents: Cents,
  currency: v.literal('usd'),
});
export type WebhookMeeting = v.InferOutput<typeof WebhookMeetingSchema>;

const MeetingData = v.object({ meeting: WebhookMeetingSchema });

export const WebhookChargeSchema = v.object({
  /** The payment's id. */
  id: v.string(),
  meetingId: v.nullable(v.string()),
  franchiseId: v.nullable(v.string()),
  consultantId: v.nullable(v.string()),
  amountCents: Cents,
  currency: v.literal('usd'),
  /** Why it failed, for `charge.failed`. */
  failureMessage: v.nullable(v.string()),
});
export type WebhookCharge = v.InferOutput<typeof WebhookChargeSchema>;

export const WebhookPayoutSchema = v.object({
  id: v.string(),
  consultantId: v.string(),
  amountCents: Cents,
  currency: v.literal('usd'),
  paidAt: Instant,
});
export type WebhookPayout = v.InferOutput<typeof WebhookPayoutSchema>;

export const WebhookMessageSchema = v.object({
  id: v.string(),
  chatId: v.string(),
  sender: WebhookPersonSchema,
  text: v.string(),
  /** File names of its attachments. */
  attachments: v.array(v.string()),
  sentAt: Instant,
});
export type WebhookChatMessage = v.InferOutput<typeof WebhookMessageSchema>;

export const WebhookDisputeSchema = v.object({
  id: v.string(),
  meetingId: v.string(),
  paymentId: v.string(),
  status: v.picklist(['open', 'rejected', 'refunded', 'partially_refunded']),
  reason: v.string(),
  /** What was refunded, in cents (0 while open or when rejected). */
  refundedCents: Cents,
  currency: v.literal('usd'),
  openedAt: Instant,
  decidedAt: v.nullable(Instant),
});
export type WebhookDispute = v.InferOutput<typeof WebhookDisputeSchema>;

/** Each event's `data`, by type. */
export const WEBHOOK_EVENT_DATA = {
  'meeting.booked': MeetingData,
  'meeting.declined': MeetingData,
  'meeting.cancelled': v.object({
    meeting: WebhookMeetingSchema,
    /** A franchise's cancellation within 24 hours is charged or moved at the consultant's choice. */
    late: v.boolean(),
  }),
  'meeting.rescheduled': v.object({
    meeting: WebhookMeetingSchema,
    previousStartAt: Instant,
    previousEndAt: Instant,
  }),
  'meeting.completed': MeetingData,
  'meeting.no_show': MeetingData,
  'charge.succeeded': v.object({ charge: WebhookChargeSchema }),
  'charge.failed': v.object({ charge: WebhookChargeSchema }),
  'payout.paid': v.object({ payout: WebhookPayoutSchema }),
  'message.received': v.object({ message: WebhookMessageSchema }),
  'dispute.opened': v.object({ dispute: WebhookDisputeSchema }),
  'dispute.resolved': v.object({ dispute: WebhookDisputeSchema }),
} as const satisfies Record<WebhookEventType, v.GenericSchema>;

export type WebhookEventData<T extends WebhookEventType> = v.InferOutput<
  (typeof WEBHOOK_EVENT_DATA)[T]
>;

const eventSchema = <T extends WebhookEventType>(type: T) =>
  v.object({ type: v.literal(type), timestamp: Instant, data: WEBHOOK_EVENT_DATA[type] });

/** One delivery's body: `{ type, timestamp, data }`, `data` typed by `type`. */
export const WebhookEventSchema = v.variant(
  'type',
  WEBHOOK_EVENT_TYPES.map((type) => eventSchema(type)) as unknown as [
    ReturnType<typeof eventSchema<'meeting.booked'>>,
  ],
);
/** Any event, narrowed by its `type`. */
export type WebhookEvent = {
  [T in WebhookEventType]: { type: T; timestamp: string; data: WebhookEventData<T> };
}[WebhookEventType];

/** The schema of one event type's whole body (for the API reference). */
export const webhookEventSchema = eventSchema;

// ---- Endpoints and deliveries ----

/** The API's messages for endpoint input. */
export const WEBHOOK_MESSAGES = {
  url: 'Use a URL such as https://crm.your-brand.com/webhooks',
  insecureUrl: 'Use an https:// URL (plain http:// only for localhost while developing).',
  privateAddress: 'This URL points to a private or local address: use a public https:// URL.',
  events: 'Choose at least one event',
  unknownEvent: 'Unknown event',
  description: 'Use at most 200 characters',
  tooMany: `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  disabled: 'This endpoint is disabled: enable it before sending a test event.',
} as const;

const UrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2_000, WEBHOOK_MESSAGES.url),
  v.url(WEBHOOK_MESSAGES.url),
  v.check((url) => /^https?:\/\//i.test(url), WEBHOOK_MESSAGES.url),
);
const EventsSchema = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES.unknownEvent)),
  v.minLength(1, WEBHOOK_MESSAGES.events),
  v.transform((events) => [...new Set(events)]),
);
const DescriptionSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(200, WEBHOOK_MESSAGES.description),
);

/**
 * `POST /api/webhooks/endpoints`. The server also refuses, with 422 at `url`, a plain `http://`
 * URL in production (outside it, only to loopback) and, in production, a host that is a private,
 * loopback or link-local address.
 */
export const CreateWebhookEndpointInputSchema = v.object({
  url: UrlSchema,
  events: EventsSchema,
  description: v.optional(DescriptionSchema),
});
export type CreateWebhookEndpointInput = v.InferInput<typeof CreateWebhookEndpointInputSchema>;

/** `PATCH /api/webhooks/endpoints/{id}`: any of url, events, description, enabled. */
export const UpdateWebhookEndpointInputSchema = v.object({
  url: v.optional(UrlSchema),
  events: v.optional(EventsSchema),
  description: v.optional(DescriptionSchema),
  enabled: v.optional(v.boolean()),
});
export type UpdateWebhookEndpointInput = v.InferInput<typeof UpdateWebhookEndpointInputSchema>;

/** An endpoint as listed: never its secret. */
export const WebhookEndpointSchema = v.object({
  id: v.string(),
  url: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  description: v.string(),
  enabled: v.boolean(),
  /** Why it is disabled, when the platform disabled it (deliveries failing for days). */
  disabledReason: v.nullable(v.string()),
  /** The first characters of the current secret, to recognise it (`whsec_4f9a…`). */
  secretPrefix: v.string(),
  /** Until when the previous secret still signs, after a rotation. */
  previousSecretExpiresAt: v.nullable(Instant),
  /** Who owns it: a franchise, or a consultant. */
  franchiseId: v.nullable(v.string()),
  consultantId: v.nullable(v.string()),
  createdAt: Instant,
});
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = v.object({ data: v.array(WebhookEndpointSchema) });
export type WebhookEndpointList = v.InferOutput<typeof WebhookEndpointListSchema>;

/** The answer of a create or a rotation: the endpoint and, this once, its whole secret. */
export const WebhookEndpointWithSecretSchema = v.object({
  ...WebhookEndpointSchema.entries,
  secret: v.string(),
});
export type WebhookEndpointWithSecret = v.InferOutput<typeof WebhookEndpointWithSecretSchema>;

/** One try of a delivery. */
export const WebhookAttemptSchema = v.object({
  at: Instant,
  /** The receiver's HTTP status, or null when none came (refused, timed out, unreachable). */
  responseStatus: v.nullable(v.number()),
  /** The start of the receiver's answer, or why no answer came. */
  response: v.string(),
  durationMs: v.number(),
});
export type WebhookAttempt = v.InferOutput<typeof WebhookAttemptSchema>;

/** One event sent to one endpoint (its id is the `webhook-id`). */
export const WebhookDeliverySchema = v.object({
  id: v.string(),
  endpointId: v.string(),
  eventType: v.picklist(WEBHOOK_EVENT_TYPES),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  /** The last attempt's HTTP status, if any. */
  responseStatus: v.nullable(v.number()),
  createdAt: Instant,
  lastAttemptAt: v.nullable(Instant),
  nextAttemptAt: v.nullable(Instant),
  /** The body sent, exactly. */
  payload: v.string(),
  attemptLog: v.array(WebhookAttemptSchema),
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = v.object({
  data: v.array(WebhookDeliverySchema),
  /** Pass as `before` for the next (older) page; null on the last. */
  nextCursor: v.nullable(v.string()),
});
export type WebhookDeliveryList = v.InferOutput<typeof WebhookDeliveryListSchema>;

/** `GET …/deliveries`: newest first, 20 a page, filtered by status or event. */
export const WebhookDeliveryQuerySchema = v.object({
  status: v.optional(v.picklist(WEBHOOK_DELIVERY_STATUSES)),
  eventType: v.optional(v.picklist(WEBHOOK_EVENT_TYPES)),
  before: v.optional(v.string()),
});
export type WebhookDeliveryQuery = v.InferInput<typeof WebhookDeliveryQuerySchema>;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/**
 * `POST /api/webhooks/endpoints/{id}/test`: sends a sample event of this type (default: the
 * endpoint's first event) through the same delivery path; its ids start with `test_`.
 */
export const SendTestWebhookInputSchema = v.object({
  eventType: v.optional(v.picklist(WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES.unknownEvent)),
});
export type SendTestWebhookInput = v.InferInput<typeof SendTestWebhookInputSchema>;

export const WEBHOOK_OPERATIONS = {
  fetchWebhookEndpoints: 'Error fetching webhook endpoints',
  createWebhookEndpoint: 'Error creating webhook endpoint',
  updateWebhookEndpoint: 'Error updating webhook endpoint',
  deleteWebhookEndpoint: 'Error deleting webhook endpoint',
  rotateWebhookSecret: 'Error rotating webhook secret',
  sendTestWebhook: 'Error sending test event',
  fetchWebhookDeliveries: 'Error fetching webhook deliveries',
  replayWebhookDelivery: 'Error replaying webhook delivery',
} as const;

/** The texts of the webhooks section (portal Developers page, control panel franchise page). */
export const WEBHOOK_TEXT = {
  section: 'Webhooks',
  intro:
    'Webhooks tell your servers the moment something happens: a booking, a cancellation, a charge. Each delivery is signed by the Standard Webhooks specification.',
  add: 'Add endpoint',
  edit: 'Edit',
  editTitle: 'Edit endpoint',
  editIntro:
    'Change where deliveries go, which events they carry or the description. The signing secret stays the same.',
  url: 'Endpoint URL',
  events: 'Events',
  description: 'Description',
  enabled: 'Enabled',
  disabled: 'Disabled',
  enable: 'Enable',
  disable: 'Disable',
  delete: 'Delete',
  deleteConfirm: 'Delete this endpoint? Deliveries to it stop at once.',
  rotate: 'Rotate secret',
  rotateConfirm: `Rotate the signing secret? The current one keeps working for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours.`,
  sendTest: 'Send test event',
  testSent: 'Test event sent',
  deliveries: 'Deliveries',
  replay: 'Replay',
  replayed: 'Delivery queued again',
  noDeliveries: 'No deliveries yet.',
  empty: 'No webhook endpoints yet.',
  secretTitle: 'Signing secret',
  secretShownOnce: 'Copy this signing secret now. It will not be shown again.',
  created: 'Webhook endpoint created',
  updated: 'Webhook endpoint updated',
  deleted: 'Webhook endpoint deleted',
  rotated: 'Signing secret rotated',
  statuses: { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' },
  attempts: 'Attempts',
  responseCode: 'Response',
  time: 'Time',
  event: 'Event',
  status: 'Status',
  save: 'Save',
  cancel: 'Cancel',
  loadMore: 'Load more',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the secret and copy it by hand.',
  done: 'Done',
  previousSecretUntil: 'The previous secret also signs until',
  allStatuses: 'All statuses',
  details: 'Details',
  payload: 'Payload',
  attemptLog: 'Attempt log',
  noResponse: 'No response',
  nextAttempt: 'Next attempt',
  actions: 'Actions',
  loading: 'Loading…',
} as const;
