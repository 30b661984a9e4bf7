import type { Notification } from '@fm/sdk/contracts';
import { INITIAL_NOTIFICATIONS, type NotificationsState, NotificationsView } from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { THEME_ARG_TYPES } from './fixtures/story-frame.tsx';

const NOW = new Date('2026-11-25T15:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const notifications: Notification[] = [
  {
    id: 'n1',
    type: 'booked',
    message: 'Dana Brooks booked a meeting on Tue, Dec 1, 10:00 AM',
    link: '/bookings/m1',
    isRead: false,
    createdAt: ago(0.5),
    avatar: null,
    firstName: 'Dana',
    lastName: 'Brooks',
  },
  {
    id: 'n2',
    type: 'message',
    message: 'New message from Sam Patel: "Can we move our call to Thursday?"',
    link: '/chats/c1',
    isRead: false,
    createdAt: ago(42),
    avatar: null,
    firstName: 'Sam',
    lastName: 'Patel',
  },
  {
    id: 'n3',
    type: 'payment',
    message: 'Your card was charged $50.00 for the meeting of Nov 20.',
    link: '/my-profile/payments',
    isRead: true,
    createdAt: ago(60 * 26),
    avatar: null,
    firstName: null,
    lastName: null,
  },
  {
    id: 'n4',
    type: 'declined',
    message: 'Lee Chen declined the meeting on Mon, Nov 16, 2:00 PM',
    link: '/bookings/m4',
    isRead: true,
    createdAt: ago(60 * 24 * 9),
    avatar: null,
    firstName: 'Lee',
    lastName: 'Chen',
  },
];

const state = (overrides: Partial<NotificationsState>): NotificationsState => ({
  ...INITIAL_NOTIFICATIONS,
  ...overrides,
});

/**
 * The bell and its notifications panel, from fixed data: `<fm-notifications>` and the portal's
 * header render exactly this view (the panel is open in every story). New notifications arrive
 * live from the user's realtime room; the badge follows the unread count.
 */
const meta = {
  title: 'Widgets/Notifications',
  component: NotificationsView,
  args: {
    open: true,
    theme: 'light',
    now: NOW,
    onOpenChange: fn(),
    onChoose: fn(),
    onMarkAllRead: fn(),
    onLoadMore: fn(),
    onRetry: fn(),
  },
  argTypes: THEME_ARG_TYPES,
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', width: 420, minHeight: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NotificationsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  args: { state: state({ page: 1 }) },
};

export const Unread: Story = {
  args: { state: state({ items: notifications, total: 4, unreadCount: 2, page: 1 }) },
};

export const AllRead: Story = {
  name: 'All read',
  args: {
    state: state({
      items: notifications.map((n) => ({ ...n, isRead: true })),
      total: 4,
      unreadCount: 0,
      page: 1,
    }),
  },
};

export const SignedOut: Story = {
  name: 'Signed out (a brand page)',
  args: { state: state({ page: 1 }), signInHref: '/embed/sign-in' },
};

export const Loading: Story = {
  args: { state: state({ loading: true }) },
};

export const ErrorState: Story = {
  name: 'Error',
  args: {
    state: state({
      error: 'Error fetching notifications: Something went wrong. Please try again.',
    }),
  },
};

export const Paged: Story = {
  name: 'Paged (more to load)',
  args: {
    state: state({ items: notifications, total: 23, unreadCount: 14, page: 1 }),
  },
};

export const LoadingNextPage: Story = {
  name: 'Loading the next page',
  args: {
    state: state({ items: notifications, total: 23, unreadCount: 14, page: 1, loading: true }),
  },
};

export const ManyUnread: Story = {
  name: 'Badge over 99',
  args: { open: false, state: state({ items: notifications, total: 140, unreadCount: 128 }) },
};

export const Drawer: Story = {
  name: 'Drawer (small screens)',
  args: { drawer: true, state: state({ items: notifications, total: 4, unreadCount: 2, page: 1 }) },
};

export const Dark: Story = {
  args: {
    theme: 'dark',
    state: state({ items: notifications, total: 4, unreadCount: 2, page: 1 }),
  },
};
