import { isApiError } from '@fm/sdk';
import {
  type CreateWebhookEndpointInput,
  CreateWebhookEndpointInputSchema,
  type UpdateWebhookEndpointInput,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@fm/sdk/contracts';
import * as v from 'valibot';

/** The endpoint form's fields (adding or editing), as typed. */
export interface EndpointFormValues {
  url: string;
  events: readonly WebhookEventType[];
  description: string;
}

/** A form's messages by top-level field (`events.0` → `events`). */
export type EndpointFieldErrors = Partial<Record<keyof EndpointFormValues, string>>;

const FIELDS = ['url', 'events', 'description'] as const;
const isField = (name: string): name is keyof EndpointFormValues =>
  (FIELDS as readonly string[]).includes(name);

/**
 * The create call's input from the form: the events in the contract's order, no empty description.
 *
 * @example
 * endpointInput({ url: ' https://crm.brand.com/hooks ', events: ['meeting.booked'], description: '' });
 * // { url: ' https://crm.brand.com/hooks ', events: ['meeting.booked'] } (the contract trims)
 */
export function endpointInput(values: EndpointFormValues): CreateWebhookEndpointInput {
  const events = WEBHOOK_EVENT_TYPES.filter((type) => values.events.includes(type));
  const description = values.description.trim();
  return { url: values.url, events, ...(description ? { description } : {}) };
}

/**
 * The form filled with an endpoint as it is, for editing it.
 *
 * @example
 * endpointFormValues(endpoint); // { url: 'https://crm.brand.com/hooks', events: ['meeting.booked'], description: 'CRM' }
 */
export function endpointFormValues(endpoint: WebhookEndpoint): EndpointFormValues {
  return { url: endpoint.url, events: endpoint.events, description: endpoint.description };
}

/**
 * The update call's input from an edited form: only the fields that differ from the endpoint (the
 * URL and description compared trimmed, the events as a set); empty when nothing changed. A
 * description emptied is sent as `''`, which clears it.
 *
 * @example
 * endpointChanges(endpoint, { ...endpointFormValues(endpoint), events: ['charge.failed'] });
 * // { events: ['charge.failed'] }
 */
export function endpointChanges(
  endpoint: WebhookEndpoint,
  values: EndpointFormValues,
): UpdateWebhookEndpointInput {
  const { url, events } = endpointInput(values);
  const description = values.description.trim();
  const sameEvents =
    events.length === new Set(endpoint.events).size &&
    events.every((type) => endpoint.events.includes(type));
  return {
    ...(url.trim() !== endpoint.url ? { url } : {}),
    ...(sameEvents ? {} : { events }),
    ...(description !== endpoint.description ? { description } : {}),
  };
}

/**
 * What the contract refuses in the form, at its field, before anything is sent (the server says
 * the same words with a 400); empty when the input is valid.
 *
 * @example
 * endpointInputProblems({ url: 'crm', events: [], description: '' });
 * // { url: 'Use a URL such as https://crm.your-brand.com/webhooks', events: 'Choose at least one event' }
 */
export function endpointInputProblems(values: EndpointFormValues): EndpointFieldErrors {
  const result = v.safeParse(CreateWebhookEndpointInputSchema, endpointInput(values));
  const errors: EndpointFieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const field = (v.getDotPath(issue) ?? '').split('.')[0] ?? '';
    if (isField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The field messages of a failed call (the server's 400 and 422 answers name the field, e.g. a
 * private address at `url`); empty when the failure names no field of the form.
 *
 * @example
 * endpointFieldErrors(error); // { url: 'This URL points to a private or local address: …' }
 */
export function endpointFieldErrors(error: unknown): EndpointFieldErrors {
  const errors: EndpointFieldErrors = {};
  if (!isApiError(error) || !error.errors) return errors;
  for (const [path, message] of Object.entries(error.errors)) {
    const field = path.split('.')[0] ?? '';
    if (isField(field)) errors[field] ??= message;
  }
  return errors;
}

/** The tone of a delivery's status pill (colour is never the only signal: the word is there). */
export const DELIVERY_TONES: Readonly<
  Record<WebhookDeliveryStatus, 'warning' | 'success' | 'danger'>
> = { pending: 'warning', succeeded: 'success', failed: 'danger' };

/**
 * A body as sent, indented for reading when it is JSON (it always is; anything else shows as is).
 *
 * @example
 * readablePayload('{"type":"meeting.booked"}'); // '{\n  "type": "meeting.booked"\n}'
 */
export function readablePayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}
