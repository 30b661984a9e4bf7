import { PAGE_TITLES } from '../../admin-texts.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/payments`: payments management. */
export function PaymentsPage() {
  return <Page title={PAGE_TITLES.payments} />;
}
