import { PAGE_TITLES } from '../../admin-texts.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/franchisors/:id`: Franchise Management > Franchise Details. */
export function FranchiseDetailPage() {
  return (
    <Page
      title={PAGE_TITLES.franchiseDetails}
      breadcrumbs={[
        { label: PAGE_TITLES.franchises, to: paths.franchisors },
        { label: PAGE_TITLES.franchiseDetails },
      ]}
    />
  );
}
