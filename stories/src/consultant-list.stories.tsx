import type { ConsultantListItem, ConsultantSearchResult } from '@fm/sdk/contracts';
import { type ConsultantFilters, ConsultantListView, emptyConsultantFilters } from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  consultantItem,
  consultantResult,
  longConsultantItem,
  searchFilters,
} from './fixtures/discovery.ts';
import { type ListStoryArgs, ListStoryFrame, useListStoryProps } from './fixtures/list-story.tsx';

interface ConsultantListStoryProps
  extends ListStoryArgs<ConsultantFilters, ConsultantSearchResult> {
  withOptions?: boolean;
}

/** The view with its filters and hearts kept in story state: clicking works, no API is called. */
function ConsultantListStory({ withOptions = true, ...args }: ConsultantListStoryProps) {
  const props = useListStoryProps<ConsultantFilters, ConsultantSearchResult, ConsultantListItem>(
    emptyConsultantFilters(12),
    args,
  );
  return (
    <ListStoryFrame width={args.width} theme={props.theme}>
      <ConsultantListView {...props} options={withOptions ? searchFilters.consultants : null} />
    </ListStoryFrame>
  );
}

/**
 * `<fm-consultant-list>` and the portal's Find Consultants render this view once
 * `GET /api/users?role=consultant` has answered; here every state comes from fixed data.
 */
const meta = {
  title: 'Widgets/Consultant list',
  component: ConsultantListStory,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConsultantListStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const many = Array.from({ length: 12 }, (_, n) => consultantItem(n + 1));

export const Loading: Story = {
  args: { state: { status: 'loading' } },
};

export const Refreshing: Story = {
  name: 'Loading the next page',
  args: {
    state: { status: 'loading', previous: consultantResult(many, 1028) },
    filters: { page: 2 },
  },
};

export const Empty: Story = {
  args: {
    state: { status: 'ready', result: consultantResult([], 0) },
    filters: { industry: ['Pest Control'], region: ['Asia'], rateMax: 10 },
  },
};

export const EmptyFavourites: Story = {
  name: 'Empty favourites',
  args: {
    state: { status: 'ready', result: consultantResult([], 0) },
    filters: { favoritesOnly: true },
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: {
    state: {
      status: 'error',
      message: 'Error fetching consultants: Something went wrong. Please try again.',
    },
  },
};

export const SignIn: Story = {
  name: 'Signed out (401)',
  args: {
    withFavourites: false,
    state: {
      status: 'error',
      message: 'Error fetching consultants: Not signed in',
      signIn: {
        message: 'Sign in to browse consultants',
        href: '/sign-in',
        linkText: 'Log In',
      },
    },
  },
};

export const ManyResults: Story = {
  name: 'Many results',
  args: {
    state: { status: 'ready', result: consultantResult(many, 1028) },
    filters: { page: 6 },
  },
};

export const LongTexts: Story = {
  name: 'Long texts',
  args: {
    state: {
      status: 'ready',
      result: consultantResult([longConsultantItem, ...many.slice(0, 3)], 4),
    },
    filters: {
      q: 'a very long search phrase that goes on and on about franchise consulting',
      industry: ['Advertising & Marketing', 'Automotive', 'Bakery & Bagels'],
    },
  },
};

export const WithoutCounts: Story = {
  name: 'Filters without counts',
  args: { withOptions: false, state: { status: 'ready', result: consultantResult(many, 12) } },
};

export const Narrow: Story = {
  name: 'Narrow (375 px)',
  args: { width: 375, state: { status: 'ready', result: consultantResult(many, 1028) } },
};

export const Dark: Story = {
  name: 'Dark theme',
  args: { theme: 'dark', state: { status: 'ready', result: consultantResult(many, 1028) } },
};
