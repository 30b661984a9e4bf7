import { lazy, type MouseEvent, type ReactNode, Suspense, useId, useRef } from 'react';
import type { WidgetTheme } from '../../theme.ts';
import { useNarrow } from '../list-kit/use-narrow.ts';
// The kit's base (box sizing, buttons, tokens, .fm-visually-hidden) the chat's own styles build
// on, and the modal's.
import restrictedStyles from '../restricted-action/restricted-action.css?inline';
import styles from './chat.css?inline';
import { ChatListView, type ChatListViewProps } from './chat-list-view.tsx';
import type { ChatRestriction } from './chat-ports.ts';
import { CHAT_TEXT } from './chat-text.ts';
import type { ConversationViewProps } from './conversation-view.tsx';

// What shows only after a choice arrives with it: the conversation (messages, composer,
// attachments) once a chat is chosen, the Action Not Available modal once an action is refused.
const ConversationView = /* @__PURE__ */ lazy(() =>
  import('./conversation-view.tsx').then((m) => ({ default: m.ConversationView })),
);
const ChatRestrictionModal = lazy(() =>
  import('./chat-restriction-modal.tsx').then((m) => ({ default: m.ChatRestrictionModal })),
);

export type { ChatRestriction } from './chat-ports.ts';

/** What the layout gives the open conversation: the Back link of the one-pane layout, the clock. */
export interface ConversationFrame {
  /** Where "Back to conversations" leads in the one-pane layout; null beside the list. */
  backHref: string | null;
  onBack?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  now: number;
  timeZone: string;
}

export interface ChatViewProps extends Omit<ChatLayoutProps, 'conversation'> {
  /** The open conversation; null shows "choose a conversation" beside the list. */
  conversation: Omit<ConversationViewProps, keyof ConversationFrame> | null;
}

export interface ChatLayoutProps {
  theme?: WidgetTheme | undefined;
  /** The list pane (its `selectedChatId` also picks the pane shown on narrow screens). */
  list: ChatListViewProps;
  /**
   * Renders the open conversation in its pane (it may suspend while its code loads); null shows
   * "choose a conversation" beside the list.
   */
  conversation: ((frame: ConversationFrame) => ReactNode) | null;
  /** Where "Back to conversations" leads in the one-pane layout. */
  listHref: string;
  onBackToList?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** Set after a 403 SUBSCRIPTION_REQUIRED / PROFILE_INACTIVE: the modal shows. */
  restriction?: ChatRestriction | null | undefined;
  activateHref: string;
  onActivate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  onCloseRestriction?: (() => void) | undefined;
  /** Set when the visitor is not signed in (401): a Log In link instead of the chat. */
  signInHref?: string | null | undefined;
  /** Forces the one-pane layout (stories); otherwise it follows the widget's own width. */
  narrow?: boolean | undefined;
}

/**
 * The chat as a pure view: the list and the open conversation side by side, or one pane at a time
 * when the widget is narrower than the mobile breakpoint (768 px) — the list without a chosen chat,
 * the conversation with a Back link otherwise. Refused actions (rule 11) show the Action Not
 * Available modal; a visitor who is not signed in is invited to log in.
 *
 * @example
 * <ChatView list={listProps} conversation={conversationProps} listHref="/chats"
 *   activateHref="/my-profile/subscription" />
 */
export function ChatView({ conversation, ...layout }: ChatViewProps) {
  return (
    <ChatLayout
      {...layout}
      conversation={
        conversation ? (frame) => <ConversationView {...conversation} {...frame} /> : null
      }
    />
  );
}

/**
 * The chat's frame and panes around a conversation rendered by the caller (`ChatView` renders the
 * view from its props; the `Chat` widget its connected conversation, loaded once a chat is chosen).
 *
 * @example
 * <ChatLayout list={listProps} conversation={(frame) => <Pane {...frame} />} listHref="/chats"
 *   activateHref="/my-profile/subscription" />
 */
export function ChatLayout({
  theme = 'light',
  list,
  conversation,
  listHref,
  onBackToList,
  restriction,
  activateHref,
  onActivate,
  onCloseRestriction,
  signInHref,
  narrow: forcedNarrow,
}: ChatLayoutProps) {
  const root = useRef<HTMLDivElement>(null);
  const measuredNarrow = useNarrow(root);
  const narrow = forcedNarrow ?? measuredNarrow;
  const titleId = useId();
  const selected = list.selectedChatId !== null && conversation !== null;
  const showList = !narrow || !selected;
  const showConversation = !narrow || selected;

  return (
    <div
      ref={root}
      className="fm-ui fm-chat"
      data-theme={theme}
      data-layout={narrow ? 'single' : 'split'}
      data-testid="fm-chat"
    >
      <style>{restrictedStyles + styles}</style>
      {signInHref ? (
        <div className="fm-chat-notice fm-chat__signin">
          <p>{CHAT_TEXT.signIn}</p>
          <a className="fm-btn fm-btn--primary" href={signInHref}>
            {CHAT_TEXT.signInLink}
          </a>
        </div>
      ) : (
        <>
          {showList ? (
            <div className="fm-chat__pane fm-chat__pane--list">
              <ChatListView {...list} />
            </div>
          ) : null}
          {showConversation ? (
            <div className="fm-chat__pane fm-chat__pane--conversation">
              {conversation ? (
                <Suspense fallback={null}>
                  {conversation({
                    backHref: narrow ? listHref : null,
                    onBack: onBackToList,
                    now: list.now,
                    timeZone: list.timeZone,
                  })}
                </Suspense>
              ) : (
                <p className="fm-chat-notice fm-chat__choose">{CHAT_TEXT.chooseChat}</p>
              )}
            </div>
          ) : null}
        </>
      )}
      {restriction ? (
        <Suspense fallback={null}>
          <ChatRestrictionModal
            restriction={restriction}
            titleId={titleId}
            activateHref={activateHref}
            onActivate={onActivate}
            onClose={() => onCloseRestriction?.()}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
