import {
  type WebhookCharge,
  type WebhookDispute,
  type WebhookEvent,
  WebhookEventSchema,
  type WebhookEventType,
  type WebhookMeeting,
} from '@fm/sdk/contracts';
import { parse } from 'valibot';
import { webhookEvent } from './enqueue.ts';

/** Every id of a sample event starts with this, so a receiver can tell a test from a real event. */
export const TEST_ID_PREFIX = 'test_';

const HOUR = 3_600_000;

/** A sample meeting starting a day after `now`, booked in New York. */
function sampleMeeting(now: Date, status: WebhookMeeting['status']): WebhookMeeting {
  const start = new Date(Math.ceil((now.getTime() + 24 * HOUR) / HOUR) * HOUR);
  return {
    id: `${TEST_ID_PREFIX}meeting`,
    status,
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + HOUR).toISOString(),
    durationMinutes: 60,
    timeZone: 'America/New_York',
    consultant: { id: `${TEST_ID_PREFIX}consultant`, firstName: 'Grace', lastName: 'Hopper' },
    franchisor: { id: `${TEST_ID_PREFIX}franchisor`, firstName: 'Ada', lastName: 'Lovelace' },
    franchise: { id: `${TEST_ID_PREFIX}franchise`, name: 'Sample Brand' },
    priceCents: 5_000,
    currency: 'usd',
  };
}

function sampleCharge(failureMessage: string | null): WebhookCharge {
  return {
    id: `${TEST_ID_PREFIX}payment`,
    meetingId: `${TEST_ID_PREFIX}meeting`,
    franchiseId: `${TEST_ID_PREFIX}franchise`,
    consultantId: `${TEST_ID_PREFIX}consultant`,
    amountCents: 5_000,
    currency: 'usd',
    failureMessage,
  };
}

function sampleDispute(now: Date, resolved: boolean): WebhookDispute {
  return {
    id: `${TEST_ID_PREFIX}dispute`,
    meetingId: `${TEST_ID_PREFIX}meeting`,
    paymentId: `${TEST_ID_PREFIX}payment`,
    status: resolved ? 'partially_refunded' : 'open',
    reason: 'The consultant joined twenty minutes late.',
    refundedCents: resolved ? 2_500 : 0,
    currency: 'usd',
    openedAt: new Date(now.getTime() - (resolved ? 48 : 0) * HOUR).toISOString(),
    decidedAt: resolved ? now.toISOString() : null,
  };
}

/**
 * A sample event of `type` for an endpoint's test (rule 21): realistic data whose every id starts
 * with `test_`, checked against the contract's event schema.
 * @example sampleWebhookEvent('meeting.booked', now).data.meeting.id; // 'test_meeting'
 */
export function sampleWebhookEvent(type: WebhookEventType, now: Date): WebhookEvent {
  const event = (): WebhookEvent => {
    switch (type) {
      case 'meeting.booked':
        return webhookEvent(type, { meeting: sampleMeeting(now, 'future') }, now);
      case 'meeting.declined':
        return webhookEvent(type, { meeting: sampleMeeting(now, 'declined') }, now);
      case 'meeting.cancelled':
        return webhookEvent(type, { meeting: sampleMeeting(now, 'cancelled'), late: false }, now);
      case 'meeting.rescheduled': {
        const meeting = sampleMeeting(now, 'future');
        return webhookEvent(
          type,
          {
            meeting,
            previousStartAt: new Date(Date.parse(meeting.startAt) - 24 * HOUR).toISOString(),
            previousEndAt: new Date(Date.parse(meeting.endAt) - 24 * HOUR).toISOString(),
          },
          now,
        );
      }
      case 'meeting.completed':
        return webhookEvent(type, { meeting: sampleMeeting(now, 'completed') }, now);
      case 'meeting.no_show':
        return webhookEvent(type, { meeting: sampleMeeting(now, 'pending') }, now);
      case 'charge.succeeded':
        return webhookEvent(type, { charge: sampleCharge(null) }, now);
      case 'charge.failed':
        return webhookEvent(type, { charge: sampleCharge('Your card was declined.') }, now);
      case 'payout.paid':
        return webhookEvent(
          type,
          {
            payout: {
              id: `${TEST_ID_PREFIX}payout`,
              consultantId: `${TEST_ID_PREFIX}consultant`,
              amountCents: 4_500,
              currency: 'usd',
              paidAt: now.toISOString(),
            },
          },
          now,
        );
      case 'message.received':
        return webhookEvent(
          type,
          {
            message: {
              id: `${TEST_ID_PREFIX}message`,
              chatId: `${TEST_ID_PREFIX}chat`,
              sender: { id: `${TEST_ID_PREFIX}franchisor`, firstName: 'Ada', lastName: 'Lovelace' },
              text: 'Looking forward to our meeting.',
              attachments: [],
              sentAt: now.toISOString(),
            },
          },
          now,
        );
      case 'dispute.opened':
        return webhookEvent(type, { dispute: sampleDispute(now, false) }, now);
      case 'dispute.resolved':
        return webhookEvent(type, { dispute: sampleDispute(now, true) }, now);
    }
  };
  return parse(WebhookEventSchema, event()) as WebhookEvent;
}
