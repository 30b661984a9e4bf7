import { PAGE_TITLES } from '../../admin-texts.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/consultants/:id`: Consultant Management > Consultant Detail. */
export function ConsultantDetailPage() {
  return (
    <Page
      title={PAGE_TITLES.consultantDetail}
      breadcrumbs={[
        { label: PAGE_TITLES.consultants, to: paths.consultants },
        { label: PAGE_TITLES.consultantDetail },
      ]}
    />
  );
}
