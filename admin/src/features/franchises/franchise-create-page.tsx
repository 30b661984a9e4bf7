import { ADMIN_TEXT, PAGE_TITLES } from '../../admin-texts.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/franchisors/create`. */
export function FranchiseCreatePage() {
  return (
    <Page
      title={PAGE_TITLES.createFranchise}
      back={{ to: paths.franchisors, label: ADMIN_TEXT.back }}
    />
  );
}
