import {
  ACTIVE_CONSULTANTS_CLAIM,
  MINUTES_PER_RATE_UNIT,
  REFERRAL_INVITES_FOR_PREMIUM,
} from '@fm/sdk/contracts';
import { Link } from 'react-router';
import { ROLE_CHOICE_TEXT, RoleChoiceLink } from '../../layout/role-choice-link.tsx';
import { usePageTitle } from '../../shared/page-title.ts';
import { LANDING_SECTIONS, landingSectionPath } from '../../shared/paths.ts';
import { FAQS, FEATURES, HOW_IT_WORKS } from './landing-content.ts';

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
    <section
      className="section"
      id={LANDING_SECTIONS.howItWorks}
      aria-labelledby="how-it-works-title"
    >
      <h2 className="section__title" id="how-it-works-title">
        How It Works
      </h2>
      <div className="steps-columns">
        <StepList title="For franchisors" steps={HOW_IT_WORKS.franchisor} />
        <StepList title="For consultants" steps={HOW_IT_WORKS.consultant} />
      </div>
    </section>
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
    <section
      className="section section--tinted"
      id={LANDING_SECTIONS.findYourRole}
      aria-labelledby="find-your-role-title"
    >
      <h2 className="section__title" id="find-your-role-title">
        Find Your Role
      </h2>
      <div className="role-cards">
        <article className="role-card">
          <h3 className="role-card__title">{ROLE_CHOICE_TEXT.franchisor}</h3>
          <p>
            Reach {ACTIVE_CONSULTANTS_CLAIM} active consultants who place candidates with franchise
            brands like yours, and book time with the ones who fit.
          </p>
          <RoleChoiceLink accountRole="franchisor" className="button button--primary">
            {ROLE_CHOICE_TEXT.franchisor}
          </RoleChoiceLink>
        </article>
        <article className="role-card">
          <h3 className="role-card__title">{ROLE_CHOICE_TEXT.consultant}</h3>
          <p>
            Get paid for your time with franchise brands, set your own rate and hours, and pay no
            monthly fee.
          </p>
          <RoleChoiceLink accountRole="consultant" className="button button--primary">
            {ROLE_CHOICE_TEXT.consultant}
          </RoleChoiceLink>
        </article>
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
    </section>
  );
}

function Features() {
  return (
    <section className="section" id={LANDING_SECTIONS.features} aria-labelledby="features-title">
      <h2 className="section__title" id="features-title">
        Features
      </h2>
      <ul className="feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="feature">
            <h3 className="feature__title">{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Faqs() {
  return (
    <section
      className="section section--tinted"
      id={LANDING_SECTIONS.faqs}
      aria-labelledby="faqs-title"
    >
      <h2 className="section__title" id="faqs-title">
        FAQs
      </h2>
      <div className="faqs">
        {FAQS.map((faq) => (
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
    </section>
  );
}
