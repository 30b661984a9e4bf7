import { useParams } from 'react-router';
import { ADMIN_TEXT, PAGE_TITLES } from '../../admin-texts.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/franchisors/:id/edit`. */
export function FranchiseEditPage() {
  const { id = '' } = useParams();
  return (
    <Page
      title={PAGE_TITLES.editFranchise}
      back={{ to: paths.franchisor(id), label: ADMIN_TEXT.back }}
    />
  );
}
