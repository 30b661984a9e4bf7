import {
  ACTIVE_CONSULTANTS_CLAIM,
  MINUTES_PER_RATE_UNIT,
  REFERRAL_INVITES_FOR_PREMIUM,
  type SignUpRole,
} from '@fm/sdk/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROLE_CHOICE_TEXT, RoleChoiceLink } from '../../layout/role-choice-link.tsx';
import { usePageTitle } from '../../shared/page-title.ts';
import {
  LANDING_SECTIONS,
  type LandingSection as LandingSectionId,
  landingSectionPath,
} from '../../shared/paths.ts';
import { FEATURES, faqs, HOW_IT_WORKS } from './landing-content.ts';

/** `/`: the public landing page (user-area §1, §2). */
export function LandingPage() {
  usePageTitle(null);
  return (
    <div className="landing">
      <BookingBanner />
      <Hero />
      <HowItWorks />
      <FindYourRole />
      <Features />
      <Faqs />
    </div>
  );
}

function BookingBanner() {
  return (
    <aside className="banner" aria-label="Announcement">
      <span className="banner__tag">New</span>
      <p className="banner__text">
        <strong>Improved booking system:</strong> pick a day, your time zone and an open slot, and
        the meeting is booked.
      </p>
    </aside>
  );
}

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <h1 className="hero__title" id="hero-title">
          Where franchise brands meet franchise consultants
        </h1>
        <p className="hero__lead">
          Find the right consultant, book a paid video meeting by the {MINUTES_PER_RATE_UNIT}{' '}
          minutes, and pay only after the meeting is confirmed.
        </p>
        <div className="hero__actions">
          <RoleChoiceLink
            accountRole="franchisor"
            className="button button--primary button--large"
          />
          <RoleChoiceLink
            accountRole="consultant"
            className="button button--secondary button--large"
          />
        </div>
        <p className="hero__claim">
          <strong>{ACTIVE_CONSULTANTS_CLAIM}</strong> active consultants
        </p>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <LandingSection id={LANDING_SECTIONS.howItWorks} title="How It Works">
      <div className="steps-columns">
        <StepList title="For franchisors" steps={HOW_IT_WORKS.franchisor} />
        <StepList title="For consultants" steps={HOW_IT_WORKS.consultant} />
      </div>
    </LandingSection>
  );
}

function StepList({
  title,
  steps,
}: {
  title: string;
  steps: readonly { title: string; text: string }[];
}) {
  return (
    <div className="steps">
      <h3 className="steps__title">{title}</h3>
      <ol className="steps__list">
        {steps.map((step) => (
          <li key={step.title} className="steps__item">
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function FindYourRole() {
  return (
    <LandingSection id={LANDING_SECTIONS.findYourRole} title="Find Your Role" tinted>
      <div className="role-cards">
        <RoleCard accountRole="franchisor">
          Reach {ACTIVE_CONSULTANTS_CLAIM} active consultants who place candidates with franchise
          brands like yours, and book time with the ones who fit.
        </RoleCard>
        <RoleCard accountRole="consultant">
          Get paid for your time with franchise brands, set your own rate and hours, and pay no
          monthly fee.
        </RoleCard>
      </div>
      <aside className="promo" aria-label="Consultant referral">
        <p className="promo__title">
          Invite {REFERRAL_INVITES_FOR_PREMIUM} fellow consultants, unlock premium profile
          visibility
        </p>
        <RoleChoiceLink accountRole="consultant" className="button button--secondary">
          Join as a consultant
        </RoleChoiceLink>
      </aside>
    </LandingSection>
  );
}

function Features() {
  return (
    <LandingSection id={LANDING_SECTIONS.features} title="Features">
      <ul className="feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="feature">
            <h3 className="feature__title">{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

function Faqs() {
  return (
    <LandingSection id={LANDING_SECTIONS.faqs} title="FAQs" tinted>
      <div className="faqs">
        {faqs().map((faq) => (
          <details key={faq.question} className="faq">
            <summary className="faq__question">{faq.question}</summary>
            <p className="faq__answer">{faq.answer}</p>
          </details>
        ))}
      </div>
      <p className="section__footnote">
        More questions?{' '}
        <Link to={landingSectionPath(LANDING_SECTIONS.howItWorks)}>See how it works</Link> or write
        to us from the footer.
      </p>
    </LandingSection>
  );
}

/** A section of the landing page under its heading; tinted ones alternate with plain ones. */
function LandingSection({
  id,
  title,
  tinted = false,
  children,
}: {
  id: LandingSectionId;
  title: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section
      className={tinted ? 'section section--tinted' : 'section'}
      id={id}
      aria-labelledby={titleId}
    >
      <h2 className="section__title" id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A role to sign up as: what it offers, and the sign-up link named after the role. */
function RoleCard({ accountRole, children }: { accountRole: SignUpRole; children: ReactNode }) {
  return (
    <article className="role-card">
      <h3 className="role-card__title">{ROLE_CHOICE_TEXT[accountRole]}</h3>
      <p>{children}</p>
      <RoleChoiceLink accountRole={accountRole} className="button button--primary">
        {ROLE_CHOICE_TEXT[accountRole]}
      </RoleChoiceLink>
    </article>
  );
}
