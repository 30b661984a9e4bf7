import { type MouseEvent, useLayoutEffect, useMemo, useRef } from 'react';
import { ListAvatar } from '../list-kit/avatar.tsx';
import type { AttachmentLoader } from './attachment-loader.ts';
import { participantInitials, participantName } from './chat-format.ts';
import { CHAT_TEXT } from './chat-text.ts';
import { ComposerView, type ComposerViewProps } from './composer-view.tsx';
// The conversation's own rules arrive with it (chat.css, the frame's, is already on the page).
import styles from './conversation.css?inline';
import { type ConversationState, timeline } from './conversation-state.ts';
import { CONVERSATION_TEXT } from './conversation-text.ts';
import { groupByDay } from './day-groups.ts';
import { MessageBubble } from './message-bubble.tsx';

export interface ConversationViewProps {
  state: ConversationState;
  selfId: string;
  /** The composer's state and handlers. */
  composer: Omit<ComposerViewProps, 'disabled'>;
  /** The other participant's public profile, or null when there is none to link. */
  profileHref: string | null;
  onProfileLink?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** "Back to conversations" (the one-pane layout). */
  backHref?: string | null | undefined;
  onBack?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  onLoadEarlier: () => void;
  onRetryLoad?: (() => void) | undefined;
  onRetrySend?: ((key: string) => void) | undefined;
  onDiscard?: ((key: string) => void) | undefined;
  /** Fetches attachments with the user's credentials. */
  attachments: AttachmentLoader;
  now: number;
  timeZone: string;
}

/** Within this many pixels of the bottom, new messages keep the log scrolled to the bottom. */
const STICK_TO_BOTTOM_PX = 80;

/**
 * Keeps the message log where the reader expects it: at the bottom when it opens and when a
 * message arrives while the reader is at the bottom (or sent it), and in place when earlier
 * messages are added above.
 */
