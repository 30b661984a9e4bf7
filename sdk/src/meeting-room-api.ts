import {
  type MeetingRoomInfo,
  MeetingRoomInfoSchema,
  OPERATIONS,
  type PresenceSummary,
  PresenceSummarySchema,
  type Session,
  SessionSchema,
  UpdateSessionInputSchema,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
import { validateInput } from './validate-input.ts';

/**
 * The meeting room (rule 16): what its page needs, the presence summary billing rests on, the
 * franchisor's no-show report, and completion with a duration. The call itself runs over
 * {@link connectMeetingRoom}.
 *
 * @example
 * ```ts
 * const room = await api.meetingRoom.get(meetingId);
 * if (room.state === 'open') startCall(room);
 * ```
 */
export interface MeetingRoomApi {
  /**
   * `GET session/{id}/room`: window, ICE servers, members and presence; 404 for anyone but the
   * consultant and the franchise's members.
   * @example const { opensAt, iceServers } = await api.meetingRoom.get(id);
   */
  get(meetingId: string, options?: RequestOptions): Promise<MeetingRoomInfo>;
  /**
   * `GET session/{id}/presence`: who was in the room, when, and the measured duration.
   * @example const { measuredMinutes } = await api.meetingRoom.presence(id);
   */
  presence(meetingId: string, options?: RequestOptions): Promise<PresenceSummary>;
  /**
   * `POST session/{id}/no-show` (franchise side): the consultant never came; nothing is charged.
   * @example await api.meetingRoom.reportNoShow(id);
   */
  reportNoShow(meetingId: string, options?: RequestOptions): Promise<PresenceSummary>;
  /**
   * The consultant completes the meeting for `duration` minutes (`PATCH session/{id}`); above the
   * measured time it rejects with `DURATION_EXCEEDS_MEASURED` (422).
   * @example await api.meetingRoom.complete(id, 30);
   */
  complete(meetingId: string, duration: number, options?: RequestOptions): Promise<Session>;
}

const segment = (id: string) => encodeURIComponent(id);

/**
 * Creates the meeting room calls on a transport.
 *
 * @example
 * ```ts
 * const meetingRoom = createMeetingRoomApi(http);
 * ```
 */
export function createMeetingRoomApi(http: Http): MeetingRoomApi {
  return {
    get(meetingId, options) {
      return http.call(
        {
          operation: 'fetchMeetingRoom',
          texts: OPERATIONS,
          method: 'get',
          path: `session/${segment(meetingId)}/room`,
          response: MeetingRoomInfoSchema,
        },
        options,
      );
    },
    presence(meetingId, options) {
      return http.call(
        {
          operation: 'fetchMeetingPresence',
          texts: OPERATIONS,
          method: 'get',
          path: `session/${segment(meetingId)}/presence`,
          response: PresenceSummarySchema,
        },
        options,
      );
    },
    reportNoShow(meetingId, options) {
      return http.call(
        {
          operation: 'reportNoShow',
          texts: OPERATIONS,
          method: 'post',
          path: `session/${segment(meetingId)}/no-show`,
          response: PresenceSummarySchema,
        },
        options,
      );
    },
    complete(meetingId, duration, options) {
      const json = validateInput('completeMeeting', OPERATIONS, UpdateSessionInputSchema, {
        status: 'completed',
        duration,
      });
      return http.call(
        {
          operation: 'completeMeeting',
          texts: OPERATIONS,
          method: 'patch',
          path: `session/${segment(meetingId)}`,
          json,
          response: SessionSchema,
        },
        options,
      );
    },
  };
}
