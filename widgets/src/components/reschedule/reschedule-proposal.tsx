import { RESCHEDULE_TEXT, type RescheduleRequest } from '@fm/sdk/contracts';
import styles from './reschedule.css?inline';
import { proposedTime } from './reschedule-format.ts';

export interface RescheduleProposalProps {
  /** The meeting's open proposal. */
  request: RescheduleRequest;
  /** Which side the viewer is on: the other side answers, the proposer waits. */
  viewer: 'consultant' | 'franchisor';
  timeZone: string;
  onAccept: (start: string) => void;
  onDecline: () => void;
  /** While an answer is being sent. */
  busy?: boolean;
}

/**
 * An open proposal of new times (rule 20): the other side sees "Accept" beside each time and
 * "Decline"; the side that proposed sees the times and that it waits.
 *
 * @example
 * <RescheduleProposal request={open} viewer="consultant" timeZone={zone}
 *   onAccept={(start) => accept(open.id, start)} onDecline={() => decline(open.id)} />
 */
export function RescheduleProposal(props: RescheduleProposalProps) {
  const { request, timeZone, busy = false } = props;
  const answering = request.proposedBy !== props.viewer;
  return (
    <section
      className="reschedule__panel"
      aria-labelledby="reschedule-proposal-title"
      data-testid="reschedule-proposal"
    >
      <style>{styles}</style>
      <h2 className="reschedule__panel-title" id="reschedule-proposal-title">
        {RESCHEDULE_TEXT.openTitle}
      </h2>
      <ul className="reschedule__times">
        {request.starts.map((start) => (
          <li key={start}>
            <span>{proposedTime(start, timeZone)}</span>
            {answering ? (
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                aria-label={`${RESCHEDULE_TEXT.accept} ${proposedTime(start, timeZone)}`}
                onClick={() => props.onAccept(start)}
              >
                {RESCHEDULE_TEXT.accept}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {answering ? (
        <div className="meeting-card__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={props.onDecline}
          >
            {RESCHEDULE_TEXT.decline}
          </button>
        </div>
      ) : (
        <p className="reschedule__meta" role="status">
          {RESCHEDULE_TEXT.waiting}
        </p>
      )}
    </section>
  );
}

export interface RescheduleHistoryListProps {
  requests: readonly RescheduleRequest[];
  timeZone?: string | undefined;
}

/**
 * A meeting's proposals, newest first: who proposed which times, and the answer (the admin's
 * booking detail and the meeting page).
 *
 * @example <RescheduleHistoryList requests={history.data} timeZone="UTC" />
 */
export function RescheduleHistoryList({ requests, timeZone = 'UTC' }: RescheduleHistoryListProps) {
  if (requests.length === 0) return <p className="reschedule__meta">{RESCHEDULE_TEXT.noHistory}</p>;
  return (
    <ul className="reschedule__history" data-testid="reschedule-history">
      <style>{styles}</style>
      {requests.map((r) => (
        <li key={r.id}>
          <span>
            {RESCHEDULE_TEXT.proposedBy[r.proposedBy]} · {proposedTime(r.createdAt, timeZone)}
            <br />
            <span className="reschedule__meta">
              {r.starts.map((s) => proposedTime(s, timeZone)).join(' / ')}
            </span>
          </span>
          <span>
            {RESCHEDULE_TEXT.statusLabels[r.status]}
            {r.acceptedStart ? ` → ${proposedTime(r.acceptedStart, timeZone)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
