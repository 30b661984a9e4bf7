import { isApiError } from '@fm/sdk';
import { GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import type { Load } from './calendar-load.ts';
import { Section } from './calendar-section.tsx';
import { CALENDAR_TEXT } from './calendar-text.ts';
import { FeedLinkReset } from './feed-link-reset.tsx';

/** The private iCalendar feed's address, with a copy button. */
export function FeedSection({ url: shown }: { url: string }) {
  const [url, setUrl] = useState(shown);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(CALENDAR_TEXT.copied);
    } catch {
      toast.error(CALENDAR_TEXT.copyFailed);
    }
  };
  return (
    <Section title={CALENDAR_TEXT.feed} lead={CALENDAR_TEXT.feedLead}>
      <div className="calendar-feed">
        <label className="visually-hidden" htmlFor={id}>
          {CALENDAR_TEXT.feedLabel}
        </label>
        <input
          id={id}
          className="field__input calendar-feed__url"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {CALENDAR_TEXT.copy}
        </button>
        <FeedLinkReset onReset={setUrl} />
      </div>
    </Section>
  );
}

/** A franchisor's calendar page: only their private feed of meetings. */
export function FeedOnly() {
  const [state, setState] = useState<Load<string>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    api.bookings.getCalendarFeed().then(
      ({ icalFeedUrl }) => current && setState({ status: 'ready', data: icalFeedUrl }),
      (error: unknown) =>
        current &&
        setState({
          status: 'error',
          message: isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong,
        }),
    );
    return () => {
      current = false;
    };
  }, []);
  if (state.status === 'loading') {
    return (
      <p className="page__status" role="status">
        {CALENDAR_TEXT.loading}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="meetings__notice" role="alert">
        {state.message}
      </p>
    );
  }
  return (
    <div className="calendar-settings">
      <FeedSection url={state.data} />
    </div>
  );
}
