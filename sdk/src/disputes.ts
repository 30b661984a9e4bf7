import type * as v from 'valibot';
import {
  type Dispute,
  type DisputeReplyInput,
  DisputeReplyInputSchema,
  DisputeSchema,
  type MeetingDispute,
  MeetingDisputeSchema,
  OPERATIONS,
  type OpenDisputeInput,
  OpenDisputeInputSchema,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
import { validateInput } from './validate-input.ts';

/**
 * Disputes of charged meetings (rule 20): the franchisor who booked a meeting disputes its charge
 * within 14 days, once; both sides read it and reply; an admin decides it (`@fm/sdk/admin`).
 *
 * @example
 * ```ts
 * const { canOpen } = await api.disputes.get(meetingId);
 * if (canOpen) await api.disputes.open(meetingId, { reason: 'ended_early', text: 'Left after 20 minutes.' });
 * ```
 */
export interface DisputesApi {
  /**
   * The meeting's dispute (null when none) and whether the signed-in franchisor may still open
   * one, and until when (`GET session/{id}/dispute`).
   * @example const { dispute, canOpen, openUntil } = await api.disputes.get(meetingId);
   */
  get(meetingId: string, options?: RequestOptions): Promise<MeetingDispute>;
  /**
   * Disputes the meeting's charge (`POST session/{id}/dispute`). Fails with 409
   * `DISPUTE_NOT_CHARGED`, `DISPUTE_WINDOW_CLOSED` or `DISPUTE_EXISTS`.
   * @example await api.disputes.open(meetingId, { reason: 'did_not_take_place', text: 'Nobody came.' });
   */
  open(meetingId: string, input: OpenDisputeInput, options?: RequestOptions): Promise<Dispute>;
  /**
   * Replies on the meeting's open dispute, as either side (`POST session/{id}/dispute/replies`).
   * @example const dispute = await api.disputes.reply(meetingId, { body: 'We met for the full hour.' });
   */
  reply(meetingId: string, input: DisputeReplyInput, options?: RequestOptions): Promise<Dispute>;
}

const disputeOf = (meetingId: string) => `session/${encodeURIComponent(meetingId)}/dispute`;

/**
 * Creates the dispute calls on a transport.
 *
 * @example
 * ```ts
 * const disputes = createDisputesApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createDisputesApi(http: Http): DisputesApi {
  const texts = OPERATIONS;
  // Async, so that input refused before sending rejects like a failed call.
  async function send<S extends v.GenericSchema>(
    operation: 'openDispute' | 'replyToDispute',
    path: string,
    schema: S,
    input: v.InferInput<S>,
    options?: RequestOptions,
  ): Promise<Dispute> {
    const json = validateInput(operation, texts, schema, input);
    return http.call(
      { operation, texts, method: 'post', path, json, response: DisputeSchema },
      options,
    );
  }
  return {
    get: (meetingId, options) =>
      http.call(
        {
          operation: 'fetchDispute',
          texts,
          method: 'get',
          path: disputeOf(meetingId),
          response: MeetingDisputeSchema,
        },
        options,
      ),
    open: (meetingId, input, options) =>
      send('openDispute', disputeOf(meetingId), OpenDisputeInputSchema, input, options),
    reply: (meetingId, input, options) =>
      send(
        'replyToDispute',
        `${disputeOf(meetingId)}/replies`,
        DisputeReplyInputSchema,
        input,
        options,
      ),
  };
}
