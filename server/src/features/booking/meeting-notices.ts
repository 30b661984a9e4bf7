import { PRODUCT_NAME } from '@fm/sdk/contracts';
import type { SessionUser } from '../../auth/session.ts';
import type { BatchStatement, Db, Tx } from '../../db/client.ts';
import { notification } from '../../db/schema/index.ts';
import type { Logger } from '../../http/logger.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import { pushNotifications } from '../notifications/push.ts';
import { consultantZone } from './availability-service.ts';
import type { CalendarEventInput } from './calendar-providers.ts';
import { type IcalMeeting, icsAttachment, invitationIcs, type Organizer } from './ical.ts';
import type { MeetingParties, MeetingRow } from './meeting-view.ts';
import {
  formatMeetingTime,
  formatMeetingTimeInZone,
  fullName,
  invitationMail,
  MEETING_NOTIFICATION_TYPES,
  type MeetingEvent,
  meetingMail,
  meetingRoomUrl,
  meetingSummary,
  notificationMessage,
} from './texts.ts';

/** What a change leaves to do once its transaction committed: the notifications to push. */
export interface MeetingNotice {
  notificationIds: string[];
}

/** A change that tells nobody. */
export const NO_NOTICE: MeetingNotice = { notificationIds: [] };

/** What a notice says about a meeting: its parties and the few meeting fields the texts use. */
export type NoticeDetails = MeetingParties & {
  meeting: Pick<
    MeetingRow,
    'id' | 'consultantId' | 'startAt' | 'endAt' | 'timeZone' | 'updatedAt'
  > & {
    /** The invitation's SEQUENCE (rule 20: raised on every move); 0 for a new booking. */
    icsSequence?: number;
  };
};

export interface NoticeInput {
  event: MeetingEvent;
  details: NoticeDetails;
  actor: SessionUser;
  consultantZone: string;
  now: Date;
}

/** A notice composed but not written yet: the notification row and the mails (with invitations). */
export interface ComposedNotice {
  notification: typeof notification.$inferInsert;
  mails: MailMessage[];
}

/**
 * What every state change tells the other party (issue item 7): a `notification` row and the
 * e-mails, queued in the outbox, written in the change's transaction (a rolled-back change tells
 * nobody, a committed one always has its mails, and no mail costs a write transaction of its
 * own), then, after the commit, the row pushed to their user room (rule 12; best effort). Bookings,
 * declines and cancellations carry an iCalendar invitation (`REQUEST`) or cancellation (`CANCEL`)
 * to both parties.
 */
