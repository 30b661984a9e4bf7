import { PAGE_TITLES } from '../../admin-texts.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/franchisors`: the franchises list. */
export function FranchisesPage() {
  return <Page title={PAGE_TITLES.franchises} />;
}
