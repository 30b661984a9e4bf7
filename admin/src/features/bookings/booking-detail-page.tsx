import { PAGE_TITLES } from '../../admin-texts.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/bookings/:id`: Booking Management > Booking Details. */
export function BookingDetailPage() {
  return (
    <Page
      title={PAGE_TITLES.bookingDetails}
      breadcrumbs={[
        { label: PAGE_TITLES.bookings, to: paths.bookings },
        { label: PAGE_TITLES.bookingDetails },
      ]}
    />
  );
}
