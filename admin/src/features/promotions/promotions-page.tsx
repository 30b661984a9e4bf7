import { PAGE_TITLES } from '../../admin-texts.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/promotions`: promotions table and form. */
export function PromotionsPage() {
  return <Page title={PAGE_TITLES.promotions} />;
}
