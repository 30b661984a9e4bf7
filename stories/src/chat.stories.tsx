import { createClient } from '@fm/sdk';
import type { ChatAttachment, ChatMessage } from '@fm/sdk/contracts';
import {
  Chat,
  type ChatListViewState,
  type ChatRestriction,
  type ChatSource,
  ChatView,
  type ComposerAction,
  type ComposerState,
  type ConversationAction,
  type ConversationState,
  composerReducer,
  conversationReducer,
  createAttachmentLoader,
  EMPTY_COMPOSER,
  initialConversation,
  type WidgetTheme,
} from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useMemo, useReducer, useState } from 'react';
import {
  chats,
  detail,
  documentAttachment,
  imageAttachment,
  longConversation,
  message,
  NOW,
  readUpToHourAgo,
  SELF_ID,
  ZONE,
} from './fixtures/chats.ts';
import { THEME_ARG_TYPES } from './fixtures/story-frame.tsx';

/**
 * The chat's states (user-area §2, §7; rules 11 and 13), from fixed data: a fixed "now" (Tuesday
 * 10 March 2026, 11:00 New York) and conversations made up here, never a live API. The views run
 * with the widget's own reducers, so typing, picking files and sending work in every story.
 */

const conversationThrough = (...actions: ConversationAction[]): ConversationState =>
  actions.reduce(conversationReducer, initialConversation('chat-1'));
const composerThrough = (...actions: ComposerAction[]): ComposerState =>
  actions.reduce(composerReducer, EMPTY_COMPOSER);

interface ChatStoryProps {
  list: ChatListViewState;
  /** The open conversation; null shows the list only (with "choose a conversation"). */
  conversation: ConversationState | null;
  composer?: ComposerState;
  restriction?: ChatRestriction | null;
  narrow?: boolean;
  theme?: WidgetTheme;
}

/** The pure view with the conversation and composer reducers running. */
function ChatStory({
  list,
  conversation: initialConversationState,
  composer: initialComposer = EMPTY_COMPOSER,
  restriction: initialRestriction = null,
  narrow,
  theme = 'light',
}: ChatStoryProps) {
  const [query, setQuery] = useState('');
  const [conversation, dispatch] = useReducer(
    conversationReducer,
    initialConversationState ?? initialConversation('chat-1'),
  );
  const [composer, compose] = useReducer(composerReducer, initialComposer);
  const [restriction, setRestriction] = useState(initialRestriction);
  const [open, setOpen] = useState(initialConversationState !== null);
  const attachments = useMemo(
    () => createAttachmentLoader(() => Promise.reject(new Error('stories use data URLs'))),
    [],
  );
  return (
    <ChatView
      theme={theme}
      narrow={narrow}
      list={{
        state: list,
        selfId: SELF_ID,
        selectedChatId: open ? 'chat-1' : null,
        query,
        onQuery: setQuery,
        chatHref: (id) => `#${id}`,
        onSelect: (_id, event) => {
          event.preventDefault();
          setOpen(true);
        },
        onRetry: () => {},
        now: NOW,
        timeZone: ZONE,
      }}
      conversation={
        open
          ? {
              state: conversation,
              selfId: SELF_ID,
              composer: {
                state: composer,
                onText: (text) => compose({ type: 'textChanged', text }),
                onFiles: (files) =>
                  compose({
                    type: 'filesAdded',
                    files: files.map((file, i) => ({
                      localId: `${file.name}-${i}-${file.size}`,
                      name: file.name,
                      size: file.size,
                      mime: file.type,
                    })),
                  }),
                onRemoveFile: (localId) => compose({ type: 'removed', localId }),
                onSend: () => {
                  dispatch({
                    type: 'sendStarted',
                    pending: {
                      clientId: `local-${Date.now()}`,
                      text: composer.text.trim(),
                      attachments: [],
                      createdAt: new Date(NOW).toISOString(),
                      status: 'sending',
                      error: null,
                    },
                  });
                  compose({ type: 'sent' });
                },
              },
              profileHref: '#consultants/consultant-1',
              onLoadEarlier: () => dispatch({ type: 'earlierStarted' }),
              onRetrySend: (clientId) => dispatch({ type: 'retried', clientId }),
              onDiscard: (clientId) => dispatch({ type: 'discarded', clientId }),
              attachments,
            }
          : null
      }
      listHref="#"
      onBackToList={(event) => {
        event.preventDefault();
        setOpen(false);
      }}
      restriction={restriction}
      activateHref="#my-profile/subscription"
      onCloseRestriction={() => setRestriction(null)}
    />
  );
}

