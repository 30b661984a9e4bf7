import {
  type LateRescheduleList,
  LateRescheduleListSchema,
  RESCHEDULE_OPERATIONS,
  type RescheduleAcceptInput,
  RescheduleAcceptInputSchema,
  type RescheduleHistory,
  RescheduleHistorySchema,
  type RescheduleProposalInput,
  RescheduleProposalInputSchema,
  type RescheduleRequest,
  RescheduleRequestSchema,
  type Session,
  SessionSchema,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
import { validateInput } from './validate-input.ts';

/**
 * Rescheduling a meeting (rule 20): either side proposes one to three new start times, the other
 * side accepts one (the meeting moves) or declines.
 *
 * @example
 * ```ts
 * const request = await api.reschedules.propose(meetingId, { starts: [slot.start] });
 * const moved = await api.reschedules.accept(meetingId, request.id, { start: slot.start }); // the other side
 * ```
 */
export interface ReschedulesApi {
  /**
   * The meeting's proposals, newest first, with its move count and whether a new one may be made.
   * @example const { data, canPropose } = await api.reschedules.list(meetingId);
   */
  list(meetingId: string, options?: RequestOptions): Promise<RescheduleHistory>;
  /**
   * Proposes one to three new starts (same duration). Fails with 409 `RESCHEDULE_OPEN_EXISTS`
   * while a proposal is open, 409 `SLOT_TAKEN` / 422 `SLOT_NOT_OFFERED` for a time not free.
   * @example await api.reschedules.propose(meetingId, { starts: ['2026-03-04T15:00:00.000Z'] });
   */
  propose(
    meetingId: string,
    input: RescheduleProposalInput,
    options?: RequestOptions,
  ): Promise<RescheduleRequest>;
  /**
   * The other side accepts one proposed start: answers the moved meeting, or 409 `SLOT_TAKEN`
   * (nothing changed) when that time was taken meanwhile.
   * @example const meeting = await api.reschedules.accept(meetingId, requestId, { start });
   */
  accept(
    meetingId: string,
    requestId: string,
    input: RescheduleAcceptInput,
    options?: RequestOptions,
  ): Promise<Session>;
  /**
   * The other side declines the proposal; the meeting stays where it is.
   * @example await api.reschedules.decline(meetingId, requestId);
   */
  decline(
    meetingId: string,
    requestId: string,
    options?: RequestOptions,
  ): Promise<RescheduleRequest>;
  /**
   * The consultant's "reschedule" after a late cancellation: one to three starts of the cancelled
   * meeting's length for its franchisor. 409 `RESCHEDULE_OPEN_EXISTS` while one is open, 422 for a
   * payment that predates rescheduling (charge it instead).
   * @example await api.reschedules.proposeAfterLateCancellation(item.paymentId, { starts });
   */
  proposeAfterLateCancellation(
    paymentId: string,
    input: RescheduleProposalInput,
    options?: RequestOptions,
  ): Promise<RescheduleRequest>;
  /**
   * The franchisor's open proposals after its late cancellations.
   * @example const { data } = await api.reschedules.lateCancellationProposals();
   */
  lateCancellationProposals(options?: RequestOptions): Promise<LateRescheduleList>;
  /**
   * The franchisor accepts one proposed start: a new meeting that carries the cancelled one's
   * payment and hold, or 409 `SLOT_TAKEN` (nothing changed).
   * @example const meeting = await api.reschedules.acceptAfterLateCancellation(p.paymentId, p.request.id, { start });
   */
  acceptAfterLateCancellation(
    paymentId: string,
    requestId: string,
    input: RescheduleAcceptInput,
    options?: RequestOptions,
  ): Promise<Session>;
  /**
   * The franchisor declines; the consultant decides again (charge, or other times).
   * @example await api.reschedules.declineAfterLateCancellation(p.paymentId, p.request.id);
   */
  declineAfterLateCancellation(
    paymentId: string,
    requestId: string,
    options?: RequestOptions,
  ): Promise<RescheduleRequest>;
}

const requestsOf = (meetingId: string) =>
  `session/${encodeURIComponent(meetingId)}/reschedule-requests`;
const requestPath = (meetingId: string, requestId: string, action: 'accept' | 'decline') =>
  `${requestsOf(meetingId)}/${encodeURIComponent(requestId)}/${action}`;

const LATE = 'users/late-cancellations';
const lateRequestPath = (paymentId: string, requestId: string, action: 'accept' | 'decline') =>
  `${LATE}/${encodeURIComponent(paymentId)}/reschedule-requests/${encodeURIComponent(requestId)}/${action}`;

/**
 * Creates the reschedule calls on a transport.
 *
 * @example
 * ```ts
 * const reschedules = createReschedulesApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createReschedulesApi(http: Http): ReschedulesApi {
  const texts = RESCHEDULE_OPERATIONS;
  return {
    list: (meetingId, options) =>
      http.call(
        {
          operation: 'fetchReschedules',
          texts,
          method: 'get',
          path: requestsOf(meetingId),
          response: RescheduleHistorySchema,
        },
        options,
      ),
    async propose(meetingId, input, options) {
      const json = validateInput('proposeReschedule', texts, RescheduleProposalInputSchema, input);
      return http.call(
        {
          operation: 'proposeReschedule',
          texts,
          method: 'post',
          path: requestsOf(meetingId),
          json,
          response: RescheduleRequestSchema,
        },
        options,
      );
    },
    async accept(meetingId, requestId, input, options) {
      const json = validateInput('acceptReschedule', texts, RescheduleAcceptInputSchema, input);
      return http.call(
        {
          operation: 'acceptReschedule',
          texts,
          method: 'post',
          path: requestPath(meetingId, requestId, 'accept'),
          json,
          response: SessionSchema,
        },
        options,
      );
    },
    decline: (meetingId, requestId, options) =>
      http.call(
        {
          operation: 'declineReschedule',
          texts,
          method: 'post',
          path: requestPath(meetingId, requestId, 'decline'),
          json: {},
          response: RescheduleRequestSchema,
        },
        options,
      ),
    async proposeAfterLateCancellation(paymentId, input, options) {
      const json = validateInput(
        'proposeLateReschedule',
        texts,
        RescheduleProposalInputSchema,
        input,
      );
      return http.call(
        {
          operation: 'proposeLateReschedule',
          texts,
          method: 'post',
          path: `users/payments/${encodeURIComponent(paymentId)}/reschedule-requests`,
          json,
          response: RescheduleRequestSchema,
        },
        options,
      );
    },
    lateCancellationProposals: (options) =>
      http.call(
        {
          operation: 'fetchLateReschedules',
          texts,
          method: 'get',
          path: `${LATE}/reschedule-requests`,
          response: LateRescheduleListSchema,
        },
        options,
      ),
    async acceptAfterLateCancellation(paymentId, requestId, input, options) {
      const json = validateInput('acceptLateReschedule', texts, RescheduleAcceptInputSchema, input);
      return http.call(
        {
          operation: 'acceptLateReschedule',
          texts,
          method: 'post',
          path: lateRequestPath(paymentId, requestId, 'accept'),
          json,
          response: SessionSchema,
        },
        options,
      );
    },
    declineAfterLateCancellation: (paymentId, requestId, options) =>
      http.call(
        {
          operation: 'declineLateReschedule',
          texts,
          method: 'post',
          path: lateRequestPath(paymentId, requestId, 'decline'),
          json: {},
          response: RescheduleRequestSchema,
        },
        options,
      ),
  };
}
