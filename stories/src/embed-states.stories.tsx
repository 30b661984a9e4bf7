import { createClient, memoryTokenStore } from '@fm/sdk';
import { EMBED_TEXT } from '@fm/sdk/contracts';
import {
  CONSULTANT_LIST_TEXT,
  ConsultantListView,
  emptyConsultantFilters,
  type WidgetTheme,
} from '@fm/widgets';
import { type EmbedElement, embedFrame } from '@fm/widgets/elements';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createRef } from 'react';
import { searchFilters } from './fixtures/discovery.ts';
import { ListStoryFrame } from './fixtures/list-story.tsx';

const API = 'https://fm.example/api';

interface EmbedStoryProps {
  /** The refusal the element got from the API, if any. */
  refusal?: 'origin' | 'key' | undefined;
  /** A visitor signed in through the popup (the Log Out bar shows). */
  signedIn?: boolean;
  theme?: WidgetTheme;
}

/**
 * What an element shows around its widget on a partner page (embedFrame, rule 18): the refusal of a
 * key that does not work on this origin, the Log Out bar of a visitor signed in through the
 * popup, and the list's signed-out prompt, whose Log In opens the popup. The element's state is
 * built here from fixed data; nothing reaches an API.
 */
function EmbedStory({ refusal, signedIn = false, theme = 'light' }: EmbedStoryProps) {
  const store = memoryTokenStore();
  if (signedIn) {
    store.set({
      token: 'story-token',
      refreshToken: 'story-refresh',
      user: {
        id: 'franchisor-1',
        email: 'franchisor@example.com',
        firstName: 'Fran',
        lastName: 'Chisor',
        role: 'franchisor',
      },
    });
  }
  const embed: EmbedElement = {
    ref: createRef<HTMLDivElement>(),
    dispatch: () => true,
    entry: {
      client: createClient({ baseUrl: API, tokenStore: store }),
      store,
      baseUrl: API,
      embedKey: 'pk_story',
    },
    userId: signedIn ? 'franchisor-1' : null,
    theme,
    signInUrl: 'https://fm.example/sign-in',
    signIn: undefined,
    signOut: async () => store.clear(),
    report: () => {},
    refusal:
      refusal === 'origin'
        ? { message: EMBED_TEXT.originNotAllowed, code: 'EMBED_ORIGIN_NOT_ALLOWED', status: 403 }
        : refusal === 'key'
          ? { message: EMBED_TEXT.keyInvalid, code: 'EMBED_KEY_INVALID', status: 403 }
          : null,
  };
  const list = (
    <ConsultantListView
      state={
        signedIn
          ? { status: 'loading' }
          : {
              status: 'error',
              message: 'Error fetching consultants: You are not signed in',
              signIn: {
                message: CONSULTANT_LIST_TEXT.signIn,
                href: embed.signInUrl,
                linkText: CONSULTANT_LIST_TEXT.signInLink,
              },
            }
      }
      filters={emptyConsultantFilters(12)}
      onFiltersChange={() => {}}
      options={searchFilters.consultants}
      favourites={null}
      onSelect={() => {}}
      onRetry={() => {}}
      theme={theme}
    />
  );
  return (
    <ListStoryFrame width={undefined} theme={theme}>
      {embedFrame(embed, list, { account: true })}
    </ListStoryFrame>
  );
}

const meta = {
  title: 'Widgets/Embedding (partner pages)',
  component: EmbedStory,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof EmbedStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A signed-out visitor of `<fm-consultant-list embed-key>`: Log In opens the portal's popup. */
export const SignedOutPrompt: Story = { name: 'Signed out: sign-in prompt', args: {} };

/** The page's origin is not one of the key's: the element says so instead of the widget. */
export const RefusedOrigin: Story = { name: 'Refused origin', args: { refusal: 'origin' } };

/** The key is unknown or revoked. */
export const RevokedKey: Story = { name: 'Revoked key', args: { refusal: 'key' } };

/** Signed in through the popup: the Log Out bar (`::part(account)`) above the widget. */
export const SignedIn: Story = { name: 'Signed in: Log Out bar', args: { signedIn: true } };

export const Dark: Story = { args: { refusal: 'origin', theme: 'dark' } };