export function createMeetingNotices(deps: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  realtime: RealtimePublisher;
  publicUrl: string;
  organizer: Organizer;
}) {
  const { publicUrl, organizer } = deps;

  const pathOf = (event: MeetingEvent, meetingId: string) =>
    event === 'cancelled' ? '/bookings' : `/bookings/${meetingId}`;

  function icalMeeting(d: NoticeDetails, sequence: number): IcalMeeting {
    return {
      id: d.meeting.id,
      startAt: d.meeting.startAt,
      endAt: d.meeting.endAt,
      sequence,
      franchiseName: d.franchise?.company ?? fullName(d.franchisor),
      consultant: { name: fullName(d.consultant), email: d.consultant.email },
      franchisor: { name: fullName(d.franchisor), email: d.franchisor.email },
      link: `${publicUrl}/bookings/${d.meeting.id}`,
      joinUrl: meetingRoomUrl(publicUrl, d.meeting.id),
      stamp: d.meeting.updatedAt,
      // The description names the start in the franchisor's zone: their profile's, else the booking's.
      timeZone: d.franchisor.timeZone ?? d.meeting.timeZone,
    };
  }

  const notices = {
    icalMeeting,

    /** The event a meeting puts in the consultant's connected calendars. */
    calendarEvent(d: NoticeDetails): CalendarEventInput {
      const ical = icalMeeting(d, d.meeting.icsSequence ?? 0);
      return {
        summary: meetingSummary(ical.franchiseName, ical.consultant.name),
        description: `${PRODUCT_NAME} video meeting. Join: ${ical.joinUrl ?? ical.link}\nDetails: ${ical.link}`,
        ...(ical.joinUrl ? { joinUrl: ical.joinUrl } : {}),
        start: d.meeting.startAt,
        end: d.meeting.endAt,
        attendees: [ical.franchisor, ical.consultant],
        meetingId: d.meeting.id,
      };
    },

    /**
     * The texts, the invitation and the mails of a change, composed without the database: a
     * booking composes them before its transaction, so the write lock covers only the inserts.
     * `consultantZone` formats times for the consultant; the franchisor sees their profile's zone,
     * else the booking's (rule 20: one zone per person).
     */
    compose(input: NoticeInput): ComposedNotice {
      const { event, details: d, actor } = input;
      const toConsultant = actor.role !== 'consultant';
      const recipient = toConsultant ? d.consultant : d.franchisor;
      const franchisorZone = d.franchisor.timeZone ?? d.meeting.timeZone;
      const zone = toConsultant ? input.consultantZone : franchisorZone;
      const when = formatMeetingTimeInZone(d.meeting.startAt, zone);
      const message = notificationMessage(event, fullName(actor), when);
      const path = pathOf(event, d.meeting.id);
      const row = {
        userId: recipient.id,
        actorId: actor.id,
        type: MEETING_NOTIFICATION_TYPES[event],
        message,
        link: path,
        createdAt: input.now,
      };
      const joinUrl =
        event === 'cancelled' || event === 'declined'
          ? undefined
          : meetingRoomUrl(publicUrl, d.meeting.id);
      const mail = meetingMail(event, message, `${publicUrl}${path}`, joinUrl);
      const method =
        event === 'booked' || event === 'rescheduleAccepted'
          ? 'REQUEST'
          : event === 'declined' || event === 'cancelled'
            ? 'CANCEL'
            : null;
      if (!method) return { notification: row, mails: [{ to: recipient.email, ...mail }] };

      // A cancellation outranks the last invitation sent: one above its SEQUENCE.
      const sequence = (d.meeting.icsSequence ?? 0) + (method === 'CANCEL' ? 1 : 0);
      const ics = invitationIcs(icalMeeting(d, sequence), organizer, method);
      const attachments = [icsAttachment(ics, method)];
      const actorIsConsultant = actor.role === 'consultant';
      const actorParty = actorIsConsultant ? d.consultant : d.franchisor;
      const actorZone = actorIsConsultant ? input.consultantZone : franchisorZone;
      const own = invitationMail(
        method,
        meetingSummary(d.franchise?.company ?? fullName(d.franchisor), fullName(d.consultant)),
        formatMeetingTime(d.meeting.startAt, actorZone),
        actorZone,
        `${publicUrl}/bookings/${d.meeting.id}`,
        method === 'REQUEST' ? meetingRoomUrl(publicUrl, d.meeting.id) : undefined,
      );
      const mails: MailMessage[] = [{ to: recipient.email, ...mail, attachments }];
      // The actor's side gets its copy; on the franchisor side that is the booker (the attendee),
      // also when a colleague acted.
      if (actorParty.email !== recipient.email) {
        mails.push({ to: actorParty.email, ...own, attachments });
      }
      return { notification: row, mails };
    },

    /** Writes a composed notice in `tx`: the notification row, and the mails into the outbox. */
    async write(tx: Tx, composed: ComposedNotice): Promise<MeetingNotice> {
      const [row] = await tx
        .insert(notification)
        .values(composed.notification)
        .returning({ id: notification.id });
      for (const mail of composed.mails) await deps.mailer.send(mail, { tx });
      return { notificationIds: row ? [row.id] : [] };
    },

    /**
     * A composed notice as statements for a batch the caller runs (the booking's): the
     * notification row, with its id chosen here, and the mails. `committed` logs the mails.
     */
    statements(composed: ComposedNotice): {
      statements: BatchStatement[];
      notice: MeetingNotice;
      committed(): void;
    } {
      const id = crypto.randomUUID();
      const mails = deps.mailer.batch(composed.mails);
      return {
        statements: [
          deps.db.insert(notification).values({ ...composed.notification, id }),
          ...mails.statements,
        ],
        notice: { notificationIds: [id] },
        committed: mails.queued,
      };
    },

    /** Composes and writes in `tx` (for changes that read their meeting inside the transaction). */
    async record(tx: Tx, input: NoticeInput): Promise<MeetingNotice> {
      return notices.write(tx, notices.compose(input));
    },

    /** {@link record} of a change by `actor`, with the consultant's zone read in `tx`. */
    async recordChange(
      tx: Tx,
      change: Omit<NoticeInput, 'consultantZone'>,
    ): Promise<MeetingNotice> {
      const zone = await consultantZone(tx, change.details.meeting.consultantId);
      return notices.record(tx, { ...change, consultantZone: zone });
    },

    /** Pushes what `write` wrote, after the commit; failures are logged, never thrown. */
    async deliver({ notificationIds }: MeetingNotice): Promise<void> {
      await pushNotifications(deps, notificationIds);
    },
  };
  return notices;
}

export type MeetingNotices = ReturnType<typeof createMeetingNotices>;