const meta = {
  title: 'Widgets/Chat',
  component: ChatStory,
  args: { theme: 'light' },
  argTypes: THEME_ARG_TYPES,
} satisfies Meta<typeof ChatStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const ready: ChatListViewState = { status: 'ready', chats };
const loaded = (
  messages: ChatMessage[],
  readAt: string | null = null,
  cursor: string | null = null,
) =>
  conversationThrough({
    type: 'loaded',
    detail: detail(messages, { participantLastReadAt: readAt, nextCursor: cursor }),
  });

export const ListLoading: Story = {
  name: 'List: loading',
  args: { list: { status: 'loading' }, conversation: null },
};

export const ListEmpty: Story = {
  name: 'List: no conversations',
  args: { list: { status: 'ready', chats: [] }, conversation: null },
};

export const ListError: Story = {
  name: 'List: failed to load',
  args: {
    list: {
      status: 'error',
      message: 'Error fetching chats: Something went wrong. Please try again.',
    },
    conversation: null,
  },
};

export const ListWithUnread: Story = {
  name: 'List: with unread messages',
  args: { list: ready, conversation: null },
};

export const ConversationLoading: Story = {
  name: 'Conversation: loading',
  args: { list: ready, conversation: initialConversation('chat-1') },
};

export const ConversationEmpty: Story = {
  name: 'Conversation: no messages yet',
  args: { list: ready, conversation: loaded([]) },
};

export const LongConversation: Story = {
  name: 'Conversation: long, with day separators and Load earlier',
  args: { list: ready, conversation: loaded(longConversation, readUpToHourAgo, 'cursor-older') },
};

export const ReadTicks: Story = {
  name: 'Conversation: read ticks',
  args: {
    list: ready,
    conversation: loaded(
      [
        message('me', 'Did you get a chance to look at the territory?', 90),
        message('them', 'Yes! It looks promising.', 80),
        message('me', 'Great — read by Dana (two ticks).', 70),
        message('me', 'Sent, not read yet (one tick).', 5),
      ],
      new Date(NOW - 60 * 60_000).toISOString(),
    ),
  },
};

export const Attachments: Story = {
  name: 'Conversation: image and document',
  args: {
    list: ready,
    conversation: loaded([
      message('them', 'Here is the storefront we discussed.', 40, [imageAttachment]),
      message('me', 'And the FDD.', 30, [documentAttachment]),
      message('them', '', 20, [imageAttachment, { ...documentAttachment, id: 'doc-2' }]),
    ]),
  },
};

const uploadedFile: ChatAttachment = { ...documentAttachment, id: 'up-1', name: 'notes.pdf' };
export const UploadInProgress: Story = {
  name: 'Composer: uploads in progress',
  args: {
    list: ready,
    conversation: loaded(longConversation.slice(-3)),
    composer: composerThrough(
      { type: 'textChanged', text: 'Here are the documents' },
      {
        type: 'filesAdded',
        files: [
          {
            localId: 'a',
            name: 'Item 19 financials.xlsx',
            size: 845_000,
            mime: 'application/vnd.ms-excel',
          },
          { localId: 'b', name: 'notes.pdf', size: 120_000, mime: 'application/pdf' },
          { localId: 'c', name: 'site-video.mov', size: 80 * 1024 * 1024, mime: 'video/quicktime' },
        ],
      },
      { type: 'progress', localId: 'a', fraction: 0.42 },
      { type: 'uploaded', localId: 'b', attachment: uploadedFile },
    ),
  },
};

