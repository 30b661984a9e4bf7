import { PAGE_TITLES } from '../../admin-texts.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel`: the dashboard (its metrics arrive with their own issue). */
export function DashboardPage() {
  return <Page title={PAGE_TITLES.dashboard} />;
}
