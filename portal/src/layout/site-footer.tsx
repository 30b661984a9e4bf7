import { COPYRIGHT_YEARS } from '@fm/sdk/contracts';
import { Link } from 'react-router';
import { LANDING_SECTIONS, landingSectionPath, PATHS } from '../shared/paths.ts';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../shared/site.ts';
import { BrandLink } from './brand-link.tsx';
import { RoleChoiceLink } from './role-choice-link.tsx';

/**
 * The footer (user-area §2): How It Works, I Am a Franchisor, I Am a Consultant, Features, FAQs,
 * a contact mail link, the copyright years and the Terms and Conditions and Privacy Policy links.
 */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <BrandLink />
          <p className="site-footer__tagline">
            Franchise brands and franchise consultants, meeting by the quarter hour.
          </p>
        </div>
        <nav className="site-footer__nav" aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to={landingSectionPath(LANDING_SECTIONS.howItWorks)}>How It Works</Link>
            </li>
            <li>
              <RoleChoiceLink accountRole="franchisor" />
            </li>
            <li>
              <RoleChoiceLink accountRole="consultant" />
            </li>
            <li>
              <Link to={landingSectionPath(LANDING_SECTIONS.features)}>Features</Link>
            </li>
            <li>
              <Link to={landingSectionPath(LANDING_SECTIONS.faqs)}>FAQs</Link>
            </li>
          </ul>
        </nav>
        <div className="site-footer__contact">
          <h2 className="site-footer__heading">Contact</h2>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </div>
      </div>
      <div className="site-footer__legal">
        <p>
          © {COPYRIGHT_YEARS} {PRODUCT_NAME}. All rights reserved.
        </p>
        <ul className="site-footer__legal-links">
          <li>
            <Link to={PATHS.termsAndConditions}>Terms and Conditions</Link>
          </li>
          <li>
            <Link to={PATHS.privacyPolicy}>Privacy Policy</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
