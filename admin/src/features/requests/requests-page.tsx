import { PAGE_TITLES } from '../../admin-texts.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/requests` (path not shown by the spec): User Requests and Company Brand Requests. */
export function RequestsPage() {
  return <Page title={PAGE_TITLES.requests} />;
}
