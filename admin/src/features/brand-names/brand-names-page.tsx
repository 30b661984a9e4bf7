import { PAGE_TITLES } from '../../admin-texts.ts';
import { Page } from '../../ui/page.tsx';

/** `/control-panel/brand-names`: the company brands table. */
export function BrandNamesPage() {
  return <Page title={PAGE_TITLES.brandNames} />;
}
