import { UI_TEXT } from '@fm/sdk/contracts';
import { type MouseEvent, useId } from 'react';
import type { WidgetTheme } from '../../theme.ts';
import styles from './restricted-action.css?inline';
import { RESTRICTED_ACTION_TEXT } from './restricted-action-text.ts';

export interface StartBookingCallsBannerProps {
  /** Where Activate Your Subscription leads: the portal's `/my-profile/subscription`. */
  activateHref: string;
  /** Called instead of following the link when given (e.g. a client-side navigation). */
  onActivate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  theme?: WidgetTheme | undefined;
  /** The title's heading level (2 by default). */
  headingLevel?: 2 | 3 | undefined;
  /** The banner's text under the title. */
  message?: string | undefined;
}

/**
 * The Start Booking Calls banner (user-area §2) with the Activate Your Subscription button, for a
 * franchisor whose subscription is not active or trialing.
 *
 * @example
 * {prompts.banner && <StartBookingCallsBanner activateHref="/my-profile/subscription" />}
 */
export function StartBookingCallsBanner({
  activateHref,
  onActivate,
  theme = 'light',
  headingLevel = 2,
  message = RESTRICTED_ACTION_TEXT.bannerText,
}: StartBookingCallsBannerProps) {
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="fm-ui fm-banner" data-theme={theme} aria-labelledby={titleId}>
      <style>{styles}</style>
      <div className="fm-banner__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm12 8v10H5V10h14Z" />
        </svg>
      </div>
      <div className="fm-banner__body">
        <Heading className="fm-banner__title" id={titleId}>
          {UI_TEXT.startBookingCalls}
        </Heading>
        <p className="fm-banner__text">{message}</p>
      </div>
      <a
        className="fm-btn fm-btn--primary fm-banner__action"
        href={activateHref}
        onClick={onActivate}
      >
        {UI_TEXT.activateYourSubscription}
      </a>
    </section>
  );
}
