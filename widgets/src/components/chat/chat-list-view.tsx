import type { ChatSummary } from '@fm/sdk/contracts';
import { type MouseEvent, useId } from 'react';
import { ListAvatar } from '../list-kit/avatar.tsx';
import {
  formatListTime,
  formatMessageDateTime,
  messagePreview,
  participantInitials,
  participantName,
} from './chat-format.ts';
import { filterChats } from './chat-list-state.ts';
import { CHAT_TEXT } from './chat-text.ts';

/** What the chat list shows: loading, a failure's text, or the loaded chats. */
export type ChatListViewState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      chats: readonly ChatSummary[];
      /** More chats than loaded: a "Show more" button. */
      hasMore?: boolean | undefined;
      loadingMore?: boolean | undefined;
    };

export interface ChatListViewProps {
  state: ChatListViewState;
  selfId: string;
  /** The chat shown beside the list (marked as current). */
  selectedChatId: string | null;
  query: string;
  onQuery: (query: string) => void;
  /** The address of a chat (a real link: opens in a new tab with a modifier key). */
  chatHref: (chatId: string) => string;
  /** Called on a plain click instead of following the link (client-side navigation). */
  onSelect?: ((chatId: string, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  onRetry?: (() => void) | undefined;
  onMore?: (() => void) | undefined;
  /** The clock and zone for times (stories and tests pass fixed ones). */
  now: number;
  timeZone: string;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}

/**
 * The chat list: a search by name over the loaded chats and one link per chat with the other
 * participant's photo (or initials), name, company, the last message and its time, and the unread
 * count. Each link's accessible name says all of it in one sentence.
 *
 * @example
 * <ChatListView state={{ status: 'ready', chats }} selfId={me} selectedChatId={null} query=""
 *   onQuery={setQuery} chatHref={(id) => `/chats/${id}`} now={Date.now()} timeZone="America/New_York" />
 */
export function ChatListView({
  state,
  selfId,
  selectedChatId,
  query,
  onQuery,
  chatHref,
  onSelect,
  onRetry,
  onMore,
  now,
  timeZone,
}: ChatListViewProps) {
  const searchId = useId();
  const shown = state.status === 'ready' ? filterChats(state.chats, query) : [];
  return (
    <section className="fm-chat-list" aria-labelledby={`${searchId}-title`}>
      <div className="fm-chat-list__top">
        <h2 className="fm-chat-list__title" id={`${searchId}-title`}>
          {CHAT_TEXT.title}
        </h2>
        <label className="fm-visually-hidden" htmlFor={searchId}>
          {CHAT_TEXT.search}
        </label>
        <input
          id={searchId}
          className="fm-chat-list__search"
          type="search"
          autoComplete="off"
          placeholder={CHAT_TEXT.searchPlaceholder}
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          disabled={state.status !== 'ready'}
        />
      </div>
      {state.status === 'loading' ? (
        <div className="fm-chat-list__body" aria-busy="true">
          <p className="fm-visually-hidden" role="status">
            {CHAT_TEXT.loadingChats}
          </p>
          {[0, 1, 2, 3].map((n) => (
            <div className="fm-chat-row fm-chat-row--skeleton" key={n} aria-hidden="true">
              <span className="fm-chat-skeleton fm-chat-skeleton--avatar" />
              <span className="fm-chat-row__main">
                <span className="fm-chat-skeleton fm-chat-skeleton--line" />
                <span className="fm-chat-skeleton fm-chat-skeleton--short" />
              </span>
            </div>
          ))}
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div className="fm-chat-notice" role="alert">
          <p>{state.message}</p>
          {onRetry ? (
            <button type="button" className="fm-btn" onClick={onRetry}>
              {CHAT_TEXT.retry}
            </button>
          ) : null}
        </div>
      ) : null}
      {state.status === 'ready' && state.chats.length === 0 ? (
        <div className="fm-chat-notice">
          <p className="fm-chat-notice__title">{CHAT_TEXT.noChats}</p>
          <p>{CHAT_TEXT.noChatsHint}</p>
        </div>
      ) : null}
      {state.status === 'ready' && state.chats.length > 0 && shown.length === 0 ? (
        <p className="fm-chat-notice" role="status">
          {CHAT_TEXT.noMatches(query.trim())}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <nav className="fm-chat-list__body" aria-label={CHAT_TEXT.chats}>
          <ul className="fm-chat-list__items">
            {shown.map((chat) => (
              <li key={chat.id}>
                <ChatRow
                  chat={chat}
                  selfId={selfId}
                  current={chat.id === selectedChatId}
                  href={chatHref(chat.id)}
                  onClick={
                    onSelect
                      ? (event) => {
                          if (!isPlainClick(event)) return;
                          onSelect(chat.id, event);
                        }
                      : undefined
                  }
                  now={now}
                  timeZone={timeZone}
                />
              </li>
            ))}
          </ul>
          {state.status === 'ready' && state.hasMore && onMore ? (
            <button
              type="button"
              className="fm-btn fm-chat-list__more"
              onClick={onMore}
              disabled={state.loadingMore}
              aria-busy={state.loadingMore}
            >
              {CHAT_TEXT.moreChats}
            </button>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function ChatRow({
  chat,
  selfId,
  current,
  href,
  onClick,
  now,
  timeZone,
}: {
  chat: ChatSummary;
  selfId: string;
  current: boolean;
  href: string;
  onClick?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  now: number;
  timeZone: string;
}) {
  const name = participantName(chat.participant);
  const last = chat.lastMessage;
  const preview = last ? messagePreview(last) : CHAT_TEXT.noMessagesYet;
  const own = last !== null && last.senderId === selfId;
  const time = last?.createdAt ?? chat.updatedAt;
  const unread = chat.unreadCount;
  return (
    <a
      className="fm-chat-row"
      href={href}
      aria-current={current ? 'page' : undefined}
      data-unread={unread > 0 ? 'true' : undefined}
      onClick={onClick}
    >
      <ListAvatar
        src={chat.participant.photo}
        alt={name}
        fallback={participantInitials(chat.participant)}
      />
      <span className="fm-chat-row__main">
        <span className="fm-chat-row__line">
          <span className="fm-chat-row__name">{name}</span>
          {/* The row's name is its text (what it shows, in that order), read as "Name, time, …". */}
          <span className="fm-visually-hidden">, </span>
          <time
            className="fm-chat-row__time"
            dateTime={time}
            title={formatMessageDateTime(time, timeZone)}
          >
            {formatListTime(time, timeZone, now)}
          </time>
        </span>
        {chat.participant.company ? (
          <span className="fm-chat-row__company">{chat.participant.company}</span>
        ) : null}
        <span className="fm-chat-row__line">
          <span className="fm-chat-row__preview">
            {own ? <span className="fm-chat-row__you">{CHAT_TEXT.you}</span> : null}
            {preview}
          </span>
          {unread > 0 ? (
            <>
              <span className="fm-chat-row__unread" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
              <span className="fm-visually-hidden">, {CHAT_TEXT.unread(unread)}</span>
            </>
          ) : null}
        </span>
      </span>
    </a>
  );
}
