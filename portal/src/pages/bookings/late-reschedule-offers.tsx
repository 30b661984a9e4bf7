import { RescheduleProposal } from '@fm/widgets';
import { formatDateTime } from '@fm/widgets/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { PATHS } from '../../shared/paths.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { useAnswer } from './meeting-reschedule.tsx';

/** What the card says (rule 20 after a late cancellation). */
const LATE_OFFER_TEXT = {
  title: 'New times for a meeting you cancelled',
  hint: (consultant: string, start: string) =>
    `You cancelled your meeting with ${consultant} on ${start} less than 24 hours before it. ${consultant} proposes new times instead of charging for it: accept one to meet then, or decline.`,
  booked: 'The meeting has been booked again',
  declined: 'The proposed times have been declined',
  acceptFailed: 'The meeting could not be booked',
  declineFailed: 'The proposal could not be declined',
} as const;

/**
 * At the top of a franchisor's My Meetings: the times a consultant proposed after the franchisor
 * cancelled within 24 hours (admin-panel: "reschedule or charge"), with Accept per time — a new
 * meeting carrying what was booked — and Decline. Nothing when there are none. Under the meetings'
 * key, so the realtime feed's refresh of meetings reloads it.
 */
export function LateRescheduleOffers({ zone }: { zone: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = [...queryKeys.meetings.all, 'late-reschedules'] as const;
  const offers = useQuery({
    queryKey: key,
    queryFn: () => api.reschedules.lateCancellationProposals(),
  });
  const { busy, answer } = useAnswer(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all }),
  );
  const items = offers.data?.data ?? [];
  if (items.length === 0) return null;

  return (
    <>
      {items.map((offer) => (
        <section
          key={offer.request.id}
          className="meeting-card"
          aria-labelledby={`late-offer-${offer.request.id}`}
          data-testid="late-reschedule-offer"
        >
          <h2 className="meeting-card__title" id={`late-offer-${offer.request.id}`}>
            {LATE_OFFER_TEXT.title}
          </h2>
          <p className="page__text">
            {LATE_OFFER_TEXT.hint(
              offer.consultant.name,
              formatDateTime(offer.cancelledStart, zone),
            )}
          </p>
          <RescheduleProposal
            request={offer.request}
            viewer="franchisor"
            timeZone={zone}
            busy={busy}
            onAccept={(start) =>
              void answer(async () => {
                const meeting = await api.reschedules.acceptAfterLateCancellation(
                  offer.paymentId,
                  offer.request.id,
                  { start },
                );
                toast.success(LATE_OFFER_TEXT.booked);
                void navigate(`${PATHS.bookings}/${encodeURIComponent(meeting.id)}`);
              }, LATE_OFFER_TEXT.acceptFailed)
            }
            onDecline={() =>
              void answer(async () => {
                await api.reschedules.declineAfterLateCancellation(
                  offer.paymentId,
                  offer.request.id,
                );
                toast.success(LATE_OFFER_TEXT.declined);
              }, LATE_OFFER_TEXT.declineFailed)
            }
          />
        </section>
      ))}
    </>
  );
}
