import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEXT,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@fm/sdk/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeliveryDetails } from './delivery-log.tsx';
import { EndpointFields } from './endpoint-form-dialog.tsx';
import { EndpointCard } from './webhook-endpoint-manager.tsx';

const ENDPOINT: WebhookEndpoint = {
  id: 'we_1',
  url: 'https://crm.brand.example/hooks',
  events: ['meeting.booked', 'charge.failed'],
  description: 'CRM sync',
  enabled: false,
  disabledReason: 'Every delivery failed for 5 days',
  secretPrefix: 'whsec_4f9a',
  previousSecretExpiresAt: '2026-03-02T15:00:00.000Z',
  franchiseId: 'f1',
  consultantId: null,
  createdAt: '2026-03-01T15:00:00.000Z',
};

const noop = () => undefined;
const card = (endpoint: WebhookEndpoint) =>
  renderToStaticMarkup(
    <EndpointCard
      endpoint={endpoint}
      heading="h3"
      busy={false}
      timeZone="America/New_York"
      onTest={noop}
      onEdit={noop}
      onRotate={noop}
      onToggle={noop}
      onDelete={noop}
    />,
  );

describe('EndpointCard', () => {
  it('shows a disabled endpoint with why, its events, its secret prefix and Enable', () => {
    const html = card(ENDPOINT);
    expect(html).toContain('<h3 id=');
    expect(html).toContain('https://crm.brand.example/hooks</h3>');
    expect(html).toContain(`kit-status--danger">${WEBHOOK_TEXT.disabled}<`);
    expect(html).toContain('Every delivery failed for 5 days');
    expect(html).toContain('>meeting.booked</li>');
    expect(html).toContain('>charge.failed</li>');
    expect(html).toContain('<code>whsec_4f9a…</code>');
    // The previous secret's end, in the given zone (15:00 UTC is 10:00 in New York in March).
    expect(html).toContain(`${WEBHOOK_TEXT.previousSecretUntil} 2 Mar, 2026, 10:00 am`);
    expect(html).toContain(`>${WEBHOOK_TEXT.enable}</button>`);
    expect(html).not.toContain(`>${WEBHOOK_TEXT.disable}</button>`);
    expect(html).toContain(`>${WEBHOOK_TEXT.edit}</button>`);
  });

  it('offers Disable on an enabled endpoint, and says nothing of a reason', () => {
    const html = card({
      ...ENDPOINT,
      enabled: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
    });
    expect(html).toContain(`kit-status--success">${WEBHOOK_TEXT.enabled}<`);
    expect(html).toContain(`>${WEBHOOK_TEXT.disable}</button>`);
    expect(html).not.toContain(WEBHOOK_TEXT.previousSecretUntil);
  });
});

describe('EndpointFields', () => {
  const fields = (errors: Parameters<typeof EndpointFields>[0]['errors']) =>
    renderToStaticMarkup(
      <EndpointFields id="f" values={ENDPOINT_VALUES} errors={errors} onChange={noop} />,
    );
  const ENDPOINT_VALUES = {
    url: ENDPOINT.url,
    events: ENDPOINT.events,
    description: ENDPOINT.description,
  };

  it('is filled with the endpoint: its URL, its events checked and no other, its description', () => {
    const html = fields({});
    expect(html).toContain('value="https://crm.brand.example/hooks"');
    expect(html).toContain('value="CRM sync"');
    const checked = html.match(/<input type="checkbox" checked=""/g) ?? [];
    expect(checked).toHaveLength(ENDPOINT.events.length);
    expect(html.match(/<input type="checkbox"/g)).toHaveLength(WEBHOOK_EVENT_TYPES.length);
    expect(html).not.toContain('aria-invalid');
  });

  it("shows the server's message at the URL, linked to it and marked invalid", () => {
    const html = fields({ url: WEBHOOK_MESSAGES.insecureUrl });
    expect(html).toContain('aria-invalid="true" aria-describedby="f-url-error"');
    expect(html).toContain(
      `<p class="field__error" id="f-url-error">${WEBHOOK_MESSAGES.insecureUrl}</p>`,
    );
    expect(html).not.toContain('f-events-error');
  });
});

const DELIVERY: WebhookDelivery = {
  id: 'msg_2a',
  endpointId: 'we_1',
  eventType: 'meeting.booked',
  status: 'pending',
  attempts: 2,
  responseStatus: null,
  createdAt: '2026-03-01T15:00:00.000Z',
  lastAttemptAt: '2026-03-01T15:00:05.000Z',
  nextAttemptAt: '2026-03-01T15:05:05.000Z',
  payload: '{"type":"meeting.booked","timestamp":"2026-03-01T15:00:00.000Z","data":{}}',
  attemptLog: [
    { at: '2026-03-01T15:00:00.000Z', responseStatus: 500, response: 'oops', durationMs: 31 },
    {
      at: '2026-03-01T15:00:05.000Z',
      responseStatus: null,
      response: 'timed out',
      durationMs: 10_000,
    },
  ],
};

describe('DeliveryDetails', () => {
  it('shows the id, the next attempt, the indented body and each attempt', () => {
    const html = renderToStaticMarkup(
      <DeliveryDetails delivery={DELIVERY} time={(iso) => `at ${iso}`} />,
    );
    expect(html).toContain('<code>msg_2a</code>');
    expect(html).toContain(`${WEBHOOK_TEXT.nextAttempt}: at 2026-03-01T15:05:05.000Z`);
    expect(html).toContain('{\n  &quot;type&quot;: &quot;meeting.booked&quot;,');
    expect(html).toContain('<strong>500</strong>');
    expect(html).toContain(`<strong>${WEBHOOK_TEXT.noResponse}</strong>`);
    expect(html).toContain('(10000 ms)');
    expect(html).toContain('timed out');
  });

  it('says nothing of a next attempt once a delivery has succeeded', () => {
    const html = renderToStaticMarkup(
      <DeliveryDetails
        delivery={{ ...DELIVERY, status: 'succeeded', nextAttemptAt: null, attemptLog: [] }}
        time={(iso) => `at ${iso}`}
      />,
    );
    expect(html).not.toContain(WEBHOOK_TEXT.nextAttempt);
  });
});