export const SendFailed: Story = {
  name: 'Conversation: send failed',
  args: {
    list: ready,
    conversation: conversationThrough(
      { type: 'loaded', detail: detail(longConversation.slice(-4)) },
      {
        type: 'sendStarted',
        pending: {
          clientId: 'local-1',
          text: 'Are you free Thursday at 3?',
          attachments: [],
          createdAt: new Date(NOW - 60_000).toISOString(),
          status: 'sending',
          error: null,
        },
      },
      {
        type: 'sendFailed',
        clientId: 'local-1',
        message: 'Error sending message: Unknown error occurred',
      },
      {
        type: 'sendStarted',
        pending: {
          clientId: 'local-2',
          text: 'Still sending…',
          attachments: [],
          createdAt: new Date(NOW).toISOString(),
          status: 'sending',
          error: null,
        },
      },
    ),
  },
};

export const Restricted: Story = {
  name: 'Action Not Available (rule 11)',
  args: {
    list: ready,
    conversation: loaded(longConversation.slice(-3)),
    restriction: 'SUBSCRIPTION_REQUIRED',
  },
};

/** A phone's width (390 px): the widget measures itself and shows one pane. */
function mobileWidth(Story: () => ReactNode) {
  return (
    <div style={{ width: 390 }}>
      <Story />
    </div>
  );
}

export const MobileList: Story = {
  name: 'Mobile width: list',
  args: { list: ready, conversation: null, narrow: true },
  decorators: [mobileWidth],
};

export const MobileConversation: Story = {
  name: 'Mobile width: conversation',
  args: { list: ready, conversation: loaded(longConversation, readUpToHourAgo), narrow: true },
  decorators: [mobileWidth],
};

export const Dark: Story = {
  name: 'Dark theme',
  args: { list: ready, conversation: loaded(longConversation, readUpToHourAgo), theme: 'dark' },
};

/** A fixture source: answers at once, uploads in ten steps, sends after a short delay. */
function fixtureSource(): ChatSource {
  const messages = [...longConversation];
  return {
    list: async () => ({ total: chats.length, page: 1, limit: 20, data: chats }),
    get: async (chatId) => ({
      ...detail(messages, { participantLastReadAt: readUpToHourAgo }),
      chat: { ...detail([]).chat, id: chatId },
    }),
    create: async () => {
      const first = chats[0];
      if (!first) throw new Error('no fixture chat');
      return first;
    },
    send: (chatId, input) =>
      new Promise((resolve) =>
        setTimeout(() => {
          const sent: ChatMessage = {
            id: `sent-${Date.now()}`,
            chatId,
            senderId: SELF_ID,
            text: input.text ?? '',
            attachments: [],
            createdAt: new Date().toISOString(),
          };
          messages.push(sent);
          resolve(sent);
        }, 400),
      ),
    markRead: async () => ({ unreadCount: 0 }),
    upload: (file, { onProgress }) =>
      new Promise((resolve) => {
        let step = 0;
        const timer = setInterval(() => {
          step += 1;
          onProgress(step / 10);
          if (step < 10) return;
          clearInterval(timer);
          resolve({
            id: `upload-${Date.now()}`,
            kind: file.type.startsWith('image/') ? 'image' : 'document',
            url: URL.createObjectURL(file),
            name: file.name,
            mime: file.type,
            size: file.size,
          });
        }, 200);
      }),
    fetchAttachment: async () => new Blob(),
  };
}

/** The connected widget over a fixture source: send, attach and search work. */
function InteractiveChat({ theme }: { theme?: WidgetTheme }) {
  const source = useMemo(fixtureSource, []);
  // The widget reads only `source` here; the client is never called (no API in stories).
  const client = useMemo(() => createClient({ baseUrl: '/api' }), []);
  return (
    <Chat
      client={client}
      source={source}
      selfId={SELF_ID}
      chatId="chat-1"
      theme={theme}
      activateHref="#my-profile/subscription"
      signInHref="#sign-in"
      profileHref={(p) => `#consultants/${p.id}`}
      timeZone={ZONE}
      pollMs={0}
    />
  );
}

export const Interactive: StoryObj<typeof InteractiveChat> = {
  name: 'Interactive (fixture API)',
  render: (args) => <InteractiveChat {...args} />,
  args: { theme: 'light' },
};
