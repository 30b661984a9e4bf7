import { Link } from 'react-router';
import { PATHS } from '../shared/paths.ts';
import { PRODUCT_NAME } from '../shared/site.ts';

/** The product's logo, linking to the landing page. */
export function BrandLink() {
  return (
    <Link to={PATHS.landing} className="brand">
      <span className="brand__mark" aria-hidden="true">
        FM
      </span>
      <span className="brand__name">{PRODUCT_NAME}</span>
    </Link>
  );
}
