import type { Promotion } from '@fm/sdk/contracts';
import { PromotionsView } from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { THEME_ARG_TYPES, widthFrame } from './fixtures/story-frame.tsx';

const promotions: Promotion[] = [
  {
    key: 'early-access-pricing',
    title: 'Early Access Pricing',
    description:
      'Subscribe with the code EARLYACCESS and pay $300 a month for your 12-month term instead of $497.',
  },
  {
    key: 'discovery-day-bundle',
    title: 'Discovery Day Bundle',
    description:
      'Book three 60-minute meetings before your next Discovery Day and the third one is on us.',
  },
  {
    key: 'premium-profile-visibility',
    title: 'Premium Profile Visibility',
    description:
      'Invite 2 fellow consultants to Franchise Meet and your profile is featured at the top of search results for three months.',
  },
];

/**
 * The promotions carousel's states, from fixed data. `<fm-promotions>` and the portal's dashboard
 * render exactly this view once `GET /api/users/promotions` has answered. Hover or focus it to
 * pause the rotation; arrow keys move it while focus is inside; swipe on a touch screen.
 */
const meta = {
  title: 'Widgets/Promotions',
  component: PromotionsView,
  args: { theme: 'light' },
  argTypes: THEME_ARG_TYPES,
  decorators: [widthFrame(720)],
} satisfies Meta<typeof PromotionsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Several: Story = {
  args: { state: { status: 'ready', promotions } },
};

export const One: Story = {
  args: { state: { status: 'ready', promotions: promotions.slice(0, 1) } },
};

export const None: Story = {
  name: 'None (renders nothing)',
  args: { state: { status: 'ready', promotions: [] } },
};

export const Loading: Story = {
  args: { state: { status: 'loading' } },
};

export const ErrorState: Story = {
  name: 'Error',
  args: {
    state: {
      status: 'error',
      message: 'Error fetching promotions: Something went wrong. Please try again.',
    },
  },
};

export const ReducedMotion: Story = {
  name: 'Reduced motion (no rotation, no slide animation)',
  args: { state: { status: 'ready', promotions }, reducedMotion: true },
};

export const Mobile: Story = {
  name: 'Mobile (375 px)',
  args: { state: { status: 'ready', promotions } },
  decorators: [widthFrame(375)],
};

export const Dark: Story = {
  name: 'Dark theme',
  args: { theme: 'dark', state: { status: 'ready', promotions } },
  globals: { backgrounds: { value: 'dark' } },
};
