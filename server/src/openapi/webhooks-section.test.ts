import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_SECRET_PREFIX,
} from '@fm/sdk/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookHeaders } from '../features/webhooks/delivery/sign.ts';
import { sampleWebhookEvent } from '../features/webhooks/sample-events.ts';
import { buildOpenApiDocument } from './document.ts';

type Parameter = {
  name: string;
  in: string;
  required: boolean;
  schema: { pattern?: string; examples?: string[] };
};
type WebhookOperation = {
  summary: string;
  parameters: Parameter[];
  requestBody: { content: { 'application/json': { schema: object } } };
  responses: Record<string, unknown>;
};

const { document } = buildOpenApiDocument([]);
const webhooks = document.webhooks as Record<string, { post: WebhookOperation }>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

describe("the reference's webhooks section (rule 21)", () => {
  it('has one POST per event type, described as the contract describes it', () => {
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(webhooks[type]?.post.summary).toBe(WEBHOOK_EVENTS[type]);
      expect(Object.keys(webhooks[type]?.post.responses ?? {})).toContain('200');
    }
  });

  it("documents each event's body: a sample of it passes, another event's body does not", () => {
    const now = new Date('2026-03-02T12:00:00Z');
    for (const type of WEBHOOK_EVENT_TYPES) {
      const schema = webhooks[type]?.post.requestBody.content['application/json'].schema;
      if (!schema) throw new Error(`no body schema for ${type}`);
      const validate = ajv.compile(schema);
      const sample = sampleWebhookEvent(type, now);
      expect(validate(sample), `${type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const other = WEBHOOK_EVENT_TYPES.find((t) => t !== type) ?? type;
      expect(validate(sampleWebhookEvent(other, now)), `${type} accepts ${other}`).toBe(false);
    }
  });

  it('documents the headers the worker sends, as the standardwebhooks library verifies them', () => {
    const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
    const body = JSON.stringify(sampleWebhookEvent('meeting.booked', new Date()));
    const at = new Date();
    // What an attempt carries during a secret's rotation (two signatures), less what HTTP itself
    // describes (the body's type, the agent).
    const {
      'content-type': _type,
      'user-agent': _agent,
      ...sent
    } = webhookHeaders(
      {
        secret,
        previousSecret: `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`,
        previousSecretExpiresAt: new Date(at.getTime() + 60_000),
      },
      'msg_2Yk1bq8m0d3Vx7Tn',
      at,
      body,
    );
    expect(sent[WEBHOOK_HEADERS.signature]?.split(' ')).toHaveLength(2);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const headers = webhooks[type]?.post.parameters ?? [];
      expect(headers.map((h) => h.name).sort()).toEqual(Object.keys(sent).sort());
      for (const header of headers) {
        expect(header.in).toBe('header');
        expect(header.required).toBe(true);
        const value = sent[header.name] ?? '';
        const pattern = header.schema.pattern ?? `^${header.schema.examples?.[0] ?? ''}$`;
        expect(new RegExp(pattern).test(value), `${header.name}: ${value}`).toBe(true);
      }
    }
    // What the headers carry is what the library verifies.
    expect(new Webhook(secret).verify(body, sent)).toEqual(JSON.parse(body));
  });
});
