import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';
import { CALENDAR_LOAD_LOOK, Section } from './calendar-section.tsx';
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
  const query = useQuery({
    queryKey: queryKeys.calendar.feed,
    queryFn: async () => (await api.bookings.getCalendarFeed()).icalFeedUrl,
  });
  if (query.data === undefined || query.isError) {
    return <QueryLoadStatus query={query} {...CALENDAR_LOAD_LOOK} />;
  }
  return (
    <div className="calendar-settings">
      <FeedSection url={query.data} />
    </div>
  );
}
