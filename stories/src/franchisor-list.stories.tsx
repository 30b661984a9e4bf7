import type { AiMatch, FranchisorListItem } from '@fm/sdk/contracts';
import {
  emptyFranchisorFilters,
  FRANCHISOR_LIST_TEXT,
  type FranchisorFilters,
  type FranchisorListResult,
  FranchisorListView,
} from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  franchisorItem,
  franchisorResult,
  longFranchisorItem,
  searchFilters,
} from './fixtures/discovery.ts';
import { type ListStoryArgs, ListStoryFrame, useListStoryProps } from './fixtures/list-story.tsx';

interface FranchisorListStoryProps extends ListStoryArgs<FranchisorFilters, FranchisorListResult> {
  aiSearch?: boolean;
}

/** The view with its filters and hearts kept in story state: clicking works, no API is called. */
function FranchisorListStory({ aiSearch = false, ...args }: FranchisorListStoryProps) {
  const props = useListStoryProps<FranchisorFilters, FranchisorListResult, FranchisorListItem>(
    emptyFranchisorFilters(12),
    args,
  );
  return (
    <ListStoryFrame width={args.width} theme={props.theme}>
      <FranchisorListView {...props} options={searchFilters.franchisors} aiSearch={aiSearch} />
    </ListStoryFrame>
  );
}

/**
 * The portal's Find Franchisors renders this view once `GET /api/users?role=franchisor` has
 * answered; here every state comes from fixed data.
 */
const meta = {
  title: 'Widgets/Franchisor list',
  component: FranchisorListStory,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FranchisorListStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const many = Array.from({ length: 12 }, (_, n) => franchisorItem(n + 1));

export const Loading: Story = {
  args: { state: { status: 'loading' } },
};

export const Empty: Story = {
  args: {
    state: { status: 'ready', result: franchisorResult([], 0) },
    filters: { investment: 'lt200k', country: 'Canada', state: ['NU'], b2b: true },
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: {
    state: {
      status: 'error',
      message: 'Error fetching franchisors: Something went wrong. Please try again.',
    },
  },
};

/** What `<fm-franchisor-list>` shows a signed-out visitor; with an embed key its link opens the popup. */
export const SignIn: Story = {
  name: 'Signed out (401)',
  args: {
    withFavourites: false,
    state: {
      status: 'error',
      message: 'Error fetching franchisors: You are not signed in',
      signIn: {
        message: FRANCHISOR_LIST_TEXT.signIn,
        href: '/sign-in',
        linkText: FRANCHISOR_LIST_TEXT.signInLink,
      },
    },
  },
};

export const ManyResults: Story = {
  name: 'Many results',
  args: { state: { status: 'ready', result: franchisorResult(many, 120) }, filters: { page: 3 } },
};

export const CashRequired: Story = {
  name: 'Cash required between two amounts',
  args: {
    state: { status: 'ready', result: franchisorResult(many.slice(0, 4), 4) },
    filters: { cashMode: 'range', cashMin: 50_000, cashMax: 150_000, country: 'USA' },
  },
};

export const LongTexts: Story = {
  name: 'Long texts',
  args: {
    state: {
      status: 'ready',
      result: franchisorResult([longFranchisorItem, ...many.slice(0, 3)], 4),
    },
  },
};

export const Narrow: Story = {
  name: 'Narrow (375 px)',
  args: { width: 375, state: { status: 'ready', result: franchisorResult(many, 120) } },
};

export const Dark: Story = {
  name: 'Dark theme',
  args: { theme: 'dark', state: { status: 'ready', result: franchisorResult(many, 120) } },
};

const sentence = 'home-based senior care under $150k in Texas';
const aiMatches: AiMatch[] = [
  { kind: 'category', text: 'senior care', value: 'Senior Care' },
  { kind: 'state', text: 'Texas', value: 'TX' },
  { kind: 'investment', text: 'under $150k', value: '≤ $150,000' },
  { kind: 'flag', text: 'home-based', value: 'homeBased' },
];
const ranked = many.slice(0, 4);

export const AiSearchOffered: Story = {
  name: 'AI search offered (signed-in consultant)',
  args: { aiSearch: true, state: { status: 'ready', result: franchisorResult(many, 120) } },
};

export const AiSearchAnswered: Story = {
  name: 'AI search: what was understood, and what each brand matched',
  args: {
    aiSearch: true,
    filters: { ai: sentence },
    state: {
      status: 'ready',
      result: {
        ...franchisorResult(ranked, 87),
        ai: {
          query: sentence,
          interpretation: {
            categories: ['Senior Care'],
            states: ['TX'],
            country: null,
            investmentMin: null,
            investmentMax: 150_000,
            flags: ['homeBased'],
            terms: [],
          },
          matched: Object.fromEntries(
            ranked.map((item, n) => [item.id, aiMatches.slice(n === 0 ? 0 : 1)]),
          ),
        },
      },
    },
  },
};

export const AiSearchLoading: Story = {
  name: 'AI search: reading the request',
  args: { aiSearch: true, filters: { ai: sentence }, state: { status: 'loading' } },
};
