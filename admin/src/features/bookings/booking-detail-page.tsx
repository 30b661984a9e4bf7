import { RESCHEDULE_TEXT } from '@fm/sdk/contracts';
import { RescheduleHistoryList } from '@fm/widgets';
import { formatDateTime, formatDollars, StatusLabel } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { adminApi } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { DetailList, DetailSection } from '../../ui/detail-list.tsx';
import { Page } from '../../ui/page.tsx';
import { QueryStatus } from '../../ui/query-status.tsx';
import { BOOKING_STATUS_LABELS, completionText } from './booking-format.ts';
import { PresenceLog } from './presence-log.tsx';

/** `/control-panel/bookings/:id`: Booking Management > Booking Details. */
export function BookingDetailPage() {
  const { id = '' } = useParams();
  const booking = useQuery({ queryKey: ['session', id], queryFn: () => adminApi.getSession(id) });
  const b = booking.data;
  return (
    <Page
      title={PAGE_TITLES.bookingDetails}
      breadcrumbs={[
        { label: PAGE_TITLES.bookings, to: paths.bookings },
        { label: PAGE_TITLES.bookingDetails },
      ]}
    >
      {booking.isPending || booking.isError ? (
        <QueryStatus pending={booking.isPending} error={booking.error} onRetry={booking.refetch} />
      ) : b ? (
        <div className="detail-grid">
          <DetailSection title="Meeting">
            <DetailList
              items={[
                [
                  'Status',
                  <StatusLabel key="s" status={b.status} label={BOOKING_STATUS_LABELS[b.status]} />,
                ],
                ['Start', formatDateTime(b.start)],
                ['End', formatDateTime(b.end)],
                ['Duration', `${b.duration} min`],
                ['Completed', completionText(b)],
                ['Booked', formatDateTime(b.createdAt)],
              ]}
            />
          </DetailSection>
          <DetailSection title="People">
            <DetailList
              items={[
                [
                  'Consultant',
                  <Link key="c" to={paths.consultant(b.consultant.id)}>
                    {b.consultant.firstName} {b.consultant.lastName}
                  </Link>,
                ],
                ['Consultant email', b.consultant.email],
                [
                  'Franchise',
                  b.franchise ? (
                    <Link key="f" to={paths.franchisor(b.franchise.id)}>
                      {b.franchise.company}
                    </Link>
                  ) : null,
                ],
                [
                  'Booked by',
                  `${b.franchisor.firstName} ${b.franchisor.lastName} (${b.franchisor.email})`,
                ],
              ]}
            />
          </DetailSection>
          <DetailSection title="Payment">
            <DetailList
              items={[
                ['Rate (15 min)', formatDollars(b.consultant.rate)],
                ['Amount', formatDollars(b.amount)],
                ['Paid amount', formatDollars(b.paidAmount)],
                ['Payment', <StatusLabel key="p" status={b.isPaid ? 'paid' : 'unpaid'} />],
              ]}
            />
          </DetailSection>
          {b.presence ? <PresenceLog presence={b.presence} /> : null}
          <DetailSection title={RESCHEDULE_TEXT.history}>
            <RescheduleHistoryList requests={b.reschedules ?? []} />
          </DetailSection>
          <DetailSection title="Reviews">
            {b.reviews.length === 0 ? (
              <p>No reviews.</p>
            ) : (
              <ul className="reviews">
                {b.reviews.map((review, index) => (
                  // Reviews have no id of their own; their order is stable.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={index}>
                    <strong>{review.rating} / 5</strong> {review.comment ?? ''}
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>
        </div>
      ) : null}
    </Page>
  );
}
