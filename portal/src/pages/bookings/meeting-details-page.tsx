import { isApiError } from '@fm/sdk';
import { REDIRECT_AFTER_CANCEL_MS, type Session, TOASTS } from '@fm/sdk/contracts';
import { type ChatRestriction, restrictionOf } from '@fm/widgets';
import { formatDollars, LoadStatus } from '@fm/widgets/kit';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { errorMessage, httpStatusOf } from '../../shared/error-message.ts';
import { PATHS, publicProfilePath } from '../../shared/paths.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { useSession } from '../../shared/session.ts';
import { TimeZoneLabel, useUserTimeZone } from '../../shared/user-time-zone.tsx';
import { MessageButton } from '../chats/start-chat.tsx';
import { PageShell } from '../page-shell.tsx';
import {
  AttendanceCard,
  CompletionDuration,
  canJoin,
  JoinMeetingLink,
  useMeetingPresence,
} from './meeting-attendance.tsx';
import { MeetingDispute } from './meeting-dispute.tsx';
import {
  formatDuration,
  formatMeetingDateTime,
  meetingActions,
  otherParty,
} from './meeting-format.ts';
import { MeetingStatusBadge, ReviewView } from './meeting-list.tsx';
import { MeetingReschedule } from './meeting-reschedule.tsx';
import { MEETINGS_TEXT } from './meetings-text.ts';
import { ReviewForm } from './review-form.tsx';
import { ChatRestrictionDialog } from './subscription-prompt.tsx';

type Confirm = 'decline' | 'complete' | 'cancel' | null;

const CONFIRMS = {
  decline: {
    title: MEETINGS_TEXT.declineTitle,
    text: MEETINGS_TEXT.declineText,
    action: MEETINGS_TEXT.decline,
  },
  complete: {
    title: MEETINGS_TEXT.completeTitle,
    text: MEETINGS_TEXT.completeText,
    action: MEETINGS_TEXT.markComplete,
  },
  cancel: {
    title: MEETINGS_TEXT.cancelTitle,
    text: MEETINGS_TEXT.cancelText,
    action: MEETINGS_TEXT.cancelMeeting,
  },
} as const;

/** The failure text of user-area §8, with the server's reason beside it when there is one. */
function toastFailure(title: string, error: unknown): void {
  const reason = isApiError(error) ? error.serverMessage : undefined;
  toast.error(title, reason ? { description: reason } : undefined);
}

/**
 * `/bookings/{id}`: one meeting with the other party, its time in the viewer's zone
 * ('1 Jan, 2025, 3:00 pm'), duration, amount, status and review. The consultant declines
 * (confirmed) or marks it complete; the franchisor cancels it (confirmed; 'Meeting canceled
 * successfully!' and back to My Meetings after REDIRECT_AFTER_CANCEL_MS). After completion the
 * franchisor reviews it and the consultant may ask for a review. An action the API refuses for an
 * inactive profile or subscription (rule 11) shows the Action Not Available modal.
 */
