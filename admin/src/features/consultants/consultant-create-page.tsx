import { ADMIN_TEXT, PAGE_TITLES } from '../../admin-texts.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/consultants/create`. */
export function ConsultantCreatePage() {
  return (
    <Page
      title={PAGE_TITLES.createConsultant}
      back={{ to: paths.consultants, label: ADMIN_TEXT.back }}
    />
  );
}
