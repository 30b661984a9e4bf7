import {
  type IceServer,
  MEETING_ROOM,
  type MeetingRoomInfo,
  meetingRoomId,
  meetingRoomState,
  meetingRoomWindow,
  type PresenceReport,
  type PresenceSummary,
  parseRoomId,
} from '@fm/sdk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { meeting, meetingNoShow, meetingSlot } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import { centsToDollars } from '../../money/cents.ts';
import type { MeetingPayments } from '../booking/meeting-payments.ts';
import { enqueueWebhookEvent, lazyWebhookEvent } from '../webhooks/enqueue.ts';
import { meetingAudience, readWebhookMeeting } from '../webhooks/payloads.ts';
import { findRoomMeeting, isLive, memberSide, type RoomMeeting, roomMembers } from './access.ts';
import { presenceSummary, recordPresence } from './presence-log.ts';
import { type TurnRelay, turnServer } from './turn-credentials.ts';

/** Texts of the rules this service enforces. */
export const MEETING_ROOM_RULES = {
  noShowNotAllowed:
    'A no-show can be reported when a member of your franchise waited at least 10 minutes inside the booked time and the consultant never joined.',
  franchiseOnly: 'Only the franchise side can report a no-show',
  notLive: 'This meeting is no longer open to changes',
} as const;

/**
 * The meeting room on the API's side (rule 16): what the room page needs, the presence reports of the
 * room server, the presence summary, and the franchisor's no-show report.
 */
export function createMeetingRoomService(deps: {
  db: Db;
  now: () => Date;
  iceServers: IceServer[];
  /** A TURN relay whose credentials are made per user while a room is open. */
  turn?: TurnRelay | undefined;
  payments: MeetingPayments;
  logger: Logger;
}) {
  const { db, now } = deps;

  /** The meeting if the viewer may enter its room (404 for anyone else, rule 7). */
  async function memberMeeting(viewer: SessionUser, id: string) {
    const row = await findRoomMeeting(db, id);
    const side = row ? await memberSide(db, row, viewer.id) : null;
    if (!row || !side) throw new AppError('NOT_FOUND');
    return { row, side };
  }

  return {
    /** `GET /api/session/{id}/room`. */
    async info(viewer: SessionUser, id: string): Promise<MeetingRoomInfo> {
      const { row } = await memberMeeting(viewer, id);
      const at = now();
      const window = meetingRoomWindow(row.startAt, row.endAt);
      const members = await roomMembers(db, row);
      const self = members.find((m) => m.userId === viewer.id);
      if (!self) throw new AppError('NOT_FOUND');
      return {
        meetingId: row.id,
        room: meetingRoomId(row.id),
        start: row.startAt.toISOString(),
        end: row.endAt.toISOString(),
        durationMinutes: row.durationMinutes,
        rate: centsToDollars(row.rateCents) ?? 0,
        opensAt: window.opensAt.toISOString(),
        closesAt: window.closesAt.toISOString(),
        state: meetingRoomState(window, at),
        live: isLive(row),
        // The relay's credentials only while the room is open, each for this user until it closes.
        iceServers:
          deps.turn && meetingRoomState(window, at) === 'open'
            ? [...deps.iceServers, turnServer(deps.turn, viewer.id, window.closesAt)]
            : deps.iceServers,
        maxParticipants: MEETING_ROOM.maxParticipants,
        self,
        members,
        presence: await presenceSummary(db, row, at),
        now: at.toISOString(),
      };
    },

    /** `GET /api/session/{id}/presence`: the summary both sides see on the meeting page. */
    async presence(viewer: SessionUser, id: string): Promise<PresenceSummary> {
      const { row } = await memberMeeting(viewer, id);
      return presenceSummary(db, row, now());
    },

    /** `POST /api/realtime/presence` (room server only). Unknown meetings store nothing. */
    async ingest(report: PresenceReport): Promise<{ stored: number }> {
      const ref = parseRoomId(report.room);
      if (ref?.kind !== 'meeting') throw new AppError('NOT_FOUND');
      return recordPresence(db, ref.id, report.events, deps.logger);
    },

    /**
     * `POST /api/session/{id}/no-show` (rule 16): a member of the franchise waited at least 10 minutes
     * inside the booked time and the consultant never joined. Nothing is charged, the hold is
     * released, the time is freed, and the consultant can no longer complete it (it is declined).
     */
    async reportNoShow(viewer: SessionUser, id: string): Promise<PresenceSummary> {
      const { side } = await memberMeeting(viewer, id);
      if (side !== 'franchise') {
        throw new AppError('FORBIDDEN', { message: MEETING_ROOM_RULES.franchiseOnly });
      }
      const at = now();
      const row = await db.transaction(async (tx) => {
        const current = await findRoomMeeting(tx, id);
        if (!current) throw new AppError('NOT_FOUND');
        if (!isLive(current)) {
          throw new AppError('RULE_VIOLATION', { message: MEETING_ROOM_RULES.notLive });
        }
        const summary = await presenceSummary(tx, current, at);
        if (!summary.consultantNoShow) {
          throw new AppError('RULE_VIOLATION', { message: MEETING_ROOM_RULES.noShowNotAllowed });
        }
        const [updated] = await tx
          .update(meeting)
          .set({ status: 'declined', declinedAt: at, updatedAt: at })
          .where(and(eq(meeting.id, id), inArray(meeting.status, ['future', 'pending'])))
          .returning();
        if (!updated) {
          throw new AppError('RULE_VIOLATION', { message: MEETING_ROOM_RULES.notLive });
        }
        await tx.delete(meetingSlot).where(eq(meetingSlot.meetingId, id));
        await tx
          .insert(meetingNoShow)
          .values({ meetingId: id, reportedBy: viewer.id, reportedAt: at });
        await deps.payments.onDeclined(updated, { tx, actor: viewer, now: at });
        // Rule 21: the parties are read only when an endpoint subscribed.
        await enqueueWebhookEvent(
          tx,
          meetingAudience(updated),
          lazyWebhookEvent(
            'meeting.no_show',
            async () => ({ meeting: await readWebhookMeeting(tx, id, at) }),
            at,
          ),
          at,
        );
        return updated satisfies RoomMeeting;
      });
      // The hold's release, recorded in the transaction, is made at the provider after it.
      await deps.payments.settle?.(id);
      return presenceSummary(db, row, at);
    },
  };
}

export type MeetingRoomService = ReturnType<typeof createMeetingRoomService>;
