import type { ConsultantListItem, ConsultantSearchResult } from '@fm/sdk/contracts';
import {
  type ConsultantFavourites,
  type ConsultantFilters,
  ConsultantListView,
  emptyConsultantFilters,
  type ListState,
  type WidgetTheme,
} from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import {
  consultantItem,
  consultantResult,
  longConsultantItem,
  searchFilters,
} from './fixtures/discovery.ts';
import { ListStoryFrame, useStoryFavourites } from './fixtures/list-story.tsx';

interface ConsultantListStoryProps {
  state: ListState<ConsultantSearchResult>;
  filters?: Partial<ConsultantFilters>;
  withFavourites?: boolean;
  withOptions?: boolean;
  theme?: WidgetTheme;
  /** The width of the box the list sits in (375 shows the narrow layout). */
  width?: number;
}

/** The view with its filters and hearts kept in story state: clicking works, no API is called. */
function ConsultantListStory({
  state,
  filters: initial,
  withFavourites = true,
  withOptions = true,
  theme = 'light',
  width,
}: ConsultantListStoryProps) {
  const [filters, setFilters] = useState<ConsultantFilters>({
    ...emptyConsultantFilters(12),
    ...initial,
  });
  const favourites: ConsultantFavourites = useStoryFavourites<ConsultantListItem>();
  return (
    <ListStoryFrame width={width} theme={theme}>
      <ConsultantListView
        state={state}
        filters={filters}
        onFiltersChange={setFilters}
        options={withOptions ? searchFilters.consultants : null}
        favourites={withFavourites ? favourites : null}
        onSelect={() => {}}
        onRetry={() => {}}
        theme={theme}
      />
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
