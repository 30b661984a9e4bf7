import { TERMS_EFFECTIVE_DATE } from '@fm/sdk/contracts';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../shared/site.ts';
import { PageShell } from '../page-shell.tsx';
import type { LegalDocument } from './legal-documents.ts';

/** One legal document: its title, effective date and numbered sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <PageShell
      title={document.title}
      lead={`Effective date: ${TERMS_EFFECTIVE_DATE}`}
      className="page--prose"
    >
      <div className="prose">
        {document.intro ? <p>{document.intro}</p> : null}
        {document.sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`legal-${index}`}>
            <h2 id={`legal-${index}`}>
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        <section aria-labelledby="legal-contact">
          <h2 id="legal-contact">Contact</h2>
          <p>
            Questions about this document: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </p>
        </section>
        {document.related.length > 0 ? (
          <nav aria-label="Related documents" className="prose__related">
            <h2>Related documents</h2>
            <ul>
              {document.related.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </PageShell>
  );
}
