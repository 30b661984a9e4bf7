import { ApiError } from '@fm/sdk';
import { WEBHOOK_MESSAGES, type WebhookEndpoint } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  endpointChanges,
  endpointFieldErrors,
  endpointFormValues,
  endpointInput,
  endpointInputProblems,
  readablePayload,
} from './webhook-input.ts';

describe('endpointInput', () => {
  it('keeps the events in the contract order and leaves out an empty description', () => {
    expect(
      endpointInput({
        url: 'https://crm.brand.example/hooks',
        events: ['charge.failed', 'meeting.booked'],
        description: '   ',
      }),
    ).toEqual({
      url: 'https://crm.brand.example/hooks',
      events: ['meeting.booked', 'charge.failed'],
    });
  });

  it('sends a description that says something, trimmed', () => {
    expect(
      endpointInput({ url: 'https://x.example', events: ['payout.paid'], description: ' CRM ' }),
    ).toMatchObject({ description: 'CRM' });
  });
});

const ENDPOINT: WebhookEndpoint = {
  id: 'we_1',
  url: 'https://crm.brand.example/hooks',
  events: ['meeting.booked', 'charge.failed'],
  description: 'CRM sync',
  enabled: true,
  disabledReason: null,
  secretPrefix: 'whsec_4f9a',
  previousSecretExpiresAt: null,
  franchiseId: 'f1',
  consultantId: null,
  createdAt: '2026-03-01T15:00:00.000Z',
};

describe('endpointFormValues', () => {
  it('fills the form with the endpoint as it is', () => {
    expect(endpointFormValues(ENDPOINT)).toEqual({
      url: 'https://crm.brand.example/hooks',
      events: ['meeting.booked', 'charge.failed'],
      description: 'CRM sync',
    });
  });
});

describe('endpointChanges', () => {
  const unchanged = endpointFormValues(ENDPOINT);

  it('is empty when nothing changed: spaces around, events in another order', () => {
    expect(endpointChanges(ENDPOINT, unchanged)).toEqual({});
    expect(
      endpointChanges(ENDPOINT, {
        url: ' https://crm.brand.example/hooks ',
        events: ['charge.failed', 'meeting.booked'],
        description: 'CRM sync  ',
      }),
    ).toEqual({});
  });

  it('sends only the URL when only the URL changed', () => {
    expect(
      endpointChanges(ENDPOINT, { ...unchanged, url: 'https://crm.brand.example/v2' }),
    ).toEqual({ url: 'https://crm.brand.example/v2' });
  });

  it('sends the whole set of events, in the contract order, when one is added or removed', () => {
    expect(
      endpointChanges(ENDPOINT, { ...unchanged, events: ['charge.failed', 'meeting.cancelled'] }),
    ).toEqual({ events: ['meeting.cancelled', 'charge.failed'] });
    expect(endpointChanges(ENDPOINT, { ...unchanged, events: ['meeting.booked'] })).toEqual({
      events: ['meeting.booked'],
    });
  });

  it('clears a description emptied, and sends a new one trimmed', () => {
    expect(endpointChanges(ENDPOINT, { ...unchanged, description: '  ' })).toEqual({
      description: '',
    });
    expect(endpointChanges(ENDPOINT, { ...unchanged, description: ' Reports ' })).toEqual({
      description: 'Reports',
    });
  });
});

describe('endpointInputProblems', () => {
  it('names each refused field with the contract message', () => {
    expect(
      endpointInputProblems({ url: 'crm.brand', events: [], description: 'x'.repeat(201) }),
    ).toEqual({
      url: WEBHOOK_MESSAGES.url,
      events: WEBHOOK_MESSAGES.events,
      description: WEBHOOK_MESSAGES.description,
    });
  });

  it('refuses a URL that is not http or https', () => {
    expect(
      endpointInputProblems({
        url: 'ftp://crm.brand.example',
        events: ['meeting.booked'],
        description: '',
      }),
    ).toEqual({ url: WEBHOOK_MESSAGES.url });
  });

  it('has nothing to say about valid input', () => {
    expect(
      endpointInputProblems({
        url: 'http://127.0.0.1:4000/hooks',
        events: ['meeting.booked'],
        description: '',
      }),
    ).toEqual({});
  });
});

describe('endpointFieldErrors', () => {
  const failure = (errors: Record<string, string> | undefined, status = 422) =>
    new ApiError({
      operation: 'createWebhookEndpoint',
      operationText: 'Error creating webhook endpoint',
      status,
      code: status === 422 ? 'RULE_VIOLATION' : 'VALIDATION_FAILED',
      serverMessage: 'refused',
      ...(errors ? { errors } : {}),
    });

  it("puts the server's message at the field it names, by top-level field", () => {
    expect(
      endpointFieldErrors(
        failure({
          url: WEBHOOK_MESSAGES.privateAddress,
          'events.1': WEBHOOK_MESSAGES.unknownEvent,
        }),
      ),
    ).toEqual({ url: WEBHOOK_MESSAGES.privateAddress, events: WEBHOOK_MESSAGES.unknownEvent });
  });

  it('is empty for a failure that names no field of the form', () => {
    expect(endpointFieldErrors(failure({ form: WEBHOOK_MESSAGES.tooMany }))).toEqual({});
    expect(endpointFieldErrors(failure(undefined, 500))).toEqual({});
    expect(endpointFieldErrors(new Error('offline'))).toEqual({});
  });
});

describe('readablePayload', () => {
  it('indents a JSON body and shows anything else as it is', () => {
    expect(readablePayload('{"type":"meeting.booked","data":{}}')).toBe(
      '{\n  "type": "meeting.booked",\n  "data": {}\n}',
    );
    expect(readablePayload('not json')).toBe('not json');
  });
});
