import { RESCHEDULE_RULES, type RescheduleRequest, type Slot } from '@fm/sdk/contracts';
import {
  RescheduleDialogView,
  type RescheduleDialogViewProps,
  RescheduleHistoryList,
  RescheduleProposal,
} from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { widthFrame } from './fixtures/story-frame.tsx';

/**
 * Rescheduling (rule 20): the "propose new times" dialog in each of its states, the open proposal
 * as the other side (Accept per time, Decline) and as the side that proposed (waiting), and the
 * history the admin's booking detail shows.
 */
const ZONE = 'America/New_York';
const CURRENT = '2026-03-03T15:00:00.000Z';
/** Wednesday 4 March, 9:00 to 12:00 New York, hour-long meetings every quarter hour. */
const SLOTS: Slot[] = Array.from({ length: 9 }, (_, k) => {
  const start = Date.parse('2026-03-04T14:00:00.000Z') + k * 15 * 60_000;
  return {
    start: new Date(start).toISOString(),
    end: new Date(start + 60 * 60_000).toISOString(),
  };
});
const at = (k: number) => SLOTS[k]?.start ?? CURRENT;

const noop = () => {};
const meta = {
  title: 'Widgets/Reschedule',
  component: RescheduleDialogView,
  args: {
    open: true,
    onOpenChange: noop,
    timeZone: ZONE,
    currentStart: CURRENT,
    date: '2026-03-04',
    minDate: '2026-03-02',
    onDateChange: noop,
    slots: { status: 'ready', slots: SLOTS },
    chosen: [],
    onChosenChange: noop,
    onSend: noop,
  },
} satisfies Meta<typeof RescheduleDialogView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { slots: { status: 'loading' } } };
export const Slots: Story = {};
export const OneChosen: Story = { name: 'One time chosen', args: { chosen: [at(4)] } };
export const ThreeChosen: Story = {
  name: 'Three times chosen (the rest disabled)',
  args: { chosen: [at(0), at(4), at(8)] },
};
export const NoSlots: Story = {
  name: 'No open times that day',
  args: { date: '2026-03-07', slots: { status: 'ready', slots: [] } },
};
export const SlotsFailed: Story = {
  name: 'Slots failed to load',
  args: { slots: { status: 'error', message: 'Error fetching available slots: Network error' } },
};
export const Sending: Story = { args: { chosen: [at(4)], busy: true } };
export const SendFailed: Story = {
  name: 'Sending failed (time taken)',
  args: { chosen: [at(4)], error: 'This time slot has just been taken' },
};
export const LimitReached: Story = {
  name: 'Refused: moved three times already',
  args: { chosen: [at(4)], error: RESCHEDULE_RULES.limitReached },
};
export const Phone: Story = {
  name: 'Two times chosen (375 px)',
  args: { chosen: [at(1), at(5)] } satisfies Partial<RescheduleDialogViewProps>,
  decorators: [widthFrame(375)],
};

const REQUEST: RescheduleRequest = {
  id: 'r1',
  meetingId: 'm1',
  proposedById: 'u1',
  proposedBy: 'franchisor',
  starts: [at(0), at(4), at(8)],
  status: 'open',
  acceptedStart: null,
  decidedAt: null,
  createdAt: '2026-03-02T12:00:00.000Z',
};

/** The open proposal as `viewer` sees it, in a frame `width` pixels wide. */
const proposalStory = (
  name: string,
  viewer: 'consultant' | 'franchisor',
  width: number,
  busy = false,
): Story => ({
  name,
  render: () => (
    <RescheduleProposal
      request={REQUEST}
      viewer={viewer}
      timeZone={ZONE}
      onAccept={noop}
      onDecline={noop}
      busy={busy}
    />
  ),
  decorators: [widthFrame(width, 16)],
});

export const ProposalToAnswer = proposalStory(
  'Open proposal, as the other side',
  'consultant',
  720,
);
export const ProposalAnswering = proposalStory(
  'Open proposal, answer being sent (375 px)',
  'consultant',
  375,
  true,
);
export const ProposalWaiting = proposalStory(
  'Open proposal, as the side that proposed',
  'franchisor',
  720,
);

export const History: Story = {
  name: 'Reschedule history',
  render: () => (
    <RescheduleHistoryList
      timeZone="UTC"
      requests={[
        { ...REQUEST, id: 'r3', status: 'declined', decidedAt: '2026-03-02T14:00:00.000Z' },
        {
          ...REQUEST,
          id: 'r2',
          proposedBy: 'consultant',
          starts: [at(2)],
          status: 'accepted',
          acceptedStart: at(2),
          decidedAt: '2026-03-02T13:00:00.000Z',
        },
      ]}
    />
  ),
  decorators: [widthFrame(720, 16)],
};

export const EmptyHistory: Story = {
  name: 'Reschedule history (none)',
  render: () => <RescheduleHistoryList requests={[]} />,
};
