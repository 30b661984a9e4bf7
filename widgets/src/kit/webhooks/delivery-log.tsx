import type { WebhooksApi } from '@fm/sdk';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_OPERATIONS,
  WEBHOOK_TEXT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@fm/sdk/contracts';
import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../format/format.ts';
import { LoadStatus } from '../load-status/load-status.tsx';
import { toast } from '../toasts.tsx';
import { DELIVERY_TONES, readablePayload } from './webhook-input.ts';

export interface DeliveryLogProps {
  endpointId: string;
  deliveries: WebhooksApi['deliveries'];
  replay: WebhooksApi['replay'];
  failureText: (error: unknown, fallback: string) => string;
  /** The zone times show in (rule 20: the user's); the viewer's zone when not given. */
  timeZone?: string | undefined;
  /** Changes when the owner knows of a new delivery (a test event sent): the log reads again. */
  refreshKey?: number;
  /** A delivery shown open from the start (a story). */
  initiallyExpanded?: string;
}

/** How soon the log reads again while a delivery is about to be tried. */
const PENDING_REFRESH_MS = 2_000;
const DUE_SOON_MS = 60_000;
/** Due within a minute, or overdue by less than one (a stopped worker is not polled for ever). */
const isDueSoon = (nextAttemptAt: string | null) =>
  nextAttemptAt !== null && Math.abs(Date.parse(nextAttemptAt) - Date.now()) <= DUE_SOON_MS;

interface LogState {
  rows: WebhookDelivery[] | undefined;
  nextCursor: string | null;
  error: string | null;
}

/**
 * An endpoint's deliveries of the last 30 days, newest first: time (in the user's zone), event,
 * status, the receiver's response code and the attempts; a row opens to the exact payload and
 * each attempt; Replay sends one again with the same `webhook-id`. Filtered by status, read 20 at
 * a time with Load more.
 *
 * @example
 * <DeliveryLog endpointId={endpoint.id} deliveries={webhooks.deliveries} replay={webhooks.replay}
 *   failureText={serverMessageOr} timeZone={zone} />
 */
