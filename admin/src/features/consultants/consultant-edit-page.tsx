import { useParams } from 'react-router';
import { ADMIN_TEXT, PAGE_TITLES } from '../../admin-texts.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/consultants/:id/edit`. */
export function ConsultantEditPage() {
  const { id = '' } = useParams();
  return (
    <Page
      title={PAGE_TITLES.editConsultant}
      back={{ to: paths.consultant(id), label: ADMIN_TEXT.back }}
    />
  );
}
