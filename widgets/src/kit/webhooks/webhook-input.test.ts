import { ApiError } from '@fm/sdk';
import { WEBHOOK_MESSAGES } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  endpointFieldErrors,
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
