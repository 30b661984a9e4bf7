import { UI_TEXT } from '@fm/sdk/contracts';
import {
  ActionNotAvailableDialog,
  type ActionNotAvailableDialogProps,
  RESTRICTED_ACTION_TEXT,
  StartBookingCallsBanner,
  type StartBookingCallsBannerProps,
} from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { THEME_ARG_TYPES, widthFrame } from './fixtures/story-frame.tsx';

/**
 * The restricted-action pieces (user-area §2, §4; rule 11): the Start Booking Calls banner that the
 * consultants and bookings lists show to a franchisor without an active subscription, the Action
 * Not Available modal that follows a 403 from the API, and the subscription-required modal
 * (the same dialog with the subscription's title and text).
 */
const meta = {
  title: 'Widgets/Booking banners',
  component: StartBookingCallsBanner,
  args: { activateHref: '/my-profile/subscription', theme: 'light' },
  argTypes: THEME_ARG_TYPES,
  decorators: [widthFrame(960, 16)],
} satisfies Meta<typeof StartBookingCallsBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StartBookingCalls: Story = {
  name: 'Start Booking Calls banner',
};

export const StartBookingCallsNarrow: Story = {
  name: 'Start Booking Calls banner (375 px)',
  decorators: [widthFrame(375)],
};

export const StartBookingCallsDark: Story = {
  name: 'Start Booking Calls banner (dark)',
  args: { theme: 'dark' },
  decorators: [
    (Story) => (
      <div style={{ background: '#0f1218', padding: 16 }}>
        <Story />
      </div>
    ),
  ],
};

/** The restricted-action dialog, open in the story's theme; `texts` replace the spec's own. */
function openDialog(
  texts: Pick<ActionNotAvailableDialogProps, 'title' | 'message' | 'closeLabel'>,
) {
  return (args: StartBookingCallsBannerProps) => (
    <ActionNotAvailableDialog
      open
      theme={args.theme}
      activateHref={args.activateHref}
      onClose={() => {}}
      {...texts}
    />
  );
}

export const ActionNotAvailable: Story = {
  name: 'Action Not Available modal',
  render: openDialog({}),
};

export const SubscriptionRequired: Story = {
  name: 'Subscription-required modal',
  render: openDialog({
    title: UI_TEXT.startBookingCalls,
    message: RESTRICTED_ACTION_TEXT.subscriptionRequired,
    closeLabel: RESTRICTED_ACTION_TEXT.notNow,
  }),
};