export function MeetingDetailsPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The other side's decline, completion or review shows without a reload: the realtime feed
  // invalidates `queryKeys.meetings.all` (RealtimeProvider).
  const query = useQuery({
    queryKey: queryKeys.meetings.detail(id),
    queryFn: () => api.bookings.getSession(id),
  });
  // Rule 16: the meeting room's presence summary, and the duration the completion form proposes.
  const presence = useMeetingPresence(id);
  const { zone } = useUserTimeZone();
  /** The meeting as an action returned it; the lists show it at their next read. */
  const setMeeting = (next: Session) => {
    queryClient.setQueryData(queryKeys.meetings.detail(next.id), next);
  };
  const reloadPresence = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.presence(id) });
  const [duration, setDuration] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [pending, setPending] = useState(false);
  // Rule 11: an action refused because the profile or subscription is not active shows the modal.
  const [restriction, setRestriction] = useState<ChatRestriction | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const role = session?.role ?? 'franchisor';
  const shown = query.data ?? null;
  const actions = shown ? meetingActions(shown, role, Date.now()) : null;

  /** After a cancel or decline the page goes back to My Meetings (user-area §4). */
  const redirectSoon = () => {
    redirect.current = setTimeout(() => void navigate(PATHS.bookings), REDIRECT_AFTER_CANCEL_MS);
  };

  const run = async (kind: Exclude<Confirm, null>) => {
    if (!shown) return;
    setPending(true);
    try {
      if (kind === 'cancel') {
        await api.bookings.cancelSession(shown.id);
        toast.success(TOASTS.meetingCanceled);
        redirectSoon();
      } else if (kind === 'decline') {
        setMeeting(await api.bookings.declineSession(shown.id));
        // A consultant's cancel is the spec's decline: the same toast and redirect.
        toast.success(TOASTS.meetingCanceled);
        redirectSoon();
      } else {
        setMeeting(
          presence?.roomUsed
            ? await api.meetingRoom.complete(shown.id, duration ?? presence.proposedMinutes)
            : await api.bookings.completeSession(shown.id),
        );
        reloadPresence();
        toast.success(TOASTS.bookingCompleted);
      }
    } catch (error) {
      const restricted = restrictionOf(error);
      if (restricted) setRestriction(restricted);
      else
        toastFailure(
          kind === 'complete' ? TOASTS.completeBookingFailed : TOASTS.cancelMeetingFailed,
          error,
        );
    } finally {
      setPending(false);
      setConfirm(null);
      // The next completion form proposes the measured duration again.
      setDuration(null);
    }
  };

  const requestReview = async () => {
    if (!shown) return;
    setPending(true);
    try {
      setMeeting(await api.bookings.requestReview(shown.id));
      toast.success(MEETINGS_TEXT.reviewRequestSent);
    } catch (error) {
      const restricted = restrictionOf(error);
      if (restricted) setRestriction(restricted);
      else toast.error(isApiError(error) ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };

  const back = { to: PATHS.bookings, label: MEETINGS_TEXT.backToMeetings };
  if (!shown) {
    return (
      <PageShell title={MEETINGS_TEXT.meetingDetails} backTo={back}>
        {query.isError && httpStatusOf(query.error) === 404 ? (
          <div className="meetings__notice" role="alert">
            <p>{MEETINGS_TEXT.notFound}</p>
          </div>
        ) : (
          <LoadStatus
            pending={query.isPending}
            error={query.isError ? errorMessage(query.error) : null}
            onRetry={query.refetch}
            loadingText={MEETINGS_TEXT.loadingMeeting}
            retryText={MEETINGS_TEXT.retry}
            loadingClassName="meetings__notice"
            errorClassName="meetings__notice"
          />
        )}
      </PageShell>
    );
  }

  const name = otherParty(shown, role);
  const profileLink =
    role === 'franchisor'
      ? publicProfilePath('consultant', shown.consultant.id)
      : publicProfilePath('franchisor', shown.franchisor.id);
  const review = shown.review[0];

  return (
    <PageShell title={MEETINGS_TEXT.meetingDetails} backTo={back} className="page--meeting">
      <section className="meeting-card" aria-label={MEETINGS_TEXT.meetingDetails}>
        <dl className="meeting-facts">
          <Fact label={MEETINGS_TEXT.with}>
            <span className="meeting-facts__name">{name}</span>
            {profileLink ? (
              <>
                {' '}
                <Link to={profileLink} className="meeting-facts__link">
                  {MEETINGS_TEXT.viewProfile}
                </Link>
              </>
            ) : null}
            <span className="meeting-facts__message">
              <MessageButton
                userId={role === 'franchisor' ? shown.consultant.id : shown.franchisor.id}
                userRole={role === 'franchisor' ? 'consultant' : 'franchisor'}
                className="button button--secondary"
              />
            </span>
          </Fact>
          <Fact label={MEETINGS_TEXT.when}>
            <time dateTime={shown.start} data-testid="meeting-time">
              {formatMeetingDateTime(shown.start, zone)}
            </time>
            <TimeZoneLabel className="meeting-facts__hint" />
          </Fact>
          <Fact label={MEETINGS_TEXT.duration}>{formatDuration(shown.duration)}</Fact>
          <Fact label={MEETINGS_TEXT.amount}>{formatDollars(shown.amount)}</Fact>
          <Fact label={MEETINGS_TEXT.status}>
            <MeetingStatusBadge status={shown.status} />
          </Fact>
          <Fact label={MEETINGS_TEXT.payment}>
            {shown.isPaid
              ? MEETINGS_TEXT.paid(formatDollars(shown.paidAmount))
              : MEETINGS_TEXT.unpaid}
          </Fact>
        </dl>
        {canJoin(shown, Date.now()) ? (
          <div className="meeting-card__actions">
            <JoinMeetingLink id={shown.id} />
          </div>
        ) : null}
        {actions && (actions.decline || actions.complete || actions.cancel) ? (
          <div className="meeting-card__actions">
            {actions.complete ? (
              <button
                type="button"
                className="button button--primary"
                disabled={pending}
                onClick={() => setConfirm('complete')}
              >
                {MEETINGS_TEXT.markComplete}
              </button>
            ) : null}
            {actions.decline ? (
              <button
                type="button"
                className="button button--danger"
                disabled={pending}
                onClick={() => setConfirm('decline')}
              >
                {MEETINGS_TEXT.decline}
              </button>
            ) : null}
            {actions.cancel ? (
              <button
                type="button"
                className="button button--danger"
                disabled={pending}
                onClick={() => setConfirm('cancel')}
              >
                {MEETINGS_TEXT.cancelMeeting}
              </button>
            ) : null}
          </div>
        ) : null}
      </section>

      <MeetingReschedule
        meeting={shown}
        viewer={role === 'consultant' ? 'consultant' : 'franchisor'}
        zone={zone}
        onMoved={setMeeting}
      />

      <AttendanceCard
        session={shown}
        presence={presence}
        viewer={role}
        onChanged={() => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.detail(id) });
          reloadPresence();
        }}
      />

      <MeetingDispute meeting={shown} />

      {shown.status === 'completed' ? (
        <section className="meeting-card" aria-labelledby="meeting-review-title">
          {review ? (
            <>
              <h2 className="meeting-card__title" id="meeting-review-title">
                {MEETINGS_TEXT.review}
              </h2>
              <ReviewView review={review} />
            </>
          ) : actions?.review ? (
            <ReviewForm meetingId={shown.id} onReviewed={setMeeting} />
          ) : (
            <>
              <h2 className="meeting-card__title" id="meeting-review-title">
                {MEETINGS_TEXT.review}
              </h2>
              <p className="page__text">{MEETINGS_TEXT.noReview}</p>
              {actions?.requestReview ? (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={pending}
                  onClick={() => void requestReview()}
                >
                  {MEETINGS_TEXT.requestReview}
                </button>
              ) : null}
              {actions?.reviewRequested ? (
                <p className="page__text" role="status">
                  {MEETINGS_TEXT.reviewRequested}
                </p>
              ) : null}
            </>
          )}
        </section>
      ) : null}

      <Dialog.Root
        open={confirm !== null}
        onOpenChange={(open) => !open && !pending && setConfirm(null)}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          {confirm ? (
            <Dialog.Content className="dialog dialog--small" role="alertdialog">
              <Dialog.Title className="dialog__title">{CONFIRMS[confirm].title}</Dialog.Title>
              <Dialog.Description className="dialog__text">
                {confirm === 'cancel' && actions?.lateCancel
                  ? MEETINGS_TEXT.lateCancelText
                  : CONFIRMS[confirm].text}
              </Dialog.Description>
              {confirm === 'complete' && presence?.roomUsed ? (
                <CompletionDuration
                  presence={presence}
                  value={duration ?? presence.proposedMinutes}
                  onChange={setDuration}
                />
              ) : null}
              <div className="dialog__actions">
                <Dialog.Close asChild>
                  <button type="button" className="button button--ghost" disabled={pending}>
                    {confirm === 'complete' ? 'Cancel' : MEETINGS_TEXT.keep}
                  </button>
                </Dialog.Close>
                <button
                  type="button"
                  className={
                    confirm === 'complete' ? 'button button--primary' : 'button button--danger'
                  }
                  disabled={pending}
                  aria-busy={pending}
                  onClick={() => void run(confirm)}
                >
                  {CONFIRMS[confirm].action}
                </button>
              </div>
            </Dialog.Content>
          ) : null}
        </Dialog.Portal>
      </Dialog.Root>
      <ChatRestrictionDialog restriction={restriction} onClose={() => setRestriction(null)} />
    </PageShell>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="meeting-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