export function DeliveryLog(props: DeliveryLogProps) {
  const id = useId();
  const { endpointId, deliveries } = props;
  const failureRef = useRef(props.failureText);
  failureRef.current = props.failureText;
  const failureText = useCallback(
    (error: unknown, fallback: string) => failureRef.current(error, fallback),
    [],
  );
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [log, setLog] = useState<LogState>({ rows: undefined, nextCursor: null, error: null });
  const [reads, setReads] = useState(0);
  const [more, setMore] = useState(false);
  const [paged, setPaged] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(props.initiallyExpanded ?? null);
  const [replaying, setReplaying] = useState<string | null>(null);

  const query = useCallback(
    (before?: string) =>
      deliveries(endpointId, { ...(status ? { status } : {}), ...(before ? { before } : {}) }),
    [deliveries, endpointId, status],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: reads and refreshKey ask for a new read
  useEffect(() => {
    let current = true;
    setLog((state) => ({ ...state, error: null }));
    query().then(
      (page) => {
        if (!current) return;
        setLog({ rows: page.data, nextCursor: page.nextCursor, error: null });
        setPaged(false);
      },
      (error: unknown) => {
        if (current) {
          setLog({
            rows: undefined,
            nextCursor: null,
            error: failureText(error, WEBHOOK_OPERATIONS.fetchWebhookDeliveries),
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [query, reads, props.refreshKey]);

  // A delivery about to be tried shows its outcome without a reload: the first page is read again
  // while one is due about now (not when more pages were added, which a read would drop).
  const dueSoon =
    log.rows !== undefined &&
    !paged &&
    log.rows.some((d) => d.status === 'pending' && isDueSoon(d.nextAttemptAt));
  // biome-ignore lint/correctness/useExhaustiveDependencies: each read arms the next
  useEffect(() => {
    if (!dueSoon) return;
    const timer = setTimeout(() => setReads((n) => n + 1), PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [dueSoon, log]);

  const loadMore = async () => {
    if (!log.nextCursor) return;
    setMore(true);
    try {
      const page = await query(log.nextCursor);
      setPaged(true);
      setLog((state) => ({
        rows: [...(state.rows ?? []), ...page.data],
        nextCursor: page.nextCursor,
        error: null,
      }));
    } catch (error) {
      toast.error(failureText(error, WEBHOOK_OPERATIONS.fetchWebhookDeliveries));
    } finally {
      setMore(false);
    }
  };

  const replay = async (delivery: WebhookDelivery) => {
    setReplaying(delivery.id);
    try {
      await props.replay(delivery.id);
      toast.success(WEBHOOK_TEXT.replayed);
      setReads((n) => n + 1);
    } catch (error) {
      toast.error(failureText(error, WEBHOOK_OPERATIONS.replayWebhookDelivery));
    } finally {
      setReplaying(null);
    }
  };

  const time = (iso: string | null) => formatDateTime(iso, props.timeZone);
  const rows = log.rows;

  return (
    <div className="webhook-log">
      <div className="webhook-log__tools">
        <label className="webhook-log__filter" htmlFor={`${id}-status`}>
          {WEBHOOK_TEXT.status}
          <select
            id={`${id}-status`}
            className="field__input field__select"
            value={status}
            onChange={(e) => {
              setStatus(WEBHOOK_DELIVERY_STATUSES.find((s) => s === e.target.value) ?? '');
              setExpanded(null);
            }}
          >
            <option value="">{WEBHOOK_TEXT.allStatuses}</option>
            {WEBHOOK_DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {WEBHOOK_TEXT.statuses[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadStatus
        pending={rows === undefined}
        error={log.error}
        onRetry={() => setReads((n) => n + 1)}
        loadingText={WEBHOOK_TEXT.loading}
      />
      {rows !== undefined && rows.length === 0 ? (
        <p className="webhook-log__empty">{WEBHOOK_TEXT.noDeliveries}</p>
      ) : null}
      {rows !== undefined && rows.length > 0 ? (
        <div className="kit-table__scroll webhook-log__scroll">
          <table className="kit-table webhook-log__table">
            <caption className="visually-hidden">{WEBHOOK_TEXT.deliveries}</caption>
            <thead>
              <tr>
                <th scope="col">{WEBHOOK_TEXT.time}</th>
                <th scope="col">{WEBHOOK_TEXT.event}</th>
                <th scope="col">{WEBHOOK_TEXT.status}</th>
                <th scope="col" className="kit-table__numeric">
                  {WEBHOOK_TEXT.responseCode}
                </th>
                <th scope="col" className="kit-table__numeric">
                  {WEBHOOK_TEXT.attempts}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{WEBHOOK_TEXT.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((delivery) => {
                const open = expanded === delivery.id;
                const detailsId = `${id}-${delivery.id}`;
                return (
                  <Fragment key={delivery.id}>
                    <tr className="webhook-log__row" data-delivery-id={delivery.id}>
                      <td className="webhook-log__time">{time(delivery.createdAt)}</td>
                      <td className="webhook-log__event">
                        <code>{delivery.eventType}</code>
                      </td>
                      <td className="webhook-log__status">
                        <span
                          className={`kit-status kit-status--${DELIVERY_TONES[delivery.status]}`}
                        >
                          {WEBHOOK_TEXT.statuses[delivery.status]}
                        </span>
                      </td>
                      <td
                        className="kit-table__numeric webhook-log__labelled"
                        data-label={WEBHOOK_TEXT.responseCode}
                      >
                        {delivery.responseStatus ?? '—'}
                      </td>
                      <td
                        className="kit-table__numeric webhook-log__labelled"
                        data-label={WEBHOOK_TEXT.attempts}
                      >
                        {delivery.attempts}
                      </td>
                      <td className="webhook-log__actions-cell">
                        <div className="webhook-log__actions">
                          <button
                            type="button"
                            className="button button--ghost"
                            aria-expanded={open}
                            aria-controls={open ? detailsId : undefined}
                            onClick={() => setExpanded(open ? null : delivery.id)}
                          >
                            {WEBHOOK_TEXT.details}
                          </button>
                          <button
                            type="button"
                            className="button button--ghost"
                            disabled={replaying !== null}
                            aria-busy={replaying === delivery.id}
                            onClick={() => void replay(delivery)}
                          >
                            {WEBHOOK_TEXT.replay}
                          </button>
                        </div>
                      </td>
                    </tr>
                    {open ? (
                      <tr className="webhook-log__details-row">
                        <td colSpan={6} id={detailsId}>
                          <DeliveryDetails delivery={delivery} time={time} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {log.nextCursor ? (
        <button
          type="button"
          className="button button--ghost webhook-log__more"
          disabled={more}
          aria-busy={more}
          onClick={() => void loadMore()}
        >
          {WEBHOOK_TEXT.loadMore}
        </button>
      ) : null}
    </div>
  );
}

/**
 * One delivery opened: its exact body and every attempt (time, answer, how long it took).
 *
 * @example
 * <DeliveryDetails delivery={delivery} time={(iso) => formatDateTime(iso, zone)} />
 */
export function DeliveryDetails({
  delivery,
  time,
}: {
  delivery: WebhookDelivery;
  time: (iso: string | null) => string;
}) {
  return (
    <div className="webhook-log__details">
      <p className="webhook-log__id">
        <code>{delivery.id}</code>
      </p>
      {delivery.status === 'pending' && delivery.nextAttemptAt ? (
        <p>
          {WEBHOOK_TEXT.nextAttempt}: {time(delivery.nextAttemptAt)}
        </p>
      ) : null}
      <dl className="webhook-log__facts">
        <dt>{WEBHOOK_TEXT.payload}</dt>
        <dd>
          <pre className="webhook-log__payload">{readablePayload(delivery.payload)}</pre>
        </dd>
        <dt>{WEBHOOK_TEXT.attemptLog}</dt>
        <dd>
          {delivery.attemptLog.length === 0 ? (
            '—'
          ) : (
            <ol className="webhook-log__attempts">
              {delivery.attemptLog.map((attempt) => (
                <li key={attempt.at}>
                  <span>{time(attempt.at)}</span>{' '}
                  <strong>{attempt.responseStatus ?? WEBHOOK_TEXT.noResponse}</strong>{' '}
                  <span>({attempt.durationMs} ms)</span>
                  {attempt.response ? (
                    <pre className="webhook-log__response">{attempt.response}</pre>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </dd>
      </dl>
    </div>
  );
}
