import { PAGE_TITLES } from '../../admin-texts.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/bookings`: booking management. */
export function BookingsPage() {
  return <Page title={PAGE_TITLES.bookings} />;
}
