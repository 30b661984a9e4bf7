import { PAGE_TITLES } from '../../admin-texts.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/consultants`: the consultants list. */
export function ConsultantsPage() {
  return <Page title={PAGE_TITLES.consultants} />;
}