function useLogScroll(keys: readonly string[], lastIsOwn: boolean, shown: boolean) {
  const log = useRef<HTMLDivElement>(null);
  const fromBottom = useRef(0);
  const previous = useRef<{ first: string | null; last: string | null }>({
    first: null,
    last: null,
  });
  const first = keys[0] ?? null;
  const last = keys[keys.length - 1] ?? null;

  useLayoutEffect(() => {
    const element = log.current;
    const before = previous.current;
    previous.current = { first, last };
    if (!element || (before.first === first && before.last === last)) return;
    const bottom = element.scrollHeight - element.clientHeight;
    if (before.last === null) {
      element.scrollTop = bottom;
    } else if (before.first !== first && before.last === last) {
      // Earlier messages were added above: keep what the reader was looking at.
      element.scrollTop = bottom - fromBottom.current;
    } else if (before.last !== last && (lastIsOwn || fromBottom.current <= STICK_TO_BOTTOM_PX)) {
      element.scrollTop = bottom;
    }
    fromBottom.current = element.scrollHeight - element.clientHeight - element.scrollTop;
  }, [first, last, lastIsOwn]);

  // Images that load after the log was scrolled make it taller: a reader at the bottom stays there.
  const content = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the log is rendered again after an error
  useLayoutEffect(() => {
    const element = log.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (fromBottom.current <= STICK_TO_BOTTOM_PX) {
        element.scrollTop = element.scrollHeight - element.clientHeight;
        fromBottom.current = 0;
      }
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, [shown]);

  const onScroll = () => {
    const element = log.current;
    if (element) {
      fromBottom.current = element.scrollHeight - element.clientHeight - element.scrollTop;
    }
  };
  return { log, content, onScroll };
}

/**
 * One conversation: a header with the other participant (photo, name, company, a link to their
 * public profile), the messages in a `role="log"` region under day separators with "Load earlier
 * messages" at the top, and the composer.
 *
 * @example
 * <ConversationView state={state} selfId={me} composer={composerProps} profileHref="/consultants/u2"
 *   onLoadEarlier={loadEarlier} now={Date.now()} timeZone="America/New_York" />
 */
export function ConversationView({
  state,
  selfId,
  composer,
  profileHref,
  onProfileLink,
  backHref,
  onBack,
  onLoadEarlier,
  onRetryLoad,
  onRetrySend,
  onDiscard,
  attachments,
  now,
  timeZone,
}: ConversationViewProps) {
  const entries = useMemo(() => timeline(state, selfId), [state, selfId]);
  const groups = useMemo(() => groupByDay(entries, timeZone, now), [entries, timeZone, now]);
  const keys = useMemo(() => entries.map((e) => e.key), [entries]);
  const { log, content, onScroll } = useLogScroll(
    keys,
    entries[entries.length - 1]?.own ?? false,
    state.status !== 'error',
  );
  const participant = state.chat?.participant ?? null;
  const name = participant ? participantName(participant) : '';

  return (
    <>
      <style>{styles}</style>
      <section
        className="fm-conversation"
        aria-label={
          participant ? CONVERSATION_TEXT.log(name) : CONVERSATION_TEXT.loadingConversation
        }
        data-status={state.status}
      >
        <header className="fm-conversation__header">
          {backHref ? (
            <a className="fm-icon-btn fm-conversation__back" href={backHref} onClick={onBack}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M15.4 5 9 11.5l6.4 6.5-1.4 1.4-7.8-7.9L14 3.6 15.4 5Z" />
              </svg>
              <span className="fm-visually-hidden">{CONVERSATION_TEXT.back}</span>
            </a>
          ) : null}
          {participant ? (
            <>
              <ListAvatar
                src={participant.photo}
                alt={name}
                fallback={participantInitials(participant)}
              />
              <div className="fm-conversation__who">
                <h2 className="fm-conversation__name">{name}</h2>
                {participant.company ? (
                  <p className="fm-conversation__company">{participant.company}</p>
                ) : null}
              </div>
              {profileHref ? (
                <a
                  className="fm-btn fm-conversation__profile"
                  href={profileHref}
                  onClick={onProfileLink}
                >
                  {CONVERSATION_TEXT.viewProfile}
                  <span className="fm-visually-hidden"> {name}</span>
                </a>
              ) : null}
            </>
          ) : (
            <div className="fm-conversation__who" aria-hidden="true">
              <span className="fm-chat-skeleton fm-chat-skeleton--line" />
            </div>
          )}
        </header>

        {state.status === 'error' ? (
          <div className="fm-chat-notice fm-conversation__body" role="alert">
            <p>{state.error?.status === 404 ? CONVERSATION_TEXT.notFound : state.error?.message}</p>
            {state.error?.status !== 404 && onRetryLoad ? (
              <button type="button" className="fm-btn" onClick={onRetryLoad}>
                {CHAT_TEXT.retry}
              </button>
            ) : null}
          </div>
        ) : (
          <div
            ref={log}
            className="fm-conversation__log"
            role="log"
            aria-live="polite"
            aria-relevant="additions"
            aria-label={
              participant ? CONVERSATION_TEXT.log(name) : CONVERSATION_TEXT.loadingConversation
            }
            aria-busy={state.status === 'loading'}
            // The log scrolls: keyboard users need to reach it.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
            tabIndex={0}
            onScroll={onScroll}
          >
            <div ref={content}>
              {state.status === 'loading' ? (
                <p className="fm-chat-notice" role="status">
                  {CONVERSATION_TEXT.loadingConversation}
                </p>
              ) : null}
              {state.status === 'ready' && state.nextCursor !== null ? (
                <div className="fm-conversation__earlier">
                  <button
                    type="button"
                    className="fm-btn"
                    onClick={onLoadEarlier}
                    disabled={state.earlier.status === 'loading'}
                    aria-busy={state.earlier.status === 'loading'}
                  >
                    {state.earlier.status === 'loading'
                      ? CONVERSATION_TEXT.loadingEarlier
                      : CONVERSATION_TEXT.loadEarlier}
                  </button>
                  {state.earlier.status === 'error' ? (
                    <p className="fm-chat-error" role="alert">
                      {state.earlier.error}
                    </p>
                  ) : null}
                </div>
              ) : null}
              {state.status === 'ready' && entries.length === 0 ? (
                <p className="fm-chat-notice">{CONVERSATION_TEXT.emptyConversation}</p>
              ) : null}
              {groups.map((group) => (
                <div className="fm-conversation__day" key={group.day}>
                  <p className="fm-conversation__separator">
                    <span>{group.label}</span>
                  </p>
                  {group.items.map(({ item, startsRun }) => (
                    <MessageBubble
                      key={item.key}
                      entry={item}
                      startsRun={startsRun}
                      senderName={name}
                      timeZone={timeZone}
                      attachments={attachments}
                      onRetry={onRetrySend}
                      onDiscard={onDiscard}
                    />
                  ))}
                </div>
              ))}
            </div>
          </div>
        )}
        <ComposerView {...composer} disabled={state.status !== 'ready'} />
      </section>
    </>
  );
}
