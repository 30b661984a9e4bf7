import type { SessionUser } from '../../auth/session.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notification } from '../../db/schema/index.ts';
import type { Logger } from '../../http/logger.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import { pushNotifications } from '../notifications/push.ts';
import { type IcalMeeting, icsAttachment, invitationIcs, type Organizer } from './ical.ts';
import type { MeetingDetails } from './meeting-view.ts';
import {
  formatMeetingTime,
  fullName,
  invitationMail,
  MEETING_NOTIFICATION_TYPES,
  type MeetingEvent,
  meetingMail,
  meetingRoomUrl,
  meetingSummary,
  notificationMessage,
} from './texts.ts';

/** What a change leaves to do once its transaction committed: mails to send, a notification to push. */
export interface MeetingNotice {
  mails: MailMessage[];
  notificationIds: string[];
}

/** A change that tells nobody. */
export const NO_NOTICE: MeetingNotice = { mails: [], notificationIds: [] };

/**
 * What every state change tells the other party (issue item 7): a `notification` row written in
 * the change's transaction, then, after the commit, the row pushed to their user room (D12) and
 * e-mails sent (best effort: a failure is logged and never undoes the change). Bookings, declines and cancellations carry an iCalendar
 * invitation (`REQUEST`) or cancellation (`CANCEL`) to both parties.
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

  function icalMeeting(d: MeetingDetails, sequence: number): IcalMeeting {
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
    };
  }

  return {
    icalMeeting,

    /**
     * Writes the other party's notification in `tx` and answers what to send and push after commit.
     * `consultantZone` formats times for the consultant; the franchisor sees the booking's zone.
     */
    async record(
      tx: Tx,
      input: {
        event: MeetingEvent;
        details: MeetingDetails;
        actor: SessionUser;
        consultantZone: string;
        now: Date;
      },
    ): Promise<MeetingNotice> {
      const { event, details: d, actor } = input;
      const toConsultant = actor.role !== 'consultant';
      const recipient = toConsultant ? d.consultant : d.franchisor;
      const zone = toConsultant ? input.consultantZone : d.meeting.timeZone;
      const when = formatMeetingTime(d.meeting.startAt, zone);
      const message = notificationMessage(event, fullName(actor), when);
      const path = pathOf(event, d.meeting.id);
      const [row] = await tx
        .insert(notification)
        .values({
          userId: recipient.id,
          actorId: actor.id,
          type: MEETING_NOTIFICATION_TYPES[event],
          message,
          link: path,
          createdAt: input.now,
        })
        .returning({ id: notification.id });
      const notificationIds = row ? [row.id] : [];
      const joinUrl =
        event === 'cancelled' || event === 'declined'
          ? undefined
          : meetingRoomUrl(publicUrl, d.meeting.id);
      const mail = meetingMail(event, message, `${publicUrl}${path}`, zone, joinUrl);
      const method =
        event === 'booked'
          ? 'REQUEST'
          : event === 'declined' || event === 'cancelled'
            ? 'CANCEL'
            : null;
      if (!method) return { mails: [{ to: recipient.email, ...mail }], notificationIds };

      const ics = invitationIcs(icalMeeting(d, method === 'REQUEST' ? 0 : 1), organizer, method);
      const attachments = [icsAttachment(ics, method)];
      const actorIsConsultant = actor.role === 'consultant';
      const actorParty = actorIsConsultant ? d.consultant : d.franchisor;
      const actorZone = actorIsConsultant ? input.consultantZone : d.meeting.timeZone;
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
      return { mails, notificationIds };
    },

    /** Pushes and sends what `record` prepared, after the commit; failures are logged, never thrown. */
    async deliver({ mails, notificationIds }: MeetingNotice): Promise<void> {
      await pushNotifications(deps, notificationIds);
      for (const mail of mails) {
        try {
          await deps.mailer.send(mail);
        } catch (error) {
          deps.logger.error('meeting mail not sent', { to: mail.to, error: String(error) });
        }
      }
    },
  };
}

export type MeetingNotices = ReturnType<typeof createMeetingNotices>;
